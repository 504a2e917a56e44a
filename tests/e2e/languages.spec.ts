// A visitor in French: the French home with its header, footer and alternates, a French link that stays French, and
// the switcher back to English on the same page.
import { expect, test } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

test("a visitor reads the site in French and switches back to English on the same page", async ({ page, baseURL }) => {
  const response = await page.goto("/fr");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Carte", exact: true })).toHaveAttribute("href", "/fr/map");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Ressources" })).toHaveAttribute("href", "/fr/resources");
  // Each language's address of the page, and the one for everyone else.
  const origin = new URL(baseURL!).origin;
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${origin}/`);
  await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute("href", `${origin}/fr`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${origin}/`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/fr`);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  // The French home is the current page whether its address ends in a slash or not, and the search speaks French.
  await expect(header.getByRole("link", { name: "Accueil", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(header.getByRole("combobox", { name: "Rechercher" })).toHaveAttribute("placeholder", "Commerces, catégories, étiquettes…");
  await shoot(page, "home-fr");

  // A link inside the French page stays French, without a full page load.
  await header.getByRole("link", { name: "Carte", exact: true }).click();
  await expect(page).toHaveURL("/fr/map");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(header.getByRole("link", { name: "Carte", exact: true })).toHaveAttribute("aria-current", "page");

  // The switcher names each language in itself and keeps the page.
  const switcher = page.getByRole("navigation", { name: "Langue" });
  await expect(switcher.getByRole("link", { name: "Français" })).toHaveAttribute("aria-current", "page");
  const english = switcher.getByRole("link", { name: "English" });
  await expect(english).toHaveAttribute("lang", "en");
  await expect(english).toHaveAttribute("hreflang", "en");
  await english.click();
  await expect(page).toHaveURL("/map");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("banner").getByRole("link", { name: "Map", exact: true })).toHaveAttribute("aria-current", "page");
  // The choice is remembered: a browser that prefers French is not sent back to French pages.
  expect((await page.context().cookies()).find((cookie) => cookie.name === "niche_lang")?.value).toBe("en");
  await page.goto("/events");
  await expect(page).toHaveURL("/events");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a first visit from a browser that prefers French lands on the French page", async ({ browser }) => {
  const context = await browser.newContext({ locale: "fr-CA", extraHTTPHeaders: { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.8" } });
  const page = await context.newPage();
  await page.goto("/offers");
  await expect(page).toHaveURL("/fr/offers");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("link", { name: "Aller au contenu" })).toBeAttached();
  await page.goto("/fr/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Accueil", exact: true })).toHaveAttribute("aria-current", "page");
  await context.close();
});
