// An administrator whose account is in French: the dashboard, its tabs and forms speak French, and what they add in
// French is listed.
import { expect, test } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

test("a French administrator moves through the dashboard and adds a tag and a category in French", async ({ page, signIn, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await signIn("admin");
  const chosen = await page.request.put("/api/v1/account/language", { data: { language: "fr" }, headers: { Origin: baseURL! } });
  expect(chosen.status()).toBe(200);

  await page.goto("/admin");
  await expect(page).toHaveURL("/admin/my-account");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle(/^Tableau de bord d’administration \| /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tableau de bord d’administration");
  await expect(page.getByText(`Connecté en tant que ${admin.email}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
  const tabs = page.getByRole("tablist", { name: "Sections de l’administration" });
  await expect(tabs.getByRole("tab").first()).toHaveText("Mon compte");
  await expect(tabs.getByRole("tab", { name: "Mon compte" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel").getByRole("heading", { name: "Mon compte" })).toBeVisible();

  await tabs.getByRole("tab", { name: "Marqueurs" }).click();
  await expect(page).toHaveURL("/admin/markers");
  await expect(page.getByRole("heading", { name: "Ajouter un marqueur" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Marqueurs existants" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Chercher par nom" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Situer l’adresse" })).toBeVisible();
  await shoot(page, "fr-admin-markers");

  await tabs.getByRole("tab", { name: "Événements" }).click();
  await expect(page.getByRole("heading", { name: "Ajouter un événement" })).toBeVisible();
  await expect(page.getByText("Date de l’événement", { exact: true })).toBeVisible();
  // React Aria's date segments name themselves in French.
  await expect(page.getByRole("spinbutton", { name: /^année/ }).first()).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Répétition", exact: true })).toHaveValue("never");
  await shoot(page, "fr-admin-events-form");

  await tabs.getByRole("tab", { name: "Utilisateurs" }).click();
  await expect(page.getByRole("columnheader")).toHaveText(["Courriel", "Nom affiché", "Rôle", "Type de compte", "Créé le", "Dernière connexion"]);

  // Visitors' suggestions on the Requests tab, and the offers' dates written the French way (no 2027-01-27).
  await tabs.getByRole("tab", { name: /^Demandes/ }).click();
  await expect(page.getByRole("heading", { name: "Suggestions des visiteurs" })).toBeVisible();
  await tabs.getByRole("tab", { name: "Offres" }).click();
  const offers = page.getByRole("list", { name: "Offres" });
  await expect(offers.getByText(/^Valeur : /).first()).toBeVisible();
  await expect(offers.getByText(/\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
  await expect(offers.getByText(/(Jusqu’au|Du|À partir du) (1er|\d{1,2}) \p{L}+\.? \d{4}/u).first()).toBeVisible();

  const tag = `Terrasse chauffée ${Date.now()}`;
  await tabs.getByRole("tab", { name: "Étiquettes" }).click();
  const tagForm = page.getByRole("region", { name: "Ajouter une étiquette" });
  await tagForm.getByLabel("Nom de l’étiquette").fill(tag);
  await tagForm.getByRole("button", { name: "Ajouter une étiquette" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Étiquette « ${tag} » ajoutée.` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Étiquettes" }).getByRole("heading", { name: tag })).toBeVisible();

  const category = `Épiceries fines ${Date.now()}`;
  await tabs.getByRole("tab", { name: "Catégories" }).click();
  const categoryForm = page.getByRole("region", { name: "Ajouter une catégorie" });
  await categoryForm.getByLabel("Nom de la catégorie").fill(category);
  await categoryForm.getByLabel("Description (facultatif)").fill("Fromages, charcuteries et produits du terroir");
  await categoryForm.getByRole("button", { name: "Ajouter une catégorie" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Catégorie « ${category} » ajoutée.` })).toBeVisible();
  const listed = page.getByRole("region", { name: "Catégories existantes" });
  await expect(listed.getByRole("heading", { name: category })).toBeVisible();
  await expect(listed.getByRole("button", { name: `Modifier ${category}` })).toBeVisible();
});
