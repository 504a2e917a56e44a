// Surveys as administrators build them and people answer them: the builder's refusals, every refusal of an answer
// beside its question or button, one answer per person (changeable when named, final when anonymous), a visitor's
// answer counted only once its mailed link is opened (and the same reply for an address that answered before), the
// results and the CSV, an anonymous survey's rows checked in the database, and the reminder read from a real SMTP server.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { errorOf, invalidOf, setUp, setUpSignIn } from "#tests/setup/app.ts";
import { setUpTestAppWithMail } from "#tests/setup/mail-app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { signUpProof } from "#tests/setup/sign-up-challenge.ts";
import { SURVEY_MAIL_JOB } from "./survey-mail.ts";

const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const members = setUp(async () => {
  const a = await createBusiness(t.database.db, { name: "Survey A" });
  const b = await createBusiness(t.database.db, { name: "Survey B" });
  return { a: await signInOwnerOf(t, admin.cookie, a.id), b: await signInOwnerOf(t, admin.cookie, b.id) };
});

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const QUESTIONS = [
  { id: "q-colour", kind: "oneChoice", label: "Favourite colour", help: "Pick one", required: true, options: ["Red", "Blue"] },
  { id: "q-days", kind: "severalChoices", label: "Which days", required: false, options: ["Mon", "Tue", "Wed"] },
  { id: "q-rating", kind: "rating", label: "How was the year", required: true },
  { id: "q-count", kind: "number", label: "Staff count", required: false },
  { id: "q-date", kind: "date", label: "Best date", required: false },
  { id: "q-short", kind: "shortText", label: "One word", required: false },
  { id: "q-long", kind: "longText", label: "Anything else", required: false },
];
const survey = (title: string, extra: Record<string, unknown> = {}) => ({ title, description: "Tell us", status: "open", closesAt: at(7 * 24 * HOUR), audience: "members", questions: QUESTIONS, ...extra });
const make = async (title: string, extra: Record<string, unknown> = {}) => {
  const response = await t.request("/api/v1/surveys", { method: "POST", json: survey(title, extra), cookie: admin.cookie });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; questions: Array<{ id: string }> };
};
const GOOD = { "q-colour": "Blue", "q-days": ["Tue", "Mon"], "q-rating": 4, "q-count": "12", "q-date": "2026-05-31", "q-short": "=SUM(A1)", "q-long": "Fine" };
const answer = (id: string, cookie: string | undefined, answers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.request(`/api/v1/surveys/${id}/responses`, { method: "POST", json: { answers, ...extra }, cookie });
const proof = () => signUpProof((path) => t.request(path));

describe("surveys", () => {
  it("refuses a survey without a title or questions, and choices without options, beside the field", async () => {
    const bad = await invalidOf(await t.request("/api/v1/surveys", { method: "POST", json: { title: " ", questions: [] }, cookie: admin.cookie }));
    expect(bad.fields).toMatchObject({ title: "Title is required.", questions: "Add at least one question." });
    const noOptions = await invalidOf(await t.request("/api/v1/surveys", { method: "POST", json: survey("x", { questions: [{ kind: "oneChoice", label: "Pick", options: ["Only"] }] }), cookie: admin.cookie }));
    expect(noOptions.fields.questions).toBe("Give each question a text and a kind; choices need at least two options.");
    const openForever = await invalidOf(await t.request("/api/v1/surveys", { method: "POST", json: survey("x", { closesAt: null }), cookie: admin.cookie }));
    expect(openForever.fields).toEqual({ closesAt: "An open survey needs a closing date and time." });
  });

  it("refuses each bad answer beside its question, and keeps nothing of a refused answer", async () => {
    const { id } = await make("Refusals");
    const missing = await invalidOf(await answer(id, members.a.cookie, { "q-days": ["Mon"] }));
    expect(missing.fields).toEqual({ "answers.q-colour": "This question needs an answer.", "answers.q-rating": "This question needs an answer." });
    const wrong = await invalidOf(await answer(id, members.a.cookie, { ...GOOD, "q-rating": 7, "q-count": "twelve", "q-date": "2026-02-30", "q-colour": "Green" }));
    expect(wrong.fields).toEqual({
      "answers.q-rating": "Choose a rating from 1 to 5.",
      "answers.q-count": "Give a number, such as 12 or 3.5.",
      "answers.q-date": "Give a date, such as 2026-05-31.",
      "answers.q-colour": "Choose one of the options.",
    });
    const results = (await (await t.request(`/api/v1/surveys/${id}/results`, { cookie: admin.cookie })).json()) as { responses: number };
    expect(results.responses).toBe(0);
  });

  it("a member answers a named survey once and changes it until it closes; then answers are refused", async () => {
    const { id } = await make("Named");
    expect(await (await answer(id, members.a.cookie, GOOD)).json()).toEqual({ status: "saved", message: "Thank you: your answer is saved." });
    const changed = await answer(id, members.a.cookie, { ...GOOD, "q-colour": "Red" });
    expect(await changed.json()).toEqual({ status: "changed", message: "Your answer is changed." });
    const mine = (await (await t.request(`/api/v1/surveys/${id}`, { cookie: members.a.cookie })).json()) as { answered: boolean; myAnswers: Record<string, unknown> };
    expect(mine.answered).toBe(true);
    expect(mine.myAnswers).toMatchObject({ "q-colour": "Red", "q-days": ["Mon", "Tue"], "q-count": 12 });
    // Closing it.
    expect((await t.request(`/api/v1/surveys/${id}`, { method: "PUT", json: survey("Named", { status: "closed" }), cookie: admin.cookie })).status).toBe(200);
    const closed = await answer(id, members.a.cookie, GOOD);
    expect(closed.status).toBe(409);
    expect((await errorOf(closed)).fields).toEqual({ submit: "This survey is not open: answers are closed." });
  });

  it("an anonymous answer is final, and the database holds no link from an answer to its person", async () => {
    const { id } = await make("Anonymous", { anonymous: true });
    expect((await answer(id, members.a.cookie, GOOD)).status).toBe(200);
    expect((await answer(id, members.b.cookie, { ...GOOD, "q-short": "Other" })).status).toBe(200);
    const again = await answer(id, members.a.cookie, GOOD);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).fields).toEqual({ submit: "You have already answered this survey. Answers to an anonymous survey cannot be changed." });
    const rows = await t.database.db.selectFrom("survey_response").selectAll().where("surveyId", "=", id).execute();
    expect(rows).toHaveLength(2);
    const keys = (await t.database.db.selectFrom("survey_respondent").select("personKey").where("surveyId", "=", id).execute()).map((r) => r.personKey);
    expect(keys).toHaveLength(2);
    for (const row of rows) {
      expect(row.userId).toBeNull();
      expect(row.email).toBeNull();
      // An answer's moment is its day only.
      expect(row.submittedAt).toMatch(/T00:00:00\.000Z$/);
      const text = JSON.stringify(row);
      for (const person of [members.a.user, members.b.user]) {
        expect(text).not.toContain(person.id);
        expect(text).not.toContain(person.email);
      }
      for (const key of keys) expect(text).not.toContain(key);
    }
    // The member's own view keeps no answers either, and the CSV names no one.
    expect(((await (await t.request(`/api/v1/surveys/${id}`, { cookie: members.a.cookie })).json()) as { myAnswers: unknown }).myAnswers).toBeNull();
    const csv = await (await t.request(`/api/v1/exports/surveys/${id}.csv`, { cookie: admin.cookie })).text();
    expect(csv).not.toContain(members.a.user.email);
    expect(csv).not.toContain("E-mail");
  });

  it("counts and shares per choice, averages, texts, and a CSV with one neutralised row per answer", async () => {
    const { id } = await make("Results");
    await answer(id, members.a.cookie, GOOD);
    await answer(id, members.b.cookie, { "q-colour": "Red", "q-rating": 2, "q-count": 3.5, "q-long": "Good year" });
    const results = (await (await t.request(`/api/v1/surveys/${id}/results`, { cookie: admin.cookie })).json()) as {
      responses: number;
      questions: Array<{ id: string; answered: number; counts: Array<{ label: string; count: number; percent: number }>; average: number | null; texts: string[] }>;
    };
    expect(results.responses).toBe(2);
    const q = (qid: string) => results.questions.find((x) => x.id === qid)!;
    expect(q("q-colour").counts).toEqual([
      { label: "Red", count: 1, percent: 50 },
      { label: "Blue", count: 1, percent: 50 },
    ]);
    expect(q("q-days").counts.map((c) => c.count)).toEqual([1, 1, 0]);
    expect(q("q-rating").average).toBe(3);
    expect(q("q-count").average).toBe(7.75);
    expect(q("q-long").texts).toEqual(["Fine", "Good year"]);
    const response = await t.request(`/api/v1/exports/surveys/${id}.csv`, { cookie: admin.cookie });
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe("Submitted,Name,E-mail,Favourite colour,Which days,How was the year,Staff count,Best date,One word,Anything else");
    expect(lines[1]).toContain(members.a.user.email);
    expect(lines[1]).toContain("Mon; Tue");
    // A formula-like text is neutralised.
    expect(lines[1]).toContain("'=SUM(A1)");
  });

  it("shows results to respondents after closing only when the survey says so", async () => {
    const shown = await make("Shown after", { showResults: true });
    const hidden = await make("Hidden", { showResults: false });
    for (const s of [shown, hidden]) await answer(s.id, members.a.cookie, GOOD);
    expect((await t.request(`/api/v1/surveys/${shown.id}/results`, { cookie: members.a.cookie })).status).toBe(403);
    for (const [s, showResults] of [
      [shown, true],
      [hidden, false],
    ] as const)
      await t.request(`/api/v1/surveys/${s.id}`, { method: "PUT", json: survey("Closed", { status: "closed", showResults }), cookie: admin.cookie });
    expect((await t.request(`/api/v1/surveys/${shown.id}/results`, { cookie: members.a.cookie })).status).toBe(200);
    // Not to someone who did not answer, nor when the survey keeps them.
    expect((await t.request(`/api/v1/surveys/${shown.id}/results`, { cookie: members.b.cookie })).status).toBe(403);
    expect((await t.request(`/api/v1/surveys/${hidden.id}/results`, { cookie: members.a.cookie })).status).toBe(403);
  });

  it("a question keeps its kind once the survey has answers, said beside the questions", async () => {
    const made = await make("Locked kinds");
    await answer(made.id, members.a.cookie, GOOD);
    const changed = QUESTIONS.map((q) => (q.id === "q-count" ? { ...q, kind: "shortText" } : q));
    const refused = await invalidOf(await t.request(`/api/v1/surveys/${made.id}`, { method: "PUT", json: survey("Locked kinds", { questions: changed }), cookie: admin.cookie }));
    expect(refused.fields).toEqual({ questions: "Question 4 (Staff count) cannot change kind: the survey already has answers." });
    // Its words and order may change.
    const reordered = [...QUESTIONS].reverse().map((q) => ({ ...q, label: `${q.label}!` }));
    expect((await t.request(`/api/v1/surveys/${made.id}`, { method: "PUT", json: survey("Locked kinds", { questions: reordered }), cookie: admin.cookie })).status).toBe(200);
  });

  it("a public survey needs the proof of work; a visitor's answer counts once the mailed link is opened, once per address", async () => {
    const { id } = await make("Public", { audience: "public", anonymous: true });
    // Anyone sees it.
    expect((await t.request(`/api/v1/surveys/${id}`)).status).toBe(200);
    const noProof = await answer(id, undefined, GOOD, { email: "visitor@example.com" });
    expect((await errorOf(noProof)).fields).toEqual({ submit: "Your browser could not prove it is not a robot. Try again." });
    const noEmail = await answer(id, undefined, GOOD, { altcha: await proof() });
    expect((await errorOf(noEmail)).fields).toEqual({ email: "Give your e-mail address, such as name@example.com: we send you a link to confirm your answer." });
    const first = await answer(id, undefined, GOOD, { email: "visitor@example.com", altcha: await proof() });
    const firstReply = await first.json();
    expect(firstReply).toEqual({ status: "pending", message: "Check your e-mail: your answer counts once you open the link we sent. If this address already answered, the link says so." });
    const count = async () => ((await (await t.request(`/api/v1/surveys/${id}/results`, { cookie: admin.cookie })).json()) as { responses: number }).responses;
    expect(await count()).toBe(0);
    const confirmMail = await mail.receiver.waitFor("visitor@example.com", /Confirm your answer: Public/);
    expect(confirmMail.parts.text).toContain("If that was not you, do nothing");
    const token = new URL(mail.receiver.linkIn(confirmMail, "http")).searchParams.get("confirm")!;
    const confirmed = await t.request(`/api/v1/surveys/${id}/responses/confirm`, { method: "POST", json: { token } });
    expect(await confirmed.json()).toEqual({ status: "confirmed", message: "Thank you: your answer is confirmed and counted." });
    expect(await count()).toBe(1);
    // The link works once.
    expect((await t.request(`/api/v1/surveys/${id}/responses/confirm`, { method: "POST", json: { token } })).status).toBe(400);
    // The same address again: the same reply, and its link says it already answered; the count stays.
    const second = await answer(id, undefined, { ...GOOD, "q-colour": "Red" }, { email: "Visitor@Example.com", altcha: await proof() });
    expect(await second.json()).toEqual(firstReply);
    const secondMail = await mail.receiver.waitFor("visitor@example.com", /Confirm your answer: Public/);
    const token2 = new URL(mail.receiver.linkIn(secondMail, "http")).searchParams.get("confirm")!;
    expect(await (await t.request(`/api/v1/surveys/${id}/responses/confirm`, { method: "POST", json: { token: token2 } })).json()).toEqual({
      status: "already",
      message: "This address has already answered this survey: the answer given first is the one counted.",
    });
    expect(await count()).toBe(1);
    // A signed-in person answers by account, with the proof of work too.
    expect((await answer(id, plainUser.cookie, GOOD, { altcha: await proof() })).status).toBe(200);
    expect(await count()).toBe(2);
  });

  it("reminds each member who has not answered once before it closes, by mail with a plain-text part and a way to stop", async () => {
    const { id } = await make("Closing soon", { closesAt: at(24 * HOUR) });
    await answer(id, members.a.cookie, GOOD);
    await t.services.jobs.runNow(SURVEY_MAIL_JOB);
    const reminder = await mail.receiver.waitFor(members.b.user.email, /Reminder: Closing soon/);
    expect(reminder.parts.text).toContain(`/myqsa/surveys/${id}`);
    expect(reminder.parts.text).toContain("you have not answered this survey yet");
    expect(reminder.parts.text).toContain("/myaccount#notifications");
    await mail.receiver.waitFor(admin.user.email, /Reminder: Closing soon/);
    await t.services.jobs.runNow(SURVEY_MAIL_JOB);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.receiver.inbox.filter((m) => m.subject.includes("Closing soon"))).toEqual([]);
    // Not to the member who answered.
    expect(mail.receiver.inbox.some((m) => m.to.includes(members.a.user.email.toLowerCase()) && m.subject.includes("Closing soon"))).toBe(false);
  });

  it("lists open unanswered surveys on the member's dashboard, and no more once answered", async () => {
    const { id } = await make("On the dashboard");
    const tasks = async (cookie: string) => ((await (await t.request("/api/v1/me/dashboard", { cookie })).json()) as { tasks: Array<{ id: string; title: string }> }).tasks;
    expect((await tasks(members.b.cookie)).find((task) => task.id === `survey-${id}`)?.title).toBe("Answer: On the dashboard");
    await answer(id, members.b.cookie, GOOD);
    expect((await tasks(members.b.cookie)).some((task) => task.id === `survey-${id}`)).toBe(false);
  });
});
