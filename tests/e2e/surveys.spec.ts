// Surveys end to end: an administrator builds one with a question of every kind in the Surveys tab (reordering by
// keyboard); a member answers it with the mouse after a refusal that keeps what was typed, a second member answers by
// keyboard only; the administrator's results show the counts in the chart and its table, and the CSV has both rows.
import type { Locator, Page } from "@playwright/test";
import { choose, fillDateTime, select } from "./admin-helpers.ts";
import { adminAndTwoMembers, mailSiteTest, signInPage } from "./mail-site.ts";
import { expect, expectNoAxeViolations } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

const test = mailSiteTest("surveys");

test.describe.configure({ timeout: 180_000 });

const QUESTIONS = [
  { kind: "One choice", text: "Favourite colour", options: "Red\nBlue", required: true },
  { kind: "Several choices", text: "Which days suit you", options: "Mon\nTue\nWed" },
  { kind: "Rating 1–5", text: "How was the year", required: true },
  { kind: "Number", text: "How many staff" },
  { kind: "Date", text: "Best date for the fair" },
  { kind: "Long text", text: "Anything else" },
  { kind: "Short text", text: "One word for downtown" },
];

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("the control was never reached by Tab");
}

test("a survey with every kind of question: two members answer (one by keyboard only), the chart shows the counts and the CSV has both rows", async ({ page, browser, site }) => {
  test.skip(test.info().project.name !== "desktop", "one journey; the screenshots cover both widths");
  const { adminEmail, first, second } = await adminAndTwoMembers(site);

  // The administrator builds it in the Surveys tab.
  await signInPage(page, site, adminEmail);
  await page.goto("/admin/surveys");
  const form = page.getByRole("region", { name: "Add Survey" });
  const title = `Members' survey ${Date.now()}`;
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Description").fill("Tell the board how the year went.");
  await choose(select(form, "Status"), "Open (between Opens and Closes)");
  await fillDateTime(form, "Closes", "2030-06-10T18:00");
  const questions = form.getByRole("group", { name: "Questions" });
  for (const [index, question] of QUESTIONS.entries()) {
    await questions.getByRole("button", { name: "Add a question" }).click();
    const n = index + 1;
    await questions.getByLabel(`Text of question ${n}`, { exact: true }).fill(question.text);
    await questions.getByLabel(`Kind of question ${n}`, { exact: true }).selectOption({ label: question.kind });
    if (question.options) await questions.getByLabel(`Options of question ${n}, one a line`).fill(question.options);
    if (question.required) await questions.getByRole("checkbox", { name: `Required (question ${n})` }).check();
  }
  await questions.getByLabel("Help text of question 1", { exact: true }).fill("Pick the one you like best.");
  // The short text goes above the long one, by keyboard: the moved question's button keeps the focus.
  await questions.getByRole("button", { name: "Move up question 7 (One word for downtown)" }).focus();
  await page.keyboard.press("Enter");
  await expect(questions.getByRole("button", { name: "Move up question 6 (One word for downtown)" })).toBeFocused();
  await expect(questions.getByRole("status")).toHaveText("One word for downtown is now question 6 of 7.");
  await expect(questions.getByLabel("Text of question 7", { exact: true })).toHaveValue("Anything else");
  await expectNoAxeViolations(page);
  await shoot(page, "admin-surveys");
  await form.getByRole("button", { name: "Add Survey" }).click();
  const listed = page.getByRole("list", { name: "Surveys" }).getByRole("listitem").filter({ hasText: title });
  await expect(listed).toContainText("7 questions · 0 answers", { timeout: 15_000 });

  // The first member finds it open among the surveys and answers with the mouse.
  const firstContext = await browser.newContext({ baseURL: site.url });
  const firstPage = await firstContext.newPage();
  await signInPage(firstPage, site, first);
  await firstPage.goto("/myqsa/dashboard");
  await firstPage.getByRole("link", { name: `Answer the survey: Answer: ${title}` }).click();
  await expect(firstPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const answer = firstPage.getByRole("form", { name: `Answer ${title}` });
  await expect(answer.getByText("Pick the one you like best.")).toBeVisible();
  // Refused: the required rating is missing and the number is not one; what was typed stays.
  await answer.getByRole("group", { name: /Favourite colour/ }).getByRole("radio", { name: "Blue" }).check();
  await answer.getByLabel(/How many staff/).fill("twelve");
  await answer.getByLabel(/Anything else/).fill("A good year for the street.");
  await answer.getByRole("button", { name: "Send my answers" }).click();
  await expect(answer.getByRole("group", { name: /How was the year/ })).toContainText("This question needs an answer.");
  await expect(answer.getByText("Give a number, such as 12 or 3.5.")).toBeVisible();
  await expect(answer.getByLabel(/How many staff/)).toHaveAttribute("aria-invalid", "true");
  // The first question refused takes the focus.
  await expect(answer.getByRole("group", { name: /How was the year/ }).getByRole("radio", { name: "1", exact: true })).toBeFocused();
  await expect(answer.getByLabel(/Anything else/)).toHaveValue("A good year for the street.");
  await expect(answer.getByRole("group", { name: /Favourite colour/ }).getByRole("radio", { name: "Blue" })).toBeChecked();
  await answer.getByRole("group", { name: /How was the year/ }).getByRole("radio", { name: "4" }).check();
  await answer.getByLabel(/How many staff/).fill("12");
  const days = answer.getByRole("group", { name: /Which days suit you/ });
  await days.getByRole("checkbox", { name: "Mon" }).check();
  await days.getByRole("checkbox", { name: "Wed" }).check();
  await answer.getByLabel(/Best date for the fair/).fill("2030-05-31");
  await answer.getByLabel(/One word for downtown/).fill("=HYPERLINK(\"x\")");
  await expectNoAxeViolations(firstPage);
  await shoot(firstPage, "member-survey");
  await answer.getByRole("button", { name: "Send my answers" }).click();
  await expect(firstPage.getByRole("status").filter({ hasText: "Thank you: your answer is saved." })).toBeVisible();
  // A named survey's answer stays to change while it is open.
  await expect(firstPage.getByRole("button", { name: "Change my answers" })).toBeVisible();
  await firstPage.goto("/myqsa/surveys");
  await expect(firstPage.getByRole("list", { name: "Surveys" }).getByRole("listitem").filter({ hasText: title })).toContainText("Answered");
  await expectNoAxeViolations(firstPage);
  await shoot(firstPage, "member-surveys");
  await firstContext.close();

  // The second member answers by keyboard only.
  const secondContext = await browser.newContext({ baseURL: site.url });
  const secondPage = await secondContext.newPage();
  await signInPage(secondPage, site, second);
  await secondPage.goto("/myqsa/surveys");
  await tabTo(secondPage, secondPage.getByRole("link", { name: title }));
  await secondPage.keyboard.press("Enter");
  await expect(secondPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const keyboard = secondPage.getByRole("form", { name: `Answer ${title}` });
  // The first radio of a group takes the focus; an arrow moves to the next and chooses it.
  await tabTo(secondPage, keyboard.getByRole("radio", { name: "Red" }));
  await secondPage.keyboard.press("ArrowDown");
  await expect(keyboard.getByRole("radio", { name: "Blue" })).toBeChecked();
  await tabTo(secondPage, keyboard.getByRole("checkbox", { name: "Tue" }));
  await secondPage.keyboard.press("Space");
  await tabTo(secondPage, keyboard.getByRole("radio", { name: "1", exact: true }));
  await secondPage.keyboard.press("ArrowRight");
  await secondPage.keyboard.press("ArrowRight");
  await expect(keyboard.getByRole("radio", { name: "3", exact: true })).toBeChecked();
  await tabTo(secondPage, keyboard.getByLabel(/How many staff/));
  await secondPage.keyboard.type("4");
  await tabTo(secondPage, keyboard.getByLabel(/One word for downtown/));
  await secondPage.keyboard.type("Lively");
  await tabTo(secondPage, keyboard.getByRole("button", { name: "Send my answers" }));
  await secondPage.keyboard.press("Enter");
  await expect(secondPage.getByRole("status").filter({ hasText: "Thank you: your answer is saved." })).toBeVisible();
  await secondContext.close();

  // The administrator reads the results live: the chart and its table count both answers.
  await listed.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("2 answers in all.")).toBeVisible();
  const colour = page.getByRole("region", { name: "1. Favourite colour" });
  await expect(colour.getByRole("img", { name: "Favourite colour: Red 0 (0%), Blue 2 (100%)." })).toBeVisible({ timeout: 15_000 });
  await expect(colour.getByRole("row", { name: "Blue 2 100%" })).toBeVisible();
  const rating = page.getByRole("region", { name: "3. How was the year" });
  await expect(rating).toContainText("Average: 3.5");
  await expect(rating.getByRole("img", { name: /How was the year: 1 0 \(0%\), 2 0 \(0%\), 3 1 \(50%\), 4 1 \(50%\), 5 0 \(0%\)\./ })).toBeVisible();
  await expect(page.getByRole("region", { name: "4. How many staff" })).toContainText("Average: 8");
  await expect(page.getByRole("region", { name: "7. Anything else" }).getByRole("list")).toContainText("A good year for the street.");
  await expectNoAxeViolations(page);
  await shoot(page, "survey-results");

  // The CSV has both answers, one row each, a formula neutralised.
  const href = await page.getByRole("link", { name: "Download the answers (CSV)" }).getAttribute("href");
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe("Submitted,Name,E-mail,Favourite colour,Which days suit you,How was the year,How many staff,Best date for the fair,One word for downtown,Anything else");
  expect(lines.find((l) => l.includes(first))).toContain("Mon; Wed");
  expect(lines.find((l) => l.includes(first))).toContain(`"'=HYPERLINK(""x"")"`);
  expect(lines.find((l) => l.includes(second))).toContain("Lively");
});
