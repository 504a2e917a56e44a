// Volunteering end to end, with mail read from a real SMTP server on loopback: an administrator adds an opportunity
// with a shift of 2 places in the Volunteering tab; a visitor sees it and is offered "Sign in to volunteer"; three people
// sign up and the third waits; one cancels and the third is confirmed at once and mailed "You have a place"; the
// administrator marks who came and downloads the roster as CSV. A server of its own, since the shared journeys' server
// sends no mail.
import fs from "node:fs";
import Papa from "papaparse";
import type { Browser } from "@playwright/test";
import { fillDateTime } from "./admin-helpers.ts";
import { account, mailSiteTest, signInPage, type MailSite } from "./mail-site.ts";
import { expect, expectNoAxeViolations } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

const test = mailSiteTest("volunteering");

test.describe.configure({ timeout: 150_000 });

async function personPage(browser: Browser, site: MailSite, email: string) {
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  await signInPage(page, site, email);
  return page;
}

test("a shift of 2 places: three sign up, the third waits, one cancels and the third is confirmed and mailed; the roster as CSV", async ({ page, browser, site }) => {
  test.skip(test.info().project.name !== "desktop", "one journey; the screenshots cover both widths");
  const adminEmail = await account(site, "admin");
  const [ann, ben, cat] = await Promise.all([account(site, "user"), account(site, "user"), account(site, "business")]);

  // The administrator adds the opportunity in the Volunteering tab.
  await signInPage(page, site, adminEmail);
  await page.goto("/admin/volunteering");
  const form = page.getByRole("region", { name: "Add Opportunity" });
  const title = `Street fair crew ${Date.now()}`;
  await form.getByLabel("Title").fill(title);
  await form.getByRole("textbox", { name: "Description" }).click();
  await page.keyboard.type("Set up the stalls and greet visitors.");
  const shift = form.getByRole("group", { name: "Shift 1" });
  await fillDateTime(shift, "Starts (shift 1)", "2030-06-10T09:00");
  await fillDateTime(shift, "Ends (shift 1)", "2030-06-10T12:00");
  await shift.getByLabel("Place (shift 1)").fill("Market square");
  await shift.getByLabel("Places needed (shift 1)").fill("2");
  await shift.getByLabel("Requirements (shift 1, optional)").fill("Closed shoes");
  await form.getByRole("button", { name: "Add Opportunity" }).click();
  const listed = page.getByRole("list", { name: "Volunteering" }).getByRole("listitem").filter({ hasText: title });
  await expect(listed).toContainText("2 places open", { timeout: 15_000 });
  await expectNoAxeViolations(page);
  const href = (await listed.getByRole("link", { name: title }).getAttribute("href"))!;

  // A visitor finds it on /volunteer and is asked to sign in, coming back to the shift.
  const visitor = await browser.newContext({ baseURL: site.url });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/volunteer");
  await expect(visitorPage.getByRole("heading", { level: 1, name: "Volunteer" })).toBeVisible();
  await expect(visitorPage.getByRole("list", { name: "Open opportunities" }).getByRole("link", { name: title })).toBeVisible();
  await expectNoAxeViolations(visitorPage);
  await shoot(visitorPage, "volunteer");
  await visitorPage.getByRole("link", { name: title }).click();
  await expect(visitorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const signInLink = visitorPage.getByRole("link", { name: "Sign in to volunteer" });
  expect(decodeURIComponent((await signInLink.getAttribute("href"))!)).toMatch(new RegExp(`^/login\\?next=${href}#shift-`));
  await visitor.close();

  // Three sign up; the third joins the waiting list.
  const pages = await Promise.all([ann, ben, cat].map((email) => personPage(browser, site, email)));
  for (const [index, person] of pages.entries()) {
    await person.goto(href);
    const button = person.getByRole("button", { name: index < 2 ? "Sign up" : "Join the waiting list" });
    await button.click();
    await expect(person.getByRole("status").filter({ hasText: index < 2 ? "You are signed up for this shift." : "The shift is full: you are on its waiting list." })).toBeVisible();
    await expect(person.getByText(`Your sign-up: ${index < 2 ? "Confirmed" : "Waiting list"}`)).toBeVisible();
  }
  const [annPage, , catPage] = pages;
  await expect(catPage!.getByText("Full · 1 waiting")).toBeVisible();
  await expectNoAxeViolations(catPage!);
  await shoot(catPage!, "volunteer-opportunity");
  await site.smtp.waitFor(cat, new RegExp(`Waiting list: ${title}`), 90_000);

  // The first cancels: the third is confirmed in the same moment, and mailed.
  await annPage!.getByRole("button", { name: "Cancel my sign-up" }).click();
  await expect(annPage!.getByRole("status").filter({ hasText: "Your sign-up is cancelled." })).toBeVisible();
  const promoted = await site.smtp.waitFor(cat, new RegExp(`You have a place: ${title}`), 90_000);
  expect(promoted.text).toContain("A place freed on the shift you waited for: you are now confirmed.");
  expect(promoted.text).toContain("Where: Market square");
  expect(promoted.attachments.some((a) => a.contentType === "text/calendar")).toBe(true);
  await catPage!.reload();
  await expect(catPage!.getByText("Your sign-up: Confirmed")).toBeVisible();

  // The third sees the shift among their own.
  await catPage!.goto("/myqsa/volunteer");
  await expect(catPage!.getByRole("heading", { level: 1, name: "Volunteer" })).toBeVisible();
  await expect(catPage!.getByRole("list", { name: "Your shifts" }).getByRole("link", { name: title })).toBeVisible();
  await expectNoAxeViolations(catPage!);
  await shoot(catPage!, "member-volunteer");

  // The administrator marks who came and downloads the roster.
  await page.goto(href);
  const roster = page.getByRole("region", { name: /^Roster: / });
  await expect(roster.getByRole("listitem")).toHaveCount(2);
  await roster.getByRole("checkbox", { name: /Came/ }).first().check();
  await expectNoAxeViolations(page);
  await shoot(page, "volunteer-roster");
  const downloading = page.waitForEvent("download");
  await roster.getByRole("link", { name: "Export roster CSV" }).click();
  const download = await downloading;
  const text = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  expect(rows.map((r) => [r.email, r.status, r.place])).toEqual([
    [ben, "Confirmed", "Market square"],
    [cat, "Confirmed", "Market square"],
  ]);
  expect(rows[0]!.attended).toBe("yes");
  for (const person of pages) await person.context().close();
});
