// Listings that stay current, end to end with mail read from a real SMTP server: an administrator reminds the owner of
// a stale listing from the Stale listings tab, the mail's one-click link (a page whose button confirms) makes the
// business page say "Checked by the owner on <today>"; a visitor's suggestion, refused beside its field first, reaches
// the Requests tab and the owner's /mybusiness, where taking it in opens the edit form filled in.
import { request as playwrightRequest } from "@playwright/test";
import { formatLongDate } from "#shared/format.ts";
import { account, mailSiteTest, member, PASSWORD, signInPage } from "./mail-site.ts";
import { expect, expectNoAxeViolations, untilScriptsRun } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

const test = mailSiteTest("listings");

test.describe.configure({ timeout: 150_000 });

test("a reminder's one-click link marks the listing checked today; a visitor's suggestion reaches the Requests tab and the owner", async ({ page, browser, site }) => {
  test.skip(test.info().project.name !== "desktop", "one journey; the screenshots cover both widths");
  const adminEmail = await account(site, "admin");
  const admin = await playwrightRequest.newContext({ baseURL: site.url, extraHTTPHeaders: { Origin: site.url } });
  expect((await admin.post("/api/auth/sign-in/email", { data: { email: adminEmail, password: PASSWORD } })).status()).toBe(200);
  const categories = (await (await admin.get("/api/v1/categories")).json()) as Array<{ id: string }>;
  const name = `Corner Bakery ${Date.now()}`;
  const created = await admin.post("/api/v1/businesses", { data: { name, categoryId: categories[0]!.id, lat: 43.09, lng: -79.07, phone: "905-555-0100" } });
  expect(created.status()).toBe(201);
  const business = (await created.json()) as { id: string };
  const owner = await member(site, admin, business.id);
  await admin.dispose();
  // Its owner has owned it for longer than the interval, without checking it.
  await site.runtime.database.db
    .updateTable("business_owner")
    .set({ createdAt: new Date(Date.now() - 120 * 86_400_000).toISOString() })
    .where("businessId", "=", business.id)
    .execute();

  // The administrator sees it among the stale listings and reminds its owner now.
  await signInPage(page, site, adminEmail);
  await page.goto("/admin/listings");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Not checked within the interval");
  await expectNoAxeViolations(page);
  await shoot(page, "admin-stale-listings");
  await row.getByRole("button", { name: `Remind the owners of ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reminded the owners of 1 listing (1 mail sent)." })).toBeVisible();

  // The owner's mail: why, how to stop, and the one-click link, which opens a page whose button confirms.
  const mail = await site.smtp.waitFor(owner, /^Is your listing still right\?/);
  expect(mail.text).toContain(`You get this mail because you own the listing of ${name}`);
  expect(mail.text).toContain("Is your listing still right? reminders");
  const link = site.smtp.linkIn(mail, `${site.url}/listings/confirm/`);
  const visitor = await browser.newContext({ baseURL: site.url });
  const open = await visitor.newPage();
  await open.goto(link);
  await expect(open.getByRole("heading", { level: 1, name: "Is your listing still right?" })).toBeVisible();
  await expect(open.getByRole("main")).toContainText(`address of ${name} are all still right`);
  await expectNoAxeViolations(open);
  await shoot(open, "listing-confirm");
  await open.goto(`/business/${business.id}`);
  await expect(open.getByText(/Checked by the owner on/)).toHaveCount(0);
  await open.goto(link);
  await open.getByRole("button", { name: "Yes, it is all correct" }).click();
  const { timeZone } = await site.runtime.services.siteSettings.get();
  const today = formatLongDate(new Date(), timeZone);
  await expect(open.getByRole("status").filter({ hasText: "Thank you." })).toContainText(`now shows "Checked by the owner on ${today}"`);
  await open.getByRole("link", { name: `See the listing of ${name}` }).click();
  await expect(open.getByText(`Checked by the owner on ${today}`)).toBeVisible();
  const jsonLd = await open.locator('script[type="application/ld+json"]').first().textContent();
  expect(jsonLd).toContain('"dateModified"');

  // A visitor suggests the right phone number: a wrong one is refused beside the field, with what was typed kept.
  await untilScriptsRun(open);
  await open.getByText("Suggest an edit").click();
  const form = open.locator("form").filter({ hasText: "What is wrong?" });
  await form.getByRole("radio", { name: "Phone" }).check();
  const phone = form.getByRole("textbox", { name: "The correct phone number" });
  await phone.fill("call us");
  await form.getByRole("button", { name: "Send suggestion" }).click();
  await expect(form.getByText("Enter a phone number such as 905-555-0123.")).toBeVisible();
  await expect(phone).toHaveValue("call us");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await shoot(open, "suggest-edit");
  await phone.fill("905-555-0177");
  await form.getByRole("button", { name: "Send suggestion" }).click();
  await expect(open.getByRole("status").filter({ hasText: "Thank you. The business and the association will look at your suggestion." })).toBeVisible();
  await expectNoAxeViolations(open);
  await visitor.close();

  // The administrator finds it in the Requests tab: the listing's phone beside the suggested one.
  await page.goto("/admin/requests");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Suggestion: ${name}` }) });
  await expect(card).toContainText("905-555-0100");
  await expect(card).toContainText("905-555-0177");
  await expect(card.getByRole("button", { name: "Approve and apply" })).toBeVisible();

  // The owner sees it on /mybusiness and takes it into their change: the edit form opens with the phone filled in.
  const ownerContext = await browser.newContext({ baseURL: site.url });
  const ownerPage = await ownerContext.newPage();
  await signInPage(ownerPage, site, owner);
  await ownerPage.goto("/mybusiness");
  const suggestions = ownerPage.getByRole("region", { name: "Suggestions from visitors" });
  await expect(suggestions).toContainText("905-555-0177");
  await expectNoAxeViolations(ownerPage);
  await shoot(ownerPage, "my-business-suggestions");
  await suggestions.getByRole("button", { name: "Use in my change" }).click();
  await expect(ownerPage).toHaveURL(/edit=/);
  await expect(ownerPage.getByRole("status").filter({ hasText: "A visitor suggested: Phone: 905-555-0177." })).toBeVisible();
  await expect(ownerPage.getByRole("article", { name }).getByLabel("Phone", { exact: true })).toHaveValue("905-555-0177");
  await ownerContext.close();
});
