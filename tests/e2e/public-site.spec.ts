// The public site on the demo content: home, events, offers, business, tag, category and intake pages.
import ICAL from "ical.js";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { formatLongDate } from "#shared/format.ts";
import { DEMO_URL, E2E_PORT } from "./env.ts";

// On the untouched demo: counts and orders here are the seeded ones.
test.use({ baseURL: DEMO_URL });

interface ApiBusiness {
  id: string;
  name: string;
  category: string | null;
  address: string;
  streetAddress: string;
  postalCode: string;
  phone: string;
  website: string | null;
}

async function businessNamed(page: Page, name: string): Promise<ApiBusiness> {
  const all = (await (await page.request.get("/api/v1/businesses")).json()) as ApiBusiness[];
  const found = all.find((b) => b.name === name);
  if (!found) throw new Error(`no demo business ${name}`);
  return found;
}

function jsonLdBlocks(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

const isUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^ ]+$/.test(value);

/** The parts of schema.org's LocalBusiness and Event that link previews and rich results read. */
function expectLocalBusinessShape(data: Record<string, unknown>) {
  expect(data["@context"]).toBe("https://schema.org");
  expect(data["@type"]).toBe("LocalBusiness");
  expect(typeof data.name).toBe("string");
  expect(data.address).toMatchObject({ "@type": "PostalAddress", streetAddress: expect.any(String) });
  expect(data.geo).toMatchObject({ "@type": "GeoCoordinates", latitude: expect.any(Number), longitude: expect.any(Number) });
  expect(typeof data.telephone).toBe("string");
  expect(isUrl(data.url)).toBe(true);
  expect(isUrl(data.image)).toBe(true);
}

function expectEventShape(data: Record<string, unknown>) {
  expect(data["@context"]).toBe("https://schema.org");
  expect(data["@type"]).toBe("Event");
  expect(typeof data.name).toBe("string");
  expect(Number.isNaN(Date.parse(String(data.startDate)))).toBe(false);
  expect(data.location).toMatchObject({ "@type": "Place", name: expect.any(String), address: { "@type": "PostalAddress", streetAddress: expect.any(String) } });
  expect(data.eventAttendanceMode).toBe("https://schema.org/OfflineEventAttendanceMode");
  expect(isUrl(data.url)).toBe(true);
}

