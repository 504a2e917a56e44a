// Mail in French, read from a real SMTP server on loopback: a visitor on the French home subscribes in the footer and
// receives the French confirmation, whose link opens the French confirmation page, then the French preferences page
// (topics saved, then leaving); an owner whose account is in French sends a change of their listing from /mybusiness,
// an administrator approves it, and the decision mail is French.
import { account, mailSiteTest, member, signInPage } from "./mail-site.ts";
import { expect, untilScriptsRun } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

const test = mailSiteTest("frenchmail");

test.describe.configure({ timeout: 150_000 });

test("a French visitor's subscription and a French owner's request decision come in French", async ({ page, browser, site }) => {
  test.skip(test.info().project.name !== "desktop", "one journey; the screenshots cover both widths");

  // The visitor, on /fr/, subscribes from the footer: the form speaks French.
  const email = `lectrice-${Date.now()}@example.com`;
  const visitor = await browser.newContext({ baseURL: site.url });
  const visit = await visitor.newPage();
  await visit.goto("/fr/");
  await untilScriptsRun(visit);
  const footer = visit.getByRole("contentinfo").getByRole("form", { name: "Abonnement à l’infolettre" });
  await expect(footer.getByText("J’accepte de recevoir l’infolettre de l’association par courriel.", { exact: false })).toBeVisible();
  await footer.getByLabel("Votre courriel").fill(email);
  await footer.getByText("Choisir les sujets").click();
  await expect(footer.getByRole("group", { name: "Sujets" }).getByLabel("Événements")).toBeChecked();
  await shoot(visit, "french-footer-subscribe");
  await footer.getByRole("button", { name: "S’abonner" }).click();
  await expect(footer.getByRole("status")).toContainText("un message est en route");

  const confirmation = await site.smtp.waitFor(email, /Confirmez votre abonnement/);
  expect(confirmation.parts.text).toContain("Quelqu’un, probablement vous, a demandé à recevoir l’infolettre de");
  expect(confirmation.parts.html).toContain("Confirmer mon abonnement");
  await visit.goto(site.smtp.linkIn(confirmation, `${site.url}/fr/subscribe/confirm?token=`));
  await expect(visit.locator("html")).toHaveAttribute("lang", "fr");
  // The confirmation page, and the preferences page it leads to, speak French, their messages too.
  const main = visit.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Confirmez votre abonnement" })).toBeVisible();
  await main.getByRole("button", { name: "Confirmer mon abonnement" }).click();
  await expect(main.getByRole("status")).toHaveText(`Merci : ${email} est abonné à l’infolettre.`);
  await main.getByRole("link", { name: "Choisir vos sujets ou vous désabonner" }).click();
  await expect(visit).toHaveURL(/\/fr\/subscribe\/preferences\?token=/);
  await expect(main.getByRole("heading", { level: 1, name: "Préférences d’infolettre" })).toBeVisible();
  await expect(main.getByText(`Pour ${email}. Vous êtes abonné.`)).toBeVisible();
  await expect(main.getByRole("group", { name: "Sujets" }).getByLabel("Événements")).toBeChecked();
  await main.getByRole("group", { name: "Sujets" }).getByLabel("Événements").uncheck();
  await main.getByRole("button", { name: "Enregistrer les sujets" }).click();
  await expect(main.getByRole("status")).toHaveText("Vos préférences sont enregistrées.");
  await shoot(visit, "french-subscribe-preferences");
  await main.getByRole("button", { name: "Se désabonner" }).click();
  await expect(main.getByRole("status")).toHaveText("Vous êtes désabonné : vous ne recevrez plus d’infolettres.");
  await expect(main.getByRole("button", { name: "S’abonner de nouveau" })).toBeVisible();
  await visitor.close();

  // The owner, whose account is in French, sends a change of their listing.
  const adminEmail = await account(site, "admin");
  const adminContext = await browser.newContext({ baseURL: site.url });
  const admin = await adminContext.newPage();
  await signInPage(admin, site, adminEmail);
  const business = ((await (await admin.request.get("/api/v1/businesses")).json()) as Array<{ id: string; name: string }>)[2]!;
  const ownerEmail = await member(site, admin.request, business.id);
  await signInPage(page, site, ownerEmail);
  expect((await page.request.put("/api/v1/account/language", { data: { language: "fr" }, headers: { Origin: site.url } })).status()).toBe(200);

  await page.goto("/mybusiness");
  await untilScriptsRun(page);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: business.name }) });
  // The owner's page is in the account's language.
  await card.getByText("Modifier la fiche").click();
  const listing = card.locator('form[id^="listing-"]');
  await listing.getByLabel("Description").fill(`Pains au levain tous les matins, ${Date.now()}.`);
  await listing.getByRole("button", { name: "Envoyer les modifications pour approbation" }).click();
  await expect(card.getByText(/en attente d'approbation depuis le/)).toBeVisible();

  // The administrator approves it in the Requests tab.
  await admin.goto("/admin/requests");
  const request = admin
    .getByRole("listitem")
    .filter({ has: admin.getByRole("heading", { name: `Listing change: ${business.name}` }) })
    .filter({ hasText: ownerEmail });
  await request.getByRole("button", { name: "Approve all" }).click();
  await expect(admin.getByText(`Listing change: ${business.name}: approved.`)).toBeVisible();
  await adminContext.close();

  // The decision reaches the owner in French, both parts, with why it came and where to change that.
  const decision = await site.smtp.waitFor(ownerEmail, /a été approuvée/);
  expect(decision.subject).toMatch(/^Votre demande sur .+ a été approuvée$/);
  expect(decision.parts.text).toContain(`Votre demande (Modification de fiche pour ${business.name}) a été approuvée.`);
  expect(decision.parts.text).toContain("Vous recevez ce courriel parce que vous avez fait cette demande sur");
  expect(decision.parts.text).toContain(`Modifier vos préférences de notification : ${site.url}/myaccount#notifications`);
  expect(decision.parts.html).toContain("Ouvrir Mon commerce");
});
