// A member whose account is in French: signing in, their dashboard, an announcement and /mybusiness are in French
// (whatever the browser prefers), and choosing English on /myaccount turns their pages to English.
import { request as playwrightRequest } from "@playwright/test";
import { createOrUpdateUser } from "#server/auth/accounts.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { ownerWithWaitingClaim } from "./owner-account.ts";
import { shoot } from "./screenshots.ts";

test("a member whose account is in French reads their pages in French, then switches to English", async ({ page, baseURL, accountsRuntime }) => {
  const adminEmail = `admin-fr-${Date.now()}@example.com`;
  await createOrUpdateUser(accountsRuntime, { email: adminEmail, password: "e2e-Admin-pass-9", role: "admin" });
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  expect((await admin.post("/api/auth/sign-in/email", { data: { email: adminEmail, password: "e2e-Admin-pass-9" } })).status()).toBe(200);
  const { owner, email, password, owned } = await ownerWithWaitingClaim(admin, accountsRuntime, baseURL!);
  expect((await owner.put("/api/v1/account/language", { data: { language: "fr" }, headers: { Origin: baseURL! } })).status()).toBe(200);
  await owner.dispose();
  const title = `Fête de rue ${Date.now()}`;
  expect((await admin.post("/api/v1/announcements", { data: { title, body: "<p>Venez nombreux.</p>", publishAt: new Date(Date.now() - 60_000).toISOString() } })).status()).toBe(201);
  await admin.dispose();

  // Signing in: the login page is in the site's language until the account is known.
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto("/myqsa/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle(/^Tableau de bord des membres \| /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bienvenue, ${email.split("@")[0]}!`);
  await expect(page.getByRole("heading", { name: "Ce qui vous attend" })).toBeVisible();
  const memberPages = page.getByRole("navigation", { name: "Pages des membres" });
  await expect(memberPages.getByRole("link", { name: "Annonces" })).toHaveAttribute("href", "/myqsa/announcements");
  await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  await shoot(page, "member-dashboard-fr");
  await expectNoAxeViolations(page);

  // An announcement, from the list of them.
  await memberPages.getByRole("link", { name: "Annonces" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Annonces" })).toBeVisible();
  await page.getByRole("link", { name: `${title} (non lue)` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Annonces" }).first()).toBeVisible();
  await expect(page.getByText(/^(1er|\d{1,2}) \p{L}+ \d{4}$/u)).toBeVisible();

  await page.goto("/mybusiness");
  await expect(page.getByRole("heading", { level: 1, name: "Mon entreprise" })).toBeVisible();
  await expect(page.getByText(`Connecté avec ${email}.`)).toBeVisible();
  const business = page.getByRole("article", { name: owned.name });
  await expect(business.getByRole("tab", { name: "Fiche" })).toBeVisible();
  await expect(business.getByRole("tab", { name: "Statistiques" })).toBeVisible();
  await expect(business.getByRole("link", { name: "Voir la page publique" })).toBeVisible();
  await expect(business.getByRole("heading", { name: "Événements" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vos réclamations et propositions" })).toBeVisible();
  await shoot(page, "my-business-fr");
  await expectNoAxeViolations(page);

  // English from the account page: the page loads again in it.
  await page.goto("/myaccount");
  await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
  await page.getByLabel("Langue").selectOption("en");
  await page.getByRole("button", { name: "Enregistrer la langue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Save language" })).toBeVisible();
  await page.goto("/myqsa/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${email.split("@")[0]}!`);
  await expect(page.getByRole("navigation", { name: "Member pages" })).toBeVisible();
});