test.describe("home", () => {
  test("shows the hero, the newest posts, the soonest events and current offers", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Find Your Niche" })).toBeVisible();

    const news = page.getByRole("region", { name: "Latest news" });
    await expect(news.getByRole("article")).toHaveCount(3);
    const first = news.getByRole("article").first();
    await expect(first.getByRole("heading", { name: "Welcome to the new association website" })).toBeVisible();
    await expect(first).toContainText(/By: Jordan Reyes \| Published: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    // 200 characters of the content, then an ellipsis.
    await expect(first).toContainText(/favourite shop\.\.\.$/m);
    await expect(news.getByRole("link", { name: /^Read more/ }).first()).toHaveAttribute("href", "https://nightmarket.example/apply");

    const events = page.getByRole("region", { name: "Upcoming Events" });
    await expect(events.getByRole("article")).toHaveCount(3);
    await expect(events.getByRole("article").first()).toContainText(
      /First Friday Art Walk[A-Z][a-z]+ \d{1,2}, \d{4} \| Queen Street, from Erie Avenue to Victoria Avenue/,
    );
    await expect(events.getByRole("article").nth(1)).toContainText("| Niagara Jazz Cellar");
    await expect(events.getByRole("link", { name: /^Get Tickets/ }).first()).toHaveAttribute("href", /^https:\/\/tickets\.example\//);

    const offers = page.getByRole("region", { name: "Current Offers" });
    await expect(offers.getByRole("article")).toHaveCount(3);
    await expect(offers.getByRole("heading", { level: 3 }).first()).toHaveText(/^.+ at .+$/);
    await expect(offers.getByText(/^Value: /).first()).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);

    await events.getByRole("link", { name: "More Events »" }).click();
    await expect(page).toHaveURL("/events");
    await page.goBack();
    await page.getByRole("link", { name: "More Offers »" }).click();
    await expect(page).toHaveURL("/offers");
  });

  test("the slideshow can be paused and stepped by keyboard", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Downtown photos" });
    const pause = hero.getByRole("button", { name: "Pause slideshow" });
    await pause.focus();
    await page.keyboard.press("Enter");
    await expect(hero.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await expect(hero.getByText("Photo 1 of 6")).toBeAttached();
    await hero.getByRole("button", { name: "Next photo" }).focus();
    await page.keyboard.press("Enter");
    await expect(hero.getByText("Photo 2 of 6")).toBeAttached();
    await expect(hero.getByRole("img", { name: "Morning sun over downtown shops" })).toBeVisible();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(hero.getByText("Photo 1 of 6")).toBeAttached();
  });

  test("advances on its own every 5.5 seconds", async ({ page }) => {
    const start = new Date("2026-06-01T12:00:00Z");
    await page.clock.install({ time: start });
    // Time stands still except when the test moves it.
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    // The page's scripts start a frame after it has painted, and the slideshow with them: the clock steps until then.
    await page.goto("/", { waitUntil: "commit" });
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
      })
      .toBe(true);
    const hero = page.getByRole("region", { name: "Downtown photos" });
    await expect(hero.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
    await expect(hero.getByRole("img", { name: "Queen Street storefronts at dawn" })).toBeVisible();
    await page.clock.runFor(5_400);
    await expect(hero.getByRole("img", { name: "Queen Street storefronts at dawn" })).toBeVisible();
    await page.clock.runFor(200);
    await expect(hero.getByRole("img", { name: "Morning sun over downtown shops" })).toBeVisible();
  });

  test("visitors who ask for reduced motion get the still last photo", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Downtown photos" });
    await expect(hero.getByRole("img", { name: "Downtown Niagara Falls at night" })).toBeVisible();
    await expect(hero.getByRole("heading", { level: 1, name: "Find Your Niche" })).toBeVisible();
    await expect(hero.getByRole("button")).toHaveCount(0);
  });

  test("a hero photo that fails to load is skipped", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    // A photo whose bytes can't be decoded: it fails like a broken upload would.
    await page.route(/hero_2_/, (route) => route.fulfill({ status: 200, contentType: "image/webp", body: "not an image" }));
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Downtown photos" });
    await hero.getByRole("button", { name: "Pause slideshow" }).click();
    await hero.getByRole("button", { name: "Next photo" }).click();
    // Photo 2 is requested as the next one when photo 1 shows; once it fails, "next" goes to photo 3.
    await expect.poll(() => warnings.some((w) => w.includes("Hero photo 2 failed to load"))).toBe(true);
    await expect(hero.getByText(/Photo [23] of 6/)).toBeAttached();
    await hero.getByRole("button", { name: "Previous photo" }).click();
    await hero.getByRole("button", { name: "Next photo" }).click();
    await expect(hero.getByText("Photo 3 of 6")).toBeAttached();
    await expect(hero.getByRole("img", { name: "Midday on a tree-lined Queen Street" })).toBeVisible();
  });
});

