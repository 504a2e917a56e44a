// CMS pages as visitors meet them: permissions per role, heading pages, and stored script that never runs.
import type { APIRequestContext, Page } from "@playwright/test";
import payloads from "../fixtures/xss-payloads.json" with { type: "json" };
import { expect, test } from "./fixtures.ts";

interface PageInput {
  name: string;
  permission: "public" | "user" | "business" | "admin";
  contentFormat?: "html" | "markdown";
  content: string;
}

/** Creates the page, or replaces the one with the same address (the desktop and phone runs share a server). */
async function savePage(request: APIRequestContext, input: PageInput): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await request.post("/api/v1/pages", { data: input });
    if (created.status() === 201) return (await created.json()).slug;
    expect(created.status()).toBe(409);
    const { items } = await (await request.get("/api/v1/pages?pageSize=200")).json();
    const existing = items.find((p: { name: string }) => p.name.toLowerCase() === input.name.toLowerCase());
    if (!existing) continue;
    const updated = await request.put(`/api/v1/pages/${existing.id}`, { data: input });
    expect(updated.status()).toBe(200);
    return (await updated.json()).slug;
  }
  throw new Error(`could not save page ${input.name}`);
}

async function expectShown(page: Page, slug: string, heading: string) {
  const response = await page.goto(`/pages/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

async function expectRefused(page: Page, slug: string, status: 401 | 403) {
  const response = await page.goto(`/pages/${slug}`);
  expect(response?.status()).toBe(status);
  await expect(page.getByText(status === 401 ? "Please log in to view this page." : "You do not have permission to view this page.")).toBeVisible();
  if (status === 401) await expect(page.getByRole("main").getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
}

test("each page's permission decides who reads it at /pages/<slug>", async ({ page, signIn }) => {
  await signIn("admin");
  const businessSlug = await savePage(page.request, { name: "Business Owners Briefing", permission: "business", content: "<p>For owners.</p>" });
  for (const [slug, heading] of [["about-the-association", "About the Association"], ["member-resources", "Member Resources"], ["board-notes", "Board Notes"], [businessSlug, "Business Owners Briefing"]]) {
    await expectShown(page, slug!, heading!);
  }
  await page.context().clearCookies();

  await expectShown(page, "about-the-association", "About the Association");
  await expect(page.getByText("Membership is open to every business")).toBeVisible();
  await expectRefused(page, "member-resources", 401);
  await expectRefused(page, businessSlug, 401);
  await expectRefused(page, "board-notes", 401);
  expect((await page.goto("/pages/no-such-page"))?.status()).toBe(404);

  await signIn("user");
  await expectShown(page, "member-resources", "Member Resources");
  await expectRefused(page, businessSlug, 403);
  await expectRefused(page, "board-notes", 403);

  await signIn("business");
  await expectShown(page, "member-resources", "Member Resources");
  await expectShown(page, businessSlug, "Business Owners Briefing");
  await expectRefused(page, "board-notes", 403);
});

test("a heading page shows the page with its slug below the heading, to those allowed to read it", async ({ page, signIn }) => {
  await signIn("admin");
  await savePage(page.request, { name: "Surveys", permission: "user", content: "<p>This year's member survey is open until June.</p>" });
  await page.goto("/myqsa/surveys");
  await expect(page.getByRole("heading", { level: 1, name: "Surveys" })).toBeVisible();
  await expect(page.getByText("This year's member survey is open until June.")).toBeVisible();

  await page.context().clearCookies();
  await page.goto("/myqsa/surveys");
  await expect(page.getByRole("heading", { level: 1, name: "Surveys" })).toBeVisible();
  await expect(page.getByText("This year's member survey")).toHaveCount(0);
});

/** A paragraph between two payloads; where the browser shows it as a plain paragraph beside the others, the payload before it ended there. */
const boundary = (index: number) => `xss-boundary-${index}`;

/**
 * The payloads of one format in one page, each between two boundary paragraphs: fewer pages to store and load than
 * one page per payload (one page each took 51 s for the 52 payloads).
 */
function joined(format: "html" | "markdown", contents: string[]): string {
  const mark = (index: number) => (format === "html" ? `<p>${boundary(index)}</p>` : `\n\n${boundary(index)}\n\n`);
  return contents.map((content, index) => `${mark(index)}${content}`).join("") + mark(contents.length);
}

/**
 * Which of the page's payloads ended where they began: both boundaries around the payload are paragraphs of plain
 * text, children of the same element as the first one. A payload that left an element open, or swallowed what
 * followed (a comment, a code fence, raw text), fails this and is then shown on a page of its own, as every payload
 * used to be, so that no payload hides another.
 */
async function isolatedPayloads(page: Page, count: number): Promise<boolean[]> {
  const clean = await page.getByRole("main").evaluate((main, total) => {
    const paragraphs = [...main.querySelectorAll("p")];
    const found = Array.from({ length: total + 1 }, (_, index) => paragraphs.filter((p) => p.textContent?.trim() === `xss-boundary-${index}`));
    const parent = found[0]?.[0]?.parentElement;
    return found.map(
      (matches) =>
        matches.length === 1 &&
        matches[0]!.parentElement === parent &&
        matches[0]!.childNodes.length === 1 &&
        matches[0]!.firstChild!.nodeType === Node.TEXT_NODE,
    );
  }, count);
  return Array.from({ length: count }, (_, index) => clean[index]! && clean[index + 1]!);
}

test("script stored in page content never runs in the browser", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn("admin");
  const run = `${test.info().project.name}-${Date.now()}`;

  const dialogs: string[] = [];
  const markers: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on("console", (message) => {
    if (message.text().includes("XSS-MARKER")) markers.push(message.text());
  });
  // Payload images and media point at addresses that do not exist; answer them so no load error is logged. Only
  // addresses outside the site's own scripts, files and API go through the test (routing every request of each page
  // load through it made the loads about a quarter slower).
  await page.route(/^https?:\/\/[^/]+\/(?!assets\/|files\/|api\/)/, (route) => {
    const type = route.request().resourceType();
    if (type === "image" || type === "media") return route.fulfill({ status: 204 });
    return route.continue();
  });

  /** Stores the content as a public page, shows it, and gives every handler its chance to run. */
  async function showPayloads(name: string, contentFormat: "html" | "markdown", content: string) {
    const slug = await savePage(page.request, { name: `XSS ${run} ${name}`, permission: "public", contentFormat, content });
    await page.goto(`/pages/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("XSS");
    // Give handlers that would fire on load, focus, toggle or a pointer passing over their chance: the real mouse
    // crosses the page, then every element of the content, hidden ones too, is pointed at and focused in one call
    // to the page rather than one hover (a round trip) per visible element.
    await page.mouse.move(10, 10);
    await page.mouse.move(400, 400);
    await page.getByRole("main").evaluate((main) => {
      for (const element of main.querySelectorAll("*")) {
        for (const type of ["pointerover", "pointerenter", "mouseover", "mouseenter", "mousemove", "mouseout", "mouseleave"]) {
          element.dispatchEvent(new MouseEvent(type, { bubbles: !type.endsWith("enter") && !type.endsWith("leave") }));
        }
        if (element instanceof HTMLElement) element.focus();
      }
    });
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    // Still the page stored above: no payload took the browser elsewhere.
    expect(new URL(page.url()).pathname).toBe(`/pages/${slug}`);
  }

  // The first payload that does not end where it began is shown on a page of its own, and those after it together
  // again, until every payload has been shown.
  let pages = 0;
  for (const format of ["html", "markdown"] as const) {
    let rest = payloads[format].map((content, index) => ({ content, index }));
    while (rest.length > 0) {
      pages++;
      await showPayloads(`${format} ${rest[0]!.index}+`, format, joined(format, rest.map((payload) => payload.content)));
      const spilled = (await isolatedPayloads(page, rest.length)).indexOf(false);
      if (spilled === -1) break;
      pages++;
      await showPayloads(`${format} ${rest[spilled]!.index}`, format, rest[spilled]!.content);
      rest = rest.slice(spilled + 1);
    }
  }
  test.info().annotations.push({ type: "pages shown", description: String(pages) });
  expect(dialogs).toEqual([]);
  expect(markers).toEqual([]);
});
