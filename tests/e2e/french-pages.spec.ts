// A French-speaking visitor on /fr/: the home page, the map, the events and a business page, in French throughout,
// with links that keep them in French.
import { expect, test } from "./fixtures.ts";
import { DEMO_URL } from "./env.ts";
import { shoot } from "./screenshots.ts";

test.use({ baseURL: DEMO_URL });

const FRENCH_DATE = /(1er|\d{1,2}) (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/;

test("a visitor walks the French site: home, map, events, a business page", async ({ page }) => {
  await page.goto("/fr/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: "Événements à venir" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Emplacements des commerces" })).toBeVisible();

  await page.getByRole("link", { name: "Ouvrir la carte complète »" }).click();
  await expect(page).toHaveURL(/\/fr\/map$/);
  await expect(page.getByRole("heading", { level: 1, name: "Carte" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Ouvert maintenant" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Rechercher sur la carte" })).toHaveAttribute("placeholder", "Rechercher un lieu, une catégorie ou une étiquette…");
  await expect(page.getByRole("heading", { name: /^Tous les emplacements \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Itinéraire" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Tous \(\d+\)$/ })).toHaveAttribute("aria-pressed", "true");
  // A filter keeps the address French.
  await page.getByRole("button", { name: /^Restaurants \(\d+\)$/ }).click();
  await expect(page.getByRole("heading", { name: /^Emplacements : Restaurants \(\d+\)$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/map\?/);
  await shoot(page, "fr-map");

  await page.goto("/fr/");
  await page.getByRole("link", { name: "Plus d’événements »" }).click();
  await expect(page).toHaveURL(/\/fr\/events$/);
  await expect(page.getByRole("heading", { level: 1, name: "Événements" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Événements à venir" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Événements passés" })).toBeVisible();
  const firstCard = page.getByRole("article").first();
  await expect(firstCard.locator("time").first()).toHaveText(FRENCH_DATE);
  await expect(firstCard.getByRole("link", { name: /^Ajouter au calendrier/ })).toBeVisible();

  // An event held at a business links to the business's French page.
  const atBusiness = page.getByRole("article").filter({ has: page.locator('a[href^="/fr/business/"]') }).first();
  await atBusiness.locator('a[href^="/fr/business/"]').first().click();
  await expect(page).toHaveURL(/\/fr\/business\/[A-Za-z0-9]+$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: /^Événements chez / })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Offres de / })).toBeVisible();
  await expect(page.getByText("Proposer une correction")).toBeVisible();
  await expect(page.getByText("Ce commerce est le vôtre?")).toBeVisible();
  await expect(page.getByRole("button", { name: "Obtenir l’itinéraire" })).toBeVisible();
  // The demo's businesses have opening hours: their panel in French, days and all.
  const hours = page.getByRole("region", { name: "Heures d’ouverture" });
  if (await hours.count()) {
    await expect(hours.getByRole("rowheader", { name: /^Lundi/ })).toBeVisible();
    await expect(hours.getByRole("table", { name: "Heures d’ouverture par jour de la semaine" })).toBeVisible();
  }
  await shoot(page, "fr-business");
});
