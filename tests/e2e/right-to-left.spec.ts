// The layout in start and end (issue 44, item 6): turned right to left as a right-to-left language's pages would be
// (no catalog is one yet, so the journey sets `dir` itself), the home, a business page and the map mirror, with the
// screenshots to look at, while the owners' own words (an offer's, a description) keep their direction (dir="auto");
// and the French event page with its French head and calendar, and the French news feed.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { DEMO_URL, E2E_PORT } from "./env.ts";
import { shoot } from "./screenshots.ts";
import { DEMO_SITE_FRENCH } from "#server/demo/seed.ts";

test.use({ baseURL: DEMO_URL });

async function rightToLeft(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.evaluate(() => (document.documentElement.dir = "rtl"));
}

const box = async (page: Page, locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!;

/** Whether `text`, inside the element, shows its first character left of its last, as it is written. */
function readsInOrder(element: Locator, text: string) {
  return element.evaluate((node, wanted) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    let found = walker.nextNode();
    while (found && !found.textContent!.includes(wanted)) found = walker.nextNode();
    if (!found) throw new Error(`no text node with ${wanted}`);
    const start = found.textContent!.indexOf(wanted);
    const at = (index: number) => {
      const span = document.createRange();
      span.setStart(found, index);
      span.setEnd(found, index + 1);
      return span.getBoundingClientRect().x;
    };
    return at(start) < at(start + wanted.length - 1);
  }, text);
}

