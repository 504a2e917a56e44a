import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { DEMO_URL } from "./env.ts";

// On the untouched demo: counts and orders here are the seeded ones.
test.use({ baseURL: DEMO_URL });

const searchBox = (page: Page) => page.getByRole("banner").getByRole("combobox", { name: "Search" });
const suggestions = (page: Page) => page.getByRole("banner").getByRole("option");

test("suggestions start at 2 characters, at most 10, each labelled with its type", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/v1/search")) asked.push(new URL(request.url()).searchParams.get("q") ?? "");
  });
  await page.goto("/");
  const box = searchBox(page);
  await box.fill("c");
  // Longer than the debounce: one character never asks.
  await page.waitForTimeout(600);
  expect(asked).toEqual([]);
  await expect(box).toHaveAttribute("aria-expanded", "false");

  await box.pressSequentially("a");
  await expect(page.getByRole("listbox")).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const count = await suggestions(page).count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(10);
  await expect(page.getByRole("banner").getByRole("status")).toHaveText(`${count} suggestion${count === 1 ? "" : "s"}.`);
  for (const text of await suggestions(page).allInnerTexts()) expect(text).toMatch(/(Business|Category|Tag)$/);
  await expectNoAxeViolations(page);
});

test("arrow keys move through the suggestions and enter opens the chosen category", async ({ page }) => {
  await page.goto("/");
  const box = searchBox(page);
  // The keys go to the list for the whole word: an earlier prefix's list would be replaced under them.
  const answered = page.waitForResponse((r) => r.url().includes("/api/v1/search") && new URL(r.url()).searchParams.get("q") === "cafe");
  await box.pressSequentially("cafe");
  await answered;
  const first = suggestions(page).first();
  await expect(first).toContainText("Cafés & Bakeries");
  await expect(first).toContainText("Category");

  await box.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  await box.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "false");
  await expect(suggestions(page).nth(1)).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowUp");
  await expect(first).toHaveAttribute("aria-selected", "true");

  await box.press("Enter");
  await expect(page).toHaveURL("/category/cafes-bakeries");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a business and a tag are reached from their suggestions", async ({ page }) => {
  await page.goto("/events");
  const box = searchBox(page);
  await box.pressSequentially("saffron");
  await expect(suggestions(page)).toHaveCount(1);
  await expect(suggestions(page).first()).toHaveText(/Saffron House\s*Business/);
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/business\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await searchBox(page).pressSequentially("vegan");
  await expect(suggestions(page).first()).toHaveText(/Vegan\s*Tag/);
  await suggestions(page).first().click();
  await expect(page).toHaveURL("/tag/vegan");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("escape closes the suggestions and keeps the text", async ({ page }) => {
  await page.goto("/");
  const box = searchBox(page);
  await box.pressSequentially("queen");
  await expect(page.getByRole("listbox")).toBeVisible();
  await box.press("Escape");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("queen");
  await expect(page).toHaveURL("/");
});

test("escape keeps the suggestions closed when an answer to the text typed before it comes after it", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/");
  const box = searchBox(page);
  await box.pressSequentially("quee");
  await expect(page.getByRole("listbox")).toBeVisible();
  // The answer for the last letter is held until after Escape.
  let answered = false;
  await page.route("**/api/v1/search?*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
    answered = true;
  });
  await box.press("n");
  await box.press("Escape");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect.poll(() => answered, { timeout: 10_000 }).toBe(true);
  await page.waitForTimeout(300);
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("queen");
  // The answer came: the arrow key opens the suggestions for what is in the box now.
  await box.press("ArrowDown");
  await expect(suggestions(page).first()).toBeVisible();
});

test("enter without a chosen suggestion opens the results page", async ({ page }) => {
  await page.goto("/");
  const box = searchBox(page);
  await box.pressSequentially("queen street");
  await expect(page.getByRole("listbox")).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=queen(\+|%20)street$/);
  await expect(page.getByRole("heading", { level: 1, name: 'Results for "queen street"' })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Businesses" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Queen Street Diner", exact: true })).toBeVisible();
});

test("a slow answer never replaces the newer one", { tag: "@desktop-only" }, async ({ page }) => {
  await page.route("**/api/v1/search?*", async (route) => {
    const q = new URL(route.request().url()).searchParams.get("q");
    if (q === "sa") await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => {});
  });
  await page.goto("/");
  const box = searchBox(page);
  await box.pressSequentially("sa");
  await page.waitForTimeout(400);
  await box.pressSequentially("ffron");
  await expect(suggestions(page)).toHaveCount(1);
  await page.waitForTimeout(1600);
  await expect(suggestions(page)).toHaveCount(1);
  await expect(suggestions(page).first()).toContainText("Saffron House");
});

test("the results page groups every kind, marks the matched words, and says when nothing matched", async ({ page }) => {
  await page.goto("/search?q=jazz");
  await expect(page).toHaveTitle(/^Results for "jazz" \| /);
  await expect(page.getByRole("heading", { level: 2, name: "Businesses" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Events" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Niagara Jazz Cellar" })).toHaveAttribute("href", /^\/business\//);
  await expect(page.getByRole("link", { name: "Jazz on the Cellar Stage" })).toHaveAttribute("href", /^\/events#event-/);
  await expect(page.locator("mark", { hasText: /^Jazz$/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/search?q=resturant");
  await expect(page.getByRole("link", { name: "Restaurants" })).toHaveAttribute("href", "/category/restaurants");

  await page.goto("/search?q=zzyzx");
  await expect(page.getByText('No results for "zzyzx".')).toBeVisible();

  await page.goto("/search?q=z");
  await expect(page.getByText("Type at least 2 characters to search.")).toBeVisible();
});

test("a group of results with more than fit is shown whole on a page of its own", async ({ page }) => {
  // "queen": more businesses on Queen Street than the 20 a group shows.
  const found = ((await (await page.request.get("/api/v1/search?q=queen&types=business&limit=50")).json()) as { results: unknown[] }).results;
  expect(found.length).toBeGreaterThan(20);
  await page.goto("/search?q=queen");
  const businesses = page.getByRole("region", { name: "Businesses" });
  await expect(businesses.getByRole("listitem")).toHaveCount(20);
  await businesses.getByRole("link", { name: "Show all businesses" }).click();
  await expect(page).toHaveURL(/\/search\?q=queen&type=business$/);
  // All of them (the API answers at most 50; other journeys may have added businesses on Queen Street).
  const all = page.getByRole("region", { name: "Businesses" }).getByRole("listitem");
  await expect.poll(() => all.count()).toBeGreaterThanOrEqual(found.length);
  await expect(page.getByRole("heading", { level: 2, name: "Events" })).toHaveCount(0);
  await page.getByRole("link", { name: "All results for “queen”" }).click();
  await expect(page).toHaveURL(/\/search\?q=queen$/);
});
