// Meetings end to end, with mail read from a real SMTP server on loopback: an administrator arranges one in the
// Meetings tab, a member answers yes and the invitation attached to the confirmation imports into node-ical; the
// administrator moves it and the member gets the updated invitation (same UID, higher SEQUENCE); minutes added are
// mailed to the members. A server of its own, since the shared journeys' server sends no mail.
import ical, { type VEvent } from "node-ical";
import { PDF } from "../fixtures/documents.ts";
import { calendarIn } from "../setup/mail-calendar.ts";
import { fillDateTime } from "./admin-helpers.ts";
import { account, adminAndTwoMembers, mailSiteTest, signInPage } from "./mail-site.ts";
import { expect, expectNoAxeViolations } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

const test = mailSiteTest("meetings");

test.describe.configure({ timeout: 120_000 });

const vevents = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === "VEVENT") as VEvent[];

test("an administrator arranges a meeting; a member answers yes, imports the invitation, gets the change of time with the same UID, and the minutes", async ({ page, browser, site }) => {
  test.skip(test.info().project.name !== "desktop", "one journey; the screenshots cover both widths");
  const { adminEmail, admin, first, second } = await adminAndTwoMembers(site);

  // The administrator arranges it in the Meetings tab.
  await signInPage(page, site, adminEmail);
  await page.goto("/admin/meetings");
  const form = page.getByRole("region", { name: "Add Meeting" });
  const title = `AGM ${Date.now()}`;
  await form.getByLabel("Title").fill(title);
  await fillDateTime(form, "Starts", "2030-06-10T18:00");
  await fillDateTime(form, "Ends", "2030-06-10T20:00");
  await form.getByLabel("Place").fill("Town hall, 1 Queen Street");
  await form.getByRole("textbox", { name: "Agenda" }).click();
  await page.keyboard.type("Budget and elections.");
  await form.getByRole("button", { name: "Add Meeting" }).click();
  const listed = page.getByRole("list", { name: "Meetings" }).getByRole("listitem").filter({ hasText: title });
  await expect(listed).toContainText("Town hall", { timeout: 15_000 });
  await expectNoAxeViolations(page);
  await shoot(page, "admin-meetings");

  // On the meeting's page the administrator attaches the agenda as a file (a members-only library document).
  await listed.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const attach = page.getByRole("form", { name: "Attach a file (administrators)" });
  await attach.getByLabel("File").setInputFiles({ name: "agenda.pdf", mimeType: "application/pdf", buffer: PDF });
  await attach.getByRole("button", { name: "Upload" }).click();
  await expect(attach.getByRole("status").filter({ hasText: "Upload complete." })).toBeVisible({ timeout: 20_000 });
  await attach.getByLabel("Title").fill("Agenda (PDF)");
  await attach.getByRole("button", { name: "Attach file" }).click();
  await expect(page.getByRole("list", { name: "Files" }).getByRole("link", { name: "Agenda (PDF)" })).toBeVisible();
  await page.goto("/admin/meetings");

  // Both members are told of it.
  const announced = await Promise.all([site.smtp.waitFor(first, new RegExp(`Meeting: ${title}`)), site.smtp.waitFor(second, new RegExp(`Meeting: ${title}`))]);
  expect(announced[0].text).toContain("Where: Town hall, 1 Queen Street");
  const link = site.smtp.linkIn(announced[0], `${site.url}/myqsa/meetings/`);

  // The first member finds it among the upcoming ones and answers yes.
  const context = await browser.newContext({ baseURL: site.url });
  const memberPage = await context.newPage();
  await signInPage(memberPage, site, first);
  await memberPage.goto("/myqsa/meetings");
  await expect(memberPage.getByRole("heading", { level: 1, name: "Meetings" })).toBeVisible();
  await expect(memberPage.getByRole("list", { name: "Upcoming meetings" }).getByRole("link", { name: title })).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Copy address" })).toBeVisible();
  await expectNoAxeViolations(memberPage);
  await shoot(memberPage, "member-meetings");

  await memberPage.goto(link);
  await expect(memberPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(memberPage.getByText("Budget and elections.")).toBeVisible();
  const agendaFile = memberPage.getByRole("list", { name: "Files" }).getByRole("link", { name: "Agenda (PDF)" });
  const download = await memberPage.request.get((await agendaFile.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment/);
  const answers = memberPage.getByRole("group", { name: "Will you come?" });
  await answers.getByRole("radio", { name: "Yes" }).check();
  await memberPage.getByRole("button", { name: "Save my answer" }).click();
  await expect(memberPage.getByRole("status").filter({ hasText: "Your answer is saved." })).toBeVisible();
  await expect(memberPage.getByText("Yes (1)")).toBeVisible();
  await expect(memberPage.getByText("Your answer: Yes")).toBeVisible();
  await expectNoAxeViolations(memberPage);
  await shoot(memberPage, "member-meeting");

  // The confirmation carries the invitation, which a calendar reads.
  const confirmation = await site.smtp.waitFor(first, new RegExp(`You answered Yes: ${title}`));
  const invitation = calendarIn(confirmation)!;
  expect(invitation.method).toBe("REQUEST");
  const [invited] = vevents(invitation.content);
  expect(invited!.summary).toBe(title);
  expect(invited!.location).toBe("Town hall, 1 Queen Street");

  // The administrator moves it an hour later.
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("region", { name: `Edit Meeting: ${title}` });
  await fillDateTime(edit, "Starts", "2030-06-10T19:00");
  await fillDateTime(edit, "Ends", "2030-06-10T21:00");
  await edit.getByRole("button", { name: "Update Meeting" }).click();
  await expect(page.getByText("Meeting updated.")).toBeVisible();

  // The member who answered yes gets the updated invitation: the same UID, a higher SEQUENCE, the new time.
  const changed = await site.smtp.waitFor(first, new RegExp(`Changed: ${title}`));
  const [updated] = vevents(calendarIn(changed)!.content);
  expect(updated!.uid).toBe(invited!.uid);
  expect(Number(updated!.sequence)).toBeGreaterThan(Number(invited!.sequence ?? 0));
  expect(updated!.start.getTime() - invited!.start.getTime()).toBe(3_600_000);

  // Minutes added after the meeting: members are told, and read them on the meeting's page.
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await page.getByRole("region", { name: `Edit Meeting: ${title}` }).getByRole("textbox", { name: "Minutes (after the meeting)" }).click();
  await page.keyboard.type("The budget was adopted.");
  await page.getByRole("region", { name: `Edit Meeting: ${title}` }).getByRole("button", { name: "Update Meeting" }).click();
  await expect(page.getByText("Meeting updated.")).toBeVisible();
  const minutes = await site.smtp.waitFor(second, new RegExp(`Minutes: ${title}`));
  expect(minutes.text).toContain("The budget was adopted.");
  expect(minutes.text).toContain("because you are a member");
  await site.smtp.waitFor(first, new RegExp(`Minutes: ${title}`));
  await memberPage.goto(link);
  await expect(memberPage.getByRole("heading", { name: "Minutes" })).toBeVisible();
  await expect(memberPage.getByText("The budget was adopted.")).toBeVisible();
  await context.close();

  // Someone who is not a member is invited to claim or propose a business instead.
  const plain = await browser.newContext({ baseURL: site.url });
  const plainPage = await plain.newPage();
  await signInPage(plainPage, site, await account(site, "business"));
  await plainPage.goto("/myqsa/meetings");
  await expect(plainPage.getByRole("link", { name: "Claim or propose your business" })).toBeVisible();
  await shoot(plainPage, "member-meetings-not-member");
  await plain.close();
  await admin.dispose();
});