test("the events page lists upcoming events soonest first and past events newest first", async ({ page }) => {
  await page.goto("/events");
  await expect(page).toHaveTitle("Events | Downtown Niagara Business Association");
  const upcoming = page.getByRole("region", { name: "Upcoming Events" });
  const past = page.getByRole("region", { name: "Past Events" });
  const upcomingNames = await upcoming.getByRole("article").getByRole("heading").allTextContents();
  expect(upcomingNames.slice(0, 3)).toEqual(["First Friday Art Walk", "Jazz on the Cellar Stage", "Sourdough Basics Workshop"]);
  expect(upcomingNames).toHaveLength(8);
  const pastNames = await past.getByRole("article").getByRole("heading").allTextContents();
  expect(pastNames).toEqual([
    "Spring Sidewalk Sale",
    "Pottery Open Studio",
    "Heritage Walk: Downtown in 1911",
    "Wine & Cheese Pairing Evening",
    "Youth Open Mic",
  ]);
  // Descriptions are cut to 100 characters in lists.
  const market = upcoming.getByRole("article").filter({ hasText: "Queen Street Summer Night Market" });
  await expect(market).toContainText("Over sixty vendors, live music on two stages and a kids' zone. Free admission; bring a reusable bag....");
  await expect(past.getByRole("article").filter({ hasText: "Pottery Open Studio" })).toContainText("| Clay Studio Collective");
  await expect(upcoming.getByRole("link", { name: /^Get Tickets/ }).first()).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("each event can be added to a calendar, and the feed of upcoming events parses", async ({ page }) => {
  await page.goto("/events");
  const card = page.getByRole("article").filter({ hasText: "Jazz on the Cellar Stage" });
  const downloadPromise = page.waitForEvent("download");
  await card.getByRole("link", { name: /^Add to calendar/ }).click();
  const download = await downloadPromise;
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(Buffer.concat(chunks).toString("utf8"))).getFirstSubcomponent("vevent")!);
  expect(event.summary).toBe("Jazz on the Cellar Stage");
  expect(event.location).toMatch(/^Niagara Jazz Cellar, /);

  const feed = await page.request.get("/events.ics");
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const names = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v).summary);
  // Upcoming events and those of the last 30 days.
  expect(names).toHaveLength(13);
  expect(names).toContain("First Friday Art Walk");
  expect(names).toContain("Youth Open Mic");
});

