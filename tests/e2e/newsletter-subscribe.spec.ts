// The newsletter's sign-up end to end, with mail read from a real SMTP server on loopback: a visitor subscribes from
// the footer, confirms from the mailed link, changes topics on the preferences page its signed link opens, and an
// administrator sees the subscriber and its consent in the Subscribers tab.
import { account, mailSiteTest, signInPage } from "./mail-site.ts";
import { expect, expectNoAxeViolations, untilScriptsRun } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

const test = mailSiteTest("subscribe");

test.describe.configure({ timeout: 120_000 });

test("a visitor subscribes from the footer, confirms by mail, changes topics by the signed link; the admin sees the consent", async ({ page, browser, site }) => {
  test.skip(test.info().project.name !== "desktop", "one journey; the screenshots cover both widths");
  const email = `reader-${Date.now()}@example.com`;

  const visitor = await browser.newContext({ baseURL: site.url });
  const visit = await visitor.newPage();
  await visit.goto("/events");
  await untilScriptsRun(visit);
  const footer = visit.getByRole("contentinfo").getByRole("form", { name: "Newsletter sign-up" });
  await footer.getByLabel("Your e-mail").fill(email);
  await footer.getByText("Choose topics").click();
  await footer.getByLabel("News").uncheck();
  await shoot(visit, "subscribe-footer");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toContainText("a message is on its way");

  // The confirmation: both parts, why it came and how to ignore it; nothing else is sent before its link is opened.
  const mail = await site.smtp.waitFor(email, /Confirm your subscription/);
  expect(mail.parts.text).toContain("ignore this message");
  expect(mail.parts.html).toContain("Confirm my subscription");
  const confirmUrl = site.smtp.linkIn(mail, `${site.url}/subscribe/confirm?token=`);
  await visit.goto(confirmUrl);
  await untilScriptsRun(visit);
  await visit.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(visit.getByRole("main").getByRole("status")).toContainText(`${email} is subscribed`);

  // The preferences page by its signed link, no account: offers off, news on.
  await visit.getByRole("link", { name: "Choose your topics or unsubscribe" }).click();
  await expect(visit.getByRole("heading", { name: "Newsletter preferences" })).toBeVisible();
  await expect(visit.getByText("You are subscribed.")).toBeVisible();
  const topics = visit.getByRole("main").getByRole("group", { name: "Topics" });
  await expect(topics.getByLabel("Events")).toBeChecked();
  await expect(topics.getByLabel("News")).not.toBeChecked();
  await topics.getByLabel("Offers").uncheck();
  await topics.getByLabel("News").check();
  await visit.getByRole("button", { name: "Save topics" }).click();
  await expect(visit.getByRole("main").getByRole("status")).toHaveText("Your preferences are saved.");
  await expect(topics.getByLabel("Offers")).not.toBeChecked();
  await expect(topics.getByLabel("News")).toBeChecked();
  await expectNoAxeViolations(visit);
  await shoot(visit, "subscribe-preferences");

  // /subscribe itself offers every category of business too.
  await visit.goto("/subscribe");
  await untilScriptsRun(visit);
  await expect(visit.getByRole("main").getByRole("group", { name: "New businesses and news by kind of business" })).toBeVisible();
  await expectNoAxeViolations(visit);
  await shoot(visit, "subscribe");
  await visitor.close();

  // The administrator finds the subscriber, its topics and the consent it gave in the footer.
  const adminEmail = await account(site, "admin");
  await signInPage(page, site, adminEmail);
  await page.goto("/admin/subscribers");
  await page.getByLabel("Find by address").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  const entry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: email }) });
  await expect(entry).toContainText("Subscribed");
  await expect(entry).toContainText("Topics: Events, News");
  await entry.getByText("Consent (1)").click();
  await expect(entry).toContainText("from the form in the page footer");
  await expect(entry).toContainText("I agree to receive the association's newsletter");
  await expectNoAxeViolations(page);
  await shoot(page, "admin-subscribers");

  // An import from the association's old mail service: a row without consent is refused with the reason.
  const imported = `imported-${Date.now()}@example.com`;
  await page.getByText("Import CSV").click();
  await page.getByLabel("CSV file").setInputFiles({
    name: "old-list.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`email,topics,consent_at,consent_source\n${imported},events,2025-04-01,Spring fair sheet\nnobody@example.com,events,,Spring fair sheet\n`),
  });
  const preview = page.getByRole("table", { name: "Import preview" });
  await expect(preview.getByRole("row").filter({ hasText: "nobody@example.com" })).toContainText("Refused: No consent: consent_at is empty.");
  await page.getByRole("button", { name: "Import 1 subscribers" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 subscribers imported." })).toBeVisible();
  await page.getByLabel("Find by address").fill(imported);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("heading", { name: imported })).toBeVisible();
  await page.getByRole("button", { name: "Undo this import" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Import undone: 1 removed." })).toBeVisible();
  await expect(page.getByRole("heading", { name: imported })).toHaveCount(0);
});
