// Announcements end to end, with mail read from a real SMTP server on loopback: an administrator publishes one from
// the Announcements tab, two members receive it at once, one reads it on the site and the header's unread count drops.
// A server of its own, since the shared journeys' server sends no mail.
import { PDF } from "../fixtures/documents.ts";
import { makeImage } from "../fixtures/images.ts";
import { fillDateTime } from "./admin-helpers.ts";
import { account, adminAndTwoMembers, mailSiteTest, signInPage } from "./mail-site.ts";
import { expect, expectNoAxeViolations } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

const test = mailSiteTest("announcements");

test.describe.configure({ timeout: 120_000 });

test("an administrator publishes an announcement; two members get it by mail, one reads it and the unread count drops", async ({ page, browser, site }) => {
  test.skip(test.info().project.name !== "desktop", "one journey; the screenshots cover both widths");
  const { adminEmail, admin, first, second } = await adminAndTwoMembers(site);

  // The administrator writes it in the Announcements tab, published at a time already past: it goes out at once.
  await signInPage(page, site, adminEmail);
  await page.goto("/admin/announcements");
  const form = page.getByRole("region", { name: "Add Announcement" });
  const title = `Street fair ${Date.now()}`;
  await form.getByLabel("Title").fill(title);
  await form.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("Join us on Saturday for the street fair.");
  await fillDateTime(form, "Publish at (empty: a draft)", "2026-01-05T09:00");
  // With an image, shown on the member's page and in the mail.
  const imageField = form.locator('[data-field="imagePath"]');
  await imageField.getByLabel("Image (optional)").setInputFiles({ name: "fair.png", mimeType: "image/png", buffer: await makeImage("png", 640, 360) });
  await imageField.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(imageField.getByRole("status").filter({ hasText: "Upload complete." })).toBeVisible();
  // And a file attached, uploaded in the same form: a members-only library document of the announcement.
  const attachField = form.locator('[data-field="attachments"]');
  await attachField.getByLabel("File to attach").setInputFiles({ name: "fair-map.pdf", mimeType: "application/pdf", buffer: PDF });
  await attachField.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(attachField.getByRole("list", { name: "Files to attach" })).toContainText("fair-map");
  await form.getByRole("button", { name: "Add Announcement" }).click();
  await expect(page.getByRole("list", { name: "Announcements" }).getByRole("listitem").filter({ hasText: title })).toContainText("Published");
  // The time typed is the association's (America/Toronto, 5 hours behind UTC in January), whatever the browser's zone.
  const saved = (await (await page.request.get("/api/v1/admin/announcements?pageSize=50")).json()) as { items: Array<{ title: string; publishAt: string | null }> };
  expect(new Date(saved.items.find((a) => a.title === title)!.publishAt!).toISOString()).toBe("2026-01-05T14:00:00.000Z");
  await expectNoAxeViolations(page);
  await shoot(page, "admin-announcements");

  // Both members receive it, with why and where to change that.
  const mails = await Promise.all([site.smtp.waitFor(first, new RegExp(title)), site.smtp.waitFor(second, new RegExp(title))]);
  for (const mail of mails) {
    expect(mail.text).toContain("Join us on Saturday for the street fair.");
    expect(mail.text).toContain("because you are a member");
    expect(mail.parts.html).toMatch(new RegExp(`<img src="${site.url}/files/[^"]+"`));
    expect(mail.parts.text).toMatch(new RegExp(`• fair-map \\(fair-map\\.pdf\\): ${site.url}/api/v1/documents/[^/]+/file`));
  }
  const link = site.smtp.linkIn(mails[0], `${site.url}/myqsa/announcements/`);

  // The first member sees it unread, in the header's count too; opening it from the mail reads it.
  const context = await browser.newContext({ baseURL: site.url });
  const memberPage = await context.newPage();
  await signInPage(memberPage, site, first);
  await memberPage.goto("/myqsa/announcements");
  const header = memberPage.getByRole("banner");
  const counter = header.getByRole("link", { name: /^Announcements, \d+ unread$/ });
  await expect(counter).toBeVisible();
  const before = Number(/(\d+) unread/.exec((await counter.getAttribute("aria-label"))!)![1]);
  expect(before).toBeGreaterThanOrEqual(1);
  await expect(memberPage.getByRole("heading", { level: 1, name: "Announcements" })).toBeVisible();
  await expect(memberPage.getByRole("link", { name: `${title} (unread)` })).toBeVisible();
  await expectNoAxeViolations(memberPage);
  await shoot(memberPage, "member-announcements");

  await memberPage.goto(link);
  await expect(memberPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(memberPage.getByText("Join us on Saturday for the street fair.")).toBeVisible();
  const image = memberPage.getByRole("article").locator("img").first();
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const attachments = memberPage.getByRole("region", { name: "Attachments" });
  const download = attachments.getByRole("link", { name: "fair-map" });
  await expect(attachments).toContainText("(fair-map.pdf,");
  const fileUrl = (await download.getAttribute("href"))!;
  const fetched = await memberPage.request.get(fileUrl);
  expect(fetched.status()).toBe(200);
  expect(fetched.headers()["content-disposition"]).toMatch(/^attachment;/);
  const after = before - 1;
  await expect(header.getByRole("link", { name: after > 0 ? `Announcements, ${after} unread` : "Announcements, none unread" })).toBeVisible();
  await expectNoAxeViolations(memberPage);
  await shoot(memberPage, "member-announcement");
  await memberPage.goto("/myqsa/announcements");
  await expect(memberPage.getByRole("link", { name: title, exact: true })).toBeVisible();

  // Preferences, where the mail links to.
  await memberPage.goto("/myaccount#notifications");
  const preferences = memberPage.getByRole("group", { name: "Announcements" });
  await expect(preferences.getByRole("radio", { name: "At once" })).toBeChecked();
  await preferences.getByRole("radio", { name: "Off" }).check();
  await memberPage.getByRole("button", { name: "Save notification preferences" }).click();
  await expect(memberPage.getByRole("status").filter({ hasText: "Notification preferences saved." })).toBeVisible();
  await memberPage.reload();
  await expect(memberPage.getByRole("group", { name: "Announcements" }).getByRole("radio", { name: "Off" })).toBeChecked();
  await expectNoAxeViolations(memberPage);
  await shoot(memberPage, "my-account-notifications");
  await context.close();

  // Someone who is not a member is invited to claim or propose a business instead.
  const plain = await browser.newContext({ baseURL: site.url });
  const plainPage = await plain.newPage();
  await signInPage(plainPage, site, await account(site, "business"));
  await plainPage.goto("/myqsa/announcements");
  await expect(plainPage.getByRole("link", { name: "Claim or propose your business" })).toBeVisible();
  // The members-only attachment is not there for them, even with its address.
  expect((await plainPage.request.get(fileUrl)).status()).toBe(404);
  await expect(plainPage.getByRole("banner").getByRole("link", { name: /^Announcements,/ })).toHaveCount(0);
  await expectNoAxeViolations(plainPage);
  await shoot(plainPage, "member-announcements-not-member");
  await plain.close();
  await admin.dispose();
});