test("the offers page shows every offer with its value and terms", async ({ page }) => {
  await page.goto("/offers");
  await expect(page.getByRole("heading", { level: 1, name: "Current Offers" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(10);
  const diner = page.getByRole("article").filter({ hasText: "Discount at Queen Street Diner" });
  await expect(diner).toContainText("$10 off any order over $50");
  await expect(diner).toContainText("Value: $10 Off");
  await expect(diner).toContainText("Terms: Dine-in only. Not valid on holidays.");
  await expect(page.getByRole("heading", { name: "BOGO at Sugar Loaf Donuts" })).toBeVisible();
});

test("a business page shows its details, events and offers", async ({ page }) => {
  const diner = await businessNamed(page, "Queen Street Diner");
  await page.goto(`/business/${diner.id}`);
  await expect(page).toHaveTitle("Queen Street Diner | Downtown Niagara Business Association");
  await expect(page.getByRole("heading", { level: 1, name: "Queen Street Diner" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Restaurants" })).toHaveAttribute("href", "/category/restaurants");
  await expect(page.getByText(diner.address)).toBeVisible();
  await expect(page.getByRole("link", { name: diner.phone })).toHaveAttribute("href", /^tel:/);
  await expect(page.getByRole("link", { name: /queen-street-diner\.example/ })).toHaveAttribute("href", diner.website!);
  await expect(page.getByRole("region", { name: "Offers from Queen Street Diner" })).toContainText("Value: $10 Off");
  await expect(page.getByRole("link", { name: "Family Friendly" })).toHaveAttribute("href", "/tag/family-friendly");

  const gallery = await businessNamed(page, "Riverbend Gallery");
  await page.goto(`/business/${gallery.id}`);
  await expect(page.getByRole("region", { name: "Events at Riverbend Gallery" })).toContainText("Opening Reception: Water & Stone");
});

test("a business page is complete without JavaScript: name, JSON-LD and Open Graph tags", async ({ page, request }) => {
  const gallery = await businessNamed(page, "Riverbend Gallery");
  const response = await request.get(`/business/${gallery.id}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<h1");
  expect(html).toContain("Riverbend Gallery");
  expect(html).toMatch(/<meta property="og:title" content="Riverbend Gallery"\/>/);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/files\/markers_logos\/riverbend-gallery_\d+\.webp"\/>/);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+/business/${gallery.id}"/>`));
  expect(html).toMatch(/<meta name="description" content="Contemporary gallery/);
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  expect(html).toContain(`<script type="application/ld+json" nonce="${nonce}">`);
  const blocks = jsonLdBlocks(html);
  const business = blocks.find((b) => b["@type"] === "LocalBusiness")!;
  expectLocalBusinessShape(business);
  expect(business).toMatchObject({ name: "Riverbend Gallery", telephone: gallery.phone, url: gallery.website });
  const events = blocks.filter((b) => b["@type"] === "Event");
  expect(events.length).toBeGreaterThan(0);
  events.forEach(expectEventShape);
  expect(events[0]!.location).toMatchObject({ name: "Riverbend Gallery", address: { "@type": "PostalAddress", streetAddress: gallery.streetAddress, addressLocality: "Niagara Falls", addressRegion: "ON", postalCode: gallery.postalCode, addressCountry: "CA" } });
});

test.describe("a content page's scripts", () => {
  test.use({ baseURL: `http://localhost:${E2E_PORT}` });

  test("a visitor's page paints before its scripts are asked for, then runs them and navigates in place", async ({ page, request }) => {
    // A list, the contact page and a page of search results: each is whole as the server renders it.
    for (const path of ["/contact", "/search?q=jazz", "/events"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('rel="modulepreload"');
      expect(html, path).not.toContain('type="module"');

      await page.goto(path);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime),
      }));
      expect(timing.scripts.length, path).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts), path).toBeGreaterThan(timing.paint);
    }

    // The scripts ran: the header's links now navigate without loading another document.
    const documents: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "document") documents.push(sent.url());
    });
    await page.getByRole("navigation").getByRole("link", { name: "Offers" }).first().click();
    await expect(page).toHaveURL(/\/offers$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(documents).toEqual([]);
  });

  test("in a browser that reports no paint, the scripts come after 3 seconds, and at once on a key press", async ({ page }) => {
    // Paints are never reported to the page's observers.
    await page.addInitScript(() => {
      PerformanceObserver.prototype.observe = () => {};
    });
    const scriptsAskedAt = async () =>
      page.evaluate(() => {
        const starts = performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
        return starts.length ? Math.min(...starts.map((entry) => entry.startTime)) : null;
      });

    await page.goto("/offers");
    expect(await scriptsAskedAt()).toBeGreaterThanOrEqual(3000);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");

    // With the page's clock stopped, neither the paint nor the 3 seconds can ask for them: the key press does.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.goto("/news", { waitUntil: "commit" });
    await page.waitForLoadState("load");
    // The held script is run as a module script of the page's own.
    const started = page.locator('body > script[type="module"]');
    await expect(started).toHaveCount(0);
    await page.keyboard.press("Shift");
    await expect(started).toHaveCount(1);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  });

  /** A business page whose scripts have not run: with its clock stopped, only a press asks for them. */
  async function businessPageBeforeScripts(page: Page, request: APIRequestContext) {
    const tagPage = await (await request.get("/tag/wheelchair-accessible")).text();
    const business = /href="(\/business\/[A-Za-z0-9]{20})"/.exec(tagPage)![1]!;
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.goto(business, { waitUntil: "commit" });
    await page.waitForLoadState("load");
    await expect(page.locator('body > script[type="module"]')).toHaveCount(0);
  }

  test("a button pressed before the scripts ran is pressed again once they have", async ({ page, request }) => {
    await businessPageBeforeScripts(page, request);
    const show = page.getByRole("button", { name: /^Show map of / });
    await show.click();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    // The press counted: the preview gave way to the map, which comes once the clock runs again.
    await expect(show).toHaveCount(0);
    await page.clock.resume();
    await expect(page.getByTestId("map")).toBeVisible();
  });

  test("a press React takes itself, once it listens, is not pressed again", async ({ page, request }) => {
    await businessPageBeforeScripts(page, request);
    // React marks the document it listens on as hydration starts; a press from then on is React's to handle. Here
    // the mark stands before React runs, so the press below reaches no one and must not be made again.
    await page.evaluate(() => Object.assign(document, { _reactListeningForTheTest: true }));
    const show = page.getByRole("button", { name: /^Show map of / });
    await show.click();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await page.clock.resume();
    await page.waitForTimeout(500);
    await expect(show).toBeVisible();
  });

  test("someone signed in gets the page's scripts preloaded, as every page", async ({ page, signIn }) => {
    await signIn("user");
    const html = await (await page.request.get("/events")).text();
    expect(html).toContain('rel="modulepreload"');
    expect(html).toContain('type="module"');
  });
});