test("pages mirror right to left, and the French event page and feeds are French", async ({ page }) => {
  test.setTimeout(120_000);
  // The French home: the association's name and tagline as translated in Site settings, in the header, hero and footer.
  await page.goto("/fr");
  await expect(page.getByRole("banner").getByRole("link", { name: DEMO_SITE_FRENCH.associationName })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: DEMO_SITE_FRENCH.tagline })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(DEMO_SITE_FRENCH.associationName);
  await expect(page).toHaveTitle(DEMO_SITE_FRENCH.associationName);
  await shoot(page, "home-fr-site-texts");

  await rightToLeft(page, "/");
  // The header's search: its button at the start of the line, now the left, and the box after it.
  const search = page.getByRole("banner").getByRole("search");
  if (await search.isVisible()) {
    const field = await box(page, search.getByRole("combobox"));
    const button = await box(page, search.getByRole("button", { name: "Search" }));
    expect(button.x).toBeLessThan(field.x);
  }
  // The slideshow's controls sit at its end: the left.
  const controls = page.getByRole("group", { name: "Slideshow controls" });
  if (await controls.count()) {
    const hero = await box(page, page.getByRole("region", { name: "Downtown photos" }));
    expect((await box(page, controls)).x).toBeLessThan(hero.x + hero.width / 2);
  }
  await shoot(page, "home-rtl");

  const businesses = (await (await page.request.get("/api/v1/businesses")).json()) as Array<{ id: string; openingHours: unknown; phone: string | null }>;
  const business = businesses.find((b) => b.openingHours && b.phone) ?? businesses.find((b) => b.phone)!;
  await rightToLeft(page, `/business/${business.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Each opening-hours range reads in its order, opening time first (at the left), not "18:00–07:00".
  const hoursTable = page.getByRole("table", { name: "Opening hours by day of the week" });
  if (await hoursTable.count()) {
    const order = await hoursTable.locator("td", { hasText: "–" }).first().evaluate((cell) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      let text = walker.nextNode();
      while (text && !text.textContent!.includes("–")) text = walker.nextNode();
      const whole = text!.textContent!;
      const [open, close] = whole.split("–") as [string, string];
      const at = (from: number, to: number) => {
        const span = document.createRange();
        span.setStart(text!, from);
        span.setEnd(text!, to);
        return span.getBoundingClientRect().x;
      };
      return { open: at(0, open.length), close: at(open.length + 1, open.length + 1 + close.length), text: whole };
    });
    expect(order.open, `${order.text} reads opening time first`).toBeLessThan(order.close);
  }
  // The phone number reads as written, its first character at the left ("(905) 555-0107", not "555-0107 (905)").
  {
    const ends = await page.locator('a[href^="tel:"]').first().evaluate((link) => {
      const text = link.firstChild as Text;
      const whole = text.textContent!;
      const at = (index: number) => {
        const span = document.createRange();
        span.setStart(text, index);
        span.setEnd(text, index + 1);
        return span.getBoundingClientRect().x;
      };
      return { first: at(0), last: at(whole.length - 1), text: whole };
    });
    expect(ends.first, `${ends.text} reads from its first character`).toBeLessThan(ends.last);
  }
  // The owner's description starts at its own side: an English one at the left.
  const description = page.getByRole("main").locator('p[dir="auto"]').last();
  if (await description.count()) expect(await description.evaluate((p) => getComputedStyle(p).direction)).toBe("ltr");
  await shoot(page, "business-rtl");
  // The photo lightbox: the left arrow goes to the next photo right to left.
  const photos = page.getByRole("region", { name: "Photos" }).getByRole("button", { name: /^Open photo 1 of \d+/ });
  if (await photos.count()) {
    await photos.click();
    const lightbox = page.getByRole("dialog");
    await expect(lightbox).toContainText("(1 of");
    await page.keyboard.press("ArrowLeft");
    await expect(lightbox).toContainText("(2 of");
    await page.keyboard.press("Escape");
  }

  // An offer's value inside its sentence keeps its own order: "$10 Off", not "Off $10".
  await rightToLeft(page, "/offers");
  const value = page.getByRole("article").filter({ hasText: "$10 Off" }).getByText(/^Value: /);
  await expect(value).toBeVisible();
  expect(await readsInOrder(value, "$10 Off"), "the value reads from its first character").toBe(true);
  // An owner's words take their own direction: the offer "$10 off any order over $50" reads as written, not
  // "off any order over $50 $10".
  const diner = page.getByRole("article").filter({ hasText: "$10 Off" });
  const words = diner.getByText("$10 off any order over $50", { exact: true });
  await expect(words).toHaveAttribute("dir", "auto");
  expect(await readsInOrder(words, "$10 off any order over $50"), "the offer's words read from their first character").toBe(true);
  await shoot(page, "offers-rtl");
  const offerHref = (await diner.getByRole("heading").getByRole("link").getAttribute("href"))!;
  await rightToLeft(page, offerHref);
  const offerWords = page.getByRole("main").getByText("$10 off any order over $50", { exact: true });
  await expect(offerWords).toBeVisible();
  expect(await readsInOrder(offerWords, "$10 off any order over $50"), "the offer page's words read from their first character").toBe(true);
  await shoot(page, "offer-rtl");

  await rightToLeft(page, "/map");
  await expect(page.getByRole("heading", { level: 1, name: "Map" })).toBeVisible();
  // The "Open now" switch's knob starts at the right.
  await shoot(page, "map-rtl");

  // The French event page: its title and calendar in French, the calendar at its French address.
  await page.evaluate(() => (document.documentElement.dir = "ltr"));
  await page.goto("/fr/events");
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/fr\/events\/[A-Za-z0-9]+/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const calendar = page.locator('link[rel="alternate"][type="text/calendar"]');
  await expect(calendar).toHaveAttribute("title", / \(calendrier\)$/);
  await expect(calendar).toHaveAttribute("href", /^\/fr\/events\/[A-Za-z0-9]+\.ics$/);
  const ics = await page.request.get((await calendar.getAttribute("href"))!);
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toMatch(/^URL[^\r\n]*\/fr\/events\//m);
  await expect(page.getByRole("link", { name: "Télécharger le fichier .ics" })).toHaveAttribute("href", /^\/fr\/events\/[A-Za-z0-9]+\.ics$/);
  await expectNoAxeViolations(page);
  await shoot(page, "fr-event");

  // The French news page points at the French feed, which is French.
  await page.goto("/fr/news");
  await expect(page).toHaveTitle(/^Nouvelles \| /);
  const feed = page.locator('link[rel="alternate"][type="application/rss+xml"]');
  await expect(feed).toHaveAttribute("href", "/fr/news/feed.xml");
  const rss = await (await page.request.get("/fr/news/feed.xml")).text();
  expect(rss).toContain("<language>fr</language>");
  expect(rss).toMatch(/<link>https?:\/\/[^<]+\/fr\/news<\/link>/);
  await expectNoAxeViolations(page);
  await page.goto("/fr/offers");
  await expect(page).toHaveTitle(/^Offres en cours \| /);
  await expectNoAxeViolations(page);
});

test.describe("an administrator's picker", () => {
  // The journeys' own server: the administrator is made there.
  test.use({ baseURL: `http://localhost:${E2E_PORT}` });

  test("the business picker's line of more businesses stays whole right to left", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto("/admin/offers");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.evaluate(() => (document.documentElement.dir = "rtl"));
    const form = page.getByRole("region", { name: "Add Offer" });
    const picker = form.getByRole("combobox", { name: "Business" });
    await picker.click();
    await page.keyboard.press("ArrowDown");
    // The line under the list (its words reach screen readers through a status of their own).
    const more = page.locator("p", { hasText: /^\d+ more, type to narrow$/ });
    await expect(more).toBeVisible();
    // It reads whole. (React Aria gives its lists the direction of the page's locale, English here: a right-to-left
    // catalog turns them itself.)
    expect(await readsInOrder(more, "more, type to narrow")).toBe(true);
    await shoot(page, "business-picker-rtl");
  });
});