test("event entries carry schema.org Event data on the events and home pages", async ({ request }) => {
  for (const path of ["/", "/events"]) {
    const html = await (await request.get(path)).text();
    const events = jsonLdBlocks(html).filter((b) => b["@type"] === "Event");
    expect(events.length, path).toBeGreaterThan(0);
    events.forEach(expectEventShape);
  }
});

test("business page messages: unknown id (404) and no id", async ({ page }) => {
  const response = await page.goto("/business/doesnotexist000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Business not found.")).toBeVisible();
  const none = await page.goto("/business/");
  expect(none?.status()).toBe(404);
  await expect(page.getByText("No business ID provided.")).toBeVisible();
});

test("tag pages list the businesses with the tag, found from the slug", async ({ page }) => {
  await page.goto("/tag/wheelchair-accessible");
  await expect(page.getByRole("heading", { level: 1, name: "Wheelchair Accessible" })).toBeVisible();
  const bistro = page.getByRole("listitem").filter({ hasText: "The Maple & Oak Bistro" });
  await expect(bistro).toContainText("Seasonal Ontario cooking with a menu that changes every few weeks, built around what the Niagara farms bring in. Reservations recommended on weekends;...");
  await expect(bistro).toContainText("Queen Street, Niagara Falls, ON");
  await bistro.getByRole("link", { name: "The Maple & Oak Bistro" }).click();
  await expect(page).toHaveURL(/\/business\/[A-Za-z0-9]{20}$/);
  await expect(page.getByRole("heading", { level: 1, name: "The Maple & Oak Bistro" })).toBeVisible();

  // "BBQ" does not survive capitalising its slug; it is still found.
  await page.goto("/tag/bbq");
  await expect(page.getByRole("heading", { level: 1, name: "BBQ" })).toBeVisible();
  const names = await page.getByRole("listitem").getByRole("heading").allTextContents();
  expect(names).toEqual(["Little Lisbon Grill", "Smokestack BBQ Co."]);
  // Its description for search engines ends the list once, the last name's own full stop being the sentence's.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "2 downtown businesses tagged BBQ: Little Lisbon Grill, Smokestack BBQ Co.");
});

test("the contact page and a page of the association's describe themselves to search engines and link previews", async ({ request }) => {
  for (const [path, described] of [
    ["/contact", /^How to reach .+, by mail at .+, by email at .+@.+\.$/],
    ["/pages/about-the-association", /The Downtown Niagara Business Association represents the shops/],
  ] as const) {
    const html = await (await request.get(path)).text();
    const content = (name: string) => new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1];
    expect(content("description"), path).toMatch(described);
    expect(content("og:description"), path).toBe(content("description"));
    expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+${path}"/>`));
  }
});

test("category pages list the businesses in the category, names with accents and ampersands included", async ({ page }) => {
  await page.goto("/category/cafes-bakeries");
  await expect(page.getByRole("heading", { level: 1, name: "Cafés & Bakeries" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Rise & Shine Bakery" })).toBeVisible();
  await page.goto("/category/arts-culture");
  await expect(page.getByRole("link", { name: "Riverbend Gallery" })).toBeVisible();
  await expect(page).toHaveTitle("Arts & Culture | Downtown Niagara Business Association");
});

test("tag and category messages", async ({ page }) => {
  let response = await page.goto("/tag/no-such-thing");
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Tag "No Such Thing" not found.')).toBeVisible();
  response = await page.goto("/tag/");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("No tag specified.")).toBeVisible();
  response = await page.goto("/category/");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("No category specified.")).toBeVisible();
});

test("the intake form has every field, labelled, and nothing to submit", async ({ page }) => {
  await page.goto("/myqsa/intake");
  await expect(page.getByRole("heading", { level: 1, name: "Business Feedback and Consent" })).toBeVisible();
  const form = page.getByRole("form", { name: "Business Feedback and Consent" });
  for (const label of [
    "Business name",
    "Owner/manager name",
    "Contact email",
    "Phone",
    "Address",
    "Website/social links",
    "Type of business",
    "Tools used",
    "Challenges",
    "Services of interest",
    "Discount %",
    "Other promotion",
    "Signature of business owner or manager",
    "Date signed by business owner or manager",
    "Signature of association representative",
    "Date signed by association representative",
    "Additional feedback",
  ]) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(form.getByRole("group", { name: "Marketing objectives" }).getByRole("checkbox")).not.toHaveCount(0);
  await expect(form.getByRole("checkbox", { name: "Buy-one-get-one" })).toBeVisible();
  await expect(form.getByRole("checkbox", { name: "Free gift" })).toBeVisible();
  await expect(form.getByRole("button")).toHaveCount(0);

  await form.getByLabel("Business name").fill("Test Shop");
  await form.getByLabel("Business name").press("Enter");
  await expect(page).toHaveURL("/myqsa/intake");

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print this form" })).toBeHidden();
  await expect(form.getByLabel("Business name")).toBeVisible();
});

test("sitemap.xml and robots.txt", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  // Other journeys add and remove businesses on this server meanwhile: every business listed both
  // before and after reading the sitemap must be in it.
  const listIds = async () => ((await (await request.get("/api/v1/businesses")).json()) as { id: string }[]).map((b) => b.id);
  const before = await listIds();
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const after = new Set(await listIds());
  for (const path of ["/events", "/offers", "/tag/bbq", "/category/cafes-bakeries"]) expect(sitemap).toContain(`${path}</loc>`);
  const stable = before.filter((id) => after.has(id));
  expect(stable.length).toBeGreaterThanOrEqual(40);
  const inSitemap = new Set(sitemap.match(/\/business\/[A-Za-z0-9]{20}(?=<)/g));
  for (const id of stable) expect(inSitemap).toContain(`/business/${id}`);
});

test("dates read as long dates", async ({ page }) => {
  const posts = (await (await page.request.get("/api/v1/posts?limit=1")).json()) as Array<{ datetime: string }>;
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Latest news" })).toContainText(`Published: ${formatLongDate(posts[0]!.datetime, "America/Toronto")}`);
});

const PAGES = ["/", "/events", "/offers", "/tag/bbq", "/category/cafes-bakeries", "/myqsa/intake", "/tag/nope", "/business/doesnotexist000000000"];

// Each page is loaded at 360 px and scanned at 1280 px whatever the project's device, so the desktop project's run
// covers the phone's too (site.spec.ts scans pages at each project's own width).
for (const path of [...PAGES, "business"]) {
  test(`${path} has no accessibility violations and fits 360 px`, { tag: "@desktop-only" }, async ({ page }) => {
    let target = path;
    if (path === "business") target = `/business/${(await businessNamed(page, "Riverbend Gallery")).id}`;
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(target);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page);
  });
}
