// Volunteering as administrators write it and volunteers use it: per-field errors, sanitized descriptions, shifts kept,
// added and removed, the open list, a sign-up refused for a past shift or a second time (beside the button), the
// waiting list and its promotion, the roster with attendance and its CSV, the event's "volunteers needed", the
// dashboard, and the mail through a real SMTP server: confirmation with the shift's calendar entry (read with
// node-ical), the waiting list, "You have a place", one reminder the day before, and an administrator's message.
import ical, { type VEvent } from "node-ical";
import Papa from "papaparse";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createEvent } from "#server/db/factories.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { errorOf, invalidOf, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { calendarIn } from "#tests/setup/mail-calendar.ts";
import { startSmtpReceiver, type SmtpReceiver } from "#tests/setup/smtp-receiver.ts";
import type { AdminOpportunity, Opportunity, SignupResult } from "#shared/schemas/volunteer.ts";
import { VOLUNTEER_MAIL_JOB } from "./volunteer-mail.ts";

let receiver: SmtpReceiver;
const t = setUpTestApp(async () => {
  receiver = await startSmtpReceiver();
  return { mailer: createMailer({ smtpUrl: receiver.url, from: "Site <site@example.com>", outboxDir: "/nonexistent", logger: pino({ level: "silent" }) }) };
});
afterAll(() => receiver?.close());
const admin = setUpSignIn(t, "admin");
const ann = setUpSignIn(t, "user");
const ben = setUpSignIn(t, "user");
const cat = setUpSignIn(t, "business");

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(Math.floor((Date.now() + ms) / 60_000) * 60_000).toISOString();
const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });
const shift = (extra: Record<string, unknown> = {}) => ({ startsAt: at(3 * DAY), endsAt: at(3 * DAY + 2 * HOUR), place: "Market square", placesNeeded: 2, ...extra });
const make = async (title: string, extra: Record<string, unknown> = {}) => {
  const response = await asAdmin("/api/v1/volunteer/opportunities", { method: "POST", json: { title, description: "<p>Help out</p>", shifts: [shift()], ...extra } });
  expect(response.status).toBe(201);
  return (await response.json()) as AdminOpportunity;
};
const signUp = (shiftId: string, cookie: string) => t.request(`/api/v1/volunteer/shifts/${shiftId}/signups`, { method: "POST", cookie });
const cancel = (shiftId: string, cookie: string) => t.request(`/api/v1/volunteer/shifts/${shiftId}/signups/me`, { method: "DELETE", cookie });
const runMail = () => t.services.jobs.runNow(VOLUNTEER_MAIL_JOB);
const mailsTo = (to: string, subject: string) => receiver.inbox.filter((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject));
const detail = async (id: string) => (await (await asAdmin(`/api/v1/volunteer/opportunities/${id}`)).json()) as AdminOpportunity;

describe("volunteering (administrators write, anyone signed in volunteers)", () => {
  it("refuses bad input with a message beside each field at fault", async () => {
    const missing = await invalidOf(await asAdmin("/api/v1/volunteer/opportunities", { method: "POST", json: { title: " ", shifts: [] } }));
    expect(missing.fields).toMatchObject({ title: "Title is required.", shifts: "Add at least one shift." });
    const badShift = await invalidOf(
      await asAdmin("/api/v1/volunteer/opportunities", { method: "POST", json: { title: "x", shifts: [shift({ endsAt: at(2 * DAY), place: " ", placesNeeded: 0 })] } }),
    );
    expect(badShift.fields).toEqual({ "shifts.0.endsAt": "Ends must be after Starts.", "shifts.0.place": "Place is required.", "shifts.0.placesNeeded": "Places needed must be a whole number from 1 to 1000." });
    const noEvent = await invalidOf(await asAdmin("/api/v1/volunteer/opportunities", { method: "POST", json: { title: "x", eventId: "nope", shifts: [shift()] } }));
    expect(noEvent.fields).toEqual({ eventId: "Event not found." });
    const dateAlone = await invalidOf(await asAdmin("/api/v1/volunteer/opportunities", { method: "POST", json: { title: "x", occurrenceDate: "2030-01-01", shifts: [shift()] } }));
    expect(dateAlone.fields).toEqual({ eventId: "Choose the event this date belongs to." });
  });

  it("sanitizes the description, and keeps, adds and removes shifts on a change", async () => {
    const made = await make("Clean", { description: '<p onclick="x()">Hi<script>alert(1)</script> <strong>all</strong></p>' });
    expect(made.description).toBe("<p>Hi <strong>all</strong></p>");
    const kept = made.shifts[0]!;
    expect((await signUp(kept.id, ann.cookie)).status).toBe(201);
    const changed = await asAdmin(`/api/v1/volunteer/opportunities/${made.id}`, {
      method: "PUT",
      json: { title: "Clean 2", shifts: [{ ...shift({ place: "Park" }), id: kept.id }, shift({ startsAt: at(4 * DAY), endsAt: at(4 * DAY + HOUR) })] },
    });
    expect(changed.status).toBe(200);
    const after = (await changed.json()) as AdminOpportunity;
    expect(after.shifts.map((s) => s.place)).toEqual(["Park", "Market square"]);
    expect(after.shifts[0]).toMatchObject({ id: kept.id, filled: 1 });
    const unknown = await invalidOf(await asAdmin(`/api/v1/volunteer/opportunities/${made.id}`, { method: "PUT", json: { title: "x", shifts: [{ ...shift(), id: "not-a-shift" }] } }));
    expect(unknown.fields).toEqual({ "shifts.0.id": "Shift not found." });
  });

  it("lists open opportunities only, soonest first, with their shifts to come", async () => {
    await make("Open later", { shifts: [shift({ startsAt: at(30 * DAY), endsAt: at(30 * DAY + HOUR) })] });
    await make("Open sooner", { shifts: [shift({ startsAt: at(-2 * DAY), endsAt: at(-2 * DAY + HOUR) }), shift({ startsAt: at(20 * DAY), endsAt: at(20 * DAY + HOUR) })] });
    await make("All past", { shifts: [shift({ startsAt: at(-3 * DAY), endsAt: at(-3 * DAY + HOUR) })] });
    const list = (await (await t.request("/api/v1/volunteer/opportunities")).json()) as Opportunity[];
    const ours = list.filter((o) => ["Open later", "Open sooner", "All past"].includes(o.title));
    expect(ours.map((o) => o.title)).toEqual(["Open sooner", "Open later"]);
    expect(ours[0]!.shifts).toHaveLength(1);
  });

  it("refuses a sign-up for a shift that has started, and a second one, beside the button", async () => {
    const past = await make("Past shift", { shifts: [shift({ startsAt: at(-HOUR), endsAt: at(HOUR) })] });
    const late = await signUp(past.shifts[0]!.id, ann.cookie);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toMatchObject({ message: "This shift has already started: sign-ups are closed.", fields: { signup: "This shift has already started: sign-ups are closed." } });
    const open = await make("Twice");
    expect((await signUp(open.shifts[0]!.id, ann.cookie)).status).toBe(201);
    const twice = await signUp(open.shifts[0]!.id, ann.cookie);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).fields).toEqual({ signup: "You are already signed up for this shift." });
    expect((await signUp("no-such-shift", ann.cookie)).status).toBe(404);
  });

  it("a full shift's waiting list, promoted on a cancel and mailed: confirmation with the calendar entry, waiting, You have a place", async () => {
    const made = await make("Street fair crew");
    const shiftId = made.shifts[0]!.id;
    const statuses = [];
    for (const who of [ann, ben, cat]) statuses.push(((await (await signUp(shiftId, who.cookie)).json()) as SignupResult).status);
    expect(statuses).toEqual(["confirmed", "confirmed", "waiting"]);
    await runMail();
    const [confirmation] = mailsTo(ann.email, "Signed up: Street fair crew");
    expect(confirmation).toBeDefined();
    expect(confirmation!.parts.text).toContain("You are signed up for this shift.");
    expect(confirmation!.parts.text).toContain("Change your notification preferences:");
    expect(confirmation!.parts.html).toContain("<h1>Street fair crew</h1>");
    const entry = calendarIn(confirmation!);
    const [vevent] = Object.values(ical.sync.parseICS(entry!.content)).filter((c) => c?.type === "VEVENT") as VEvent[];
    expect(vevent!.uid).toBe(`volunteer-shift-${shiftId}@localhost:3000`);
    expect(vevent!.location).toBe("Market square");
    expect(new Date(vevent!.start).toISOString()).toBe(made.shifts[0]!.startsAt);
    expect(mailsTo(cat.email, "Waiting list: Street fair crew")).toHaveLength(1);

    expect((await cancel(shiftId, ann.cookie)).status).toBe(200);
    const after = await detail(made.id);
    expect(after.shifts[0]!.roster.map((r) => [r.displayName, r.status])).toEqual([
      [ben.user.displayName, "confirmed"],
      [cat.user.displayName, "confirmed"],
    ]);
    await runMail();
    const [promoted] = mailsTo(cat.email, "You have a place: Street fair crew");
    expect(promoted!.parts.text).toContain("A place freed on the shift you waited for: you are now confirmed.");
    expect(calendarIn(promoted!)).not.toBeNull();
    // Nothing mailed twice on a later run.
    await runMail();
    expect(mailsTo(cat.email, "Street fair crew")).toHaveLength(2);
    expect(mailsTo(ben.email, "Street fair crew")).toHaveLength(1);
  });

  it("reminds each one confirmed once, the day before; not someone who chose no volunteering mail", async () => {
    const made = await make("Tomorrow's crew", { shifts: [shift({ startsAt: at(12 * HOUR), endsAt: at(14 * HOUR), placesNeeded: 5 })] });
    expect((await t.request("/api/v1/me/notifications", { method: "PUT", json: { volunteering: "off" }, cookie: ben.cookie })).status).toBe(200);
    await signUp(made.shifts[0]!.id, ann.cookie);
    await signUp(made.shifts[0]!.id, ben.cookie);
    await runMail();
    await runMail();
    expect(mailsTo(ann.email, "Tomorrow: Tomorrow's crew")).toHaveLength(1);
    expect(mailsTo(ben.email, "Tomorrow's crew")).toHaveLength(0);
    expect(mailsTo(ann.email, "Tomorrow: Tomorrow's crew")[0]!.parts.text).toContain("If you cannot come, cancel on the site");
    await t.request("/api/v1/me/notifications", { method: "PUT", json: { volunteering: "at once" }, cookie: ben.cookie });
  });

  it("the roster: attendance marked, a message mailed to each volunteer, and its CSV neutralised against formulas", async () => {
    const made = await make("=Roster crew", { shifts: [shift({ placesNeeded: 1 })] });
    const shiftId = made.shifts[0]!.id;
    await signUp(shiftId, ann.cookie);
    await signUp(shiftId, ben.cookie);
    const roster = (await detail(made.id)).shifts[0]!.roster;
    const marked = await asAdmin(`/api/v1/volunteer/signups/${roster[0]!.signupId}/attendance`, { method: "PUT", json: { attended: true } });
    expect(await marked.json()).toMatchObject({ attended: true, displayName: ann.user.displayName });
    expect((await invalidOf(await asAdmin(`/api/v1/volunteer/signups/${roster[0]!.signupId}/attendance`, { method: "PUT", json: { attended: "yes" } }))).fields).toEqual({
      attended: "Send attended as true or false.",
    });

    expect((await invalidOf(await asAdmin(`/api/v1/volunteer/shifts/${shiftId}/messages`, { method: "POST", json: { subject: "", message: " " } }))).fields).toEqual({
      subject: "Subject is required.",
      message: "Message is required.",
    });
    const sent = await asAdmin(`/api/v1/volunteer/shifts/${shiftId}/messages`, { method: "POST", json: { subject: "Parking for the crew", message: "Park behind the <hall>." } });
    expect(await sent.json()).toEqual({ sent: 1 });
    const [message] = mailsTo(ann.email, "Parking for the crew");
    expect(message!.parts.text).toContain("Park behind the <hall>.");
    expect(message!.parts.html).toContain("Park behind the &lt;hall&gt;.");
    // Only the confirmed volunteers are written to.
    expect(mailsTo(ben.email, "Parking for the crew")).toHaveLength(0);

    const csv = await asAdmin(`/api/v1/exports/volunteer/shifts/${shiftId}.csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = Papa.parse<Record<string, string>>((await csv.text()).replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => [r.opportunity, r.name, r.email, r.status, r.attended])).toEqual([
      ["'=Roster crew", ann.user.displayName, ann.email, "Confirmed", "yes"],
      ["'=Roster crew", ben.user.displayName, ben.email, "Waiting list", ""],
    ]);
    expect((await asAdmin("/api/v1/exports/volunteer/shifts/nope.csv")).status).toBe(404);
  });

  it("an event's page counts the places still open across its opportunities, and the dashboard lists the person's shifts", async () => {
    const event = await createEvent(t.database.db, { name: "Harvest festival" });
    const made = await make("Festival crew", { eventId: event.id, shifts: [shift({ placesNeeded: 3 }), shift({ startsAt: at(-2 * DAY), endsAt: at(-2 * DAY + HOUR), placesNeeded: 9 })] });
    expect(made.event).toEqual({ id: event.id, name: "Harvest festival", href: `/events/${event.id}` });
    await signUp(made.shifts.find((s) => !s.past)!.id, cat.cookie);
    expect(await t.services.volunteering.neededFor(event.id)).toEqual({ openPlaces: 2, opportunities: [{ id: made.id, title: "Festival crew", openPlaces: 2 }] });
    const dashboard = (await (await t.request("/api/v1/me/dashboard", { cookie: cat.cookie })).json()) as { sections: Array<{ id: string; items: Array<{ title: string; href: string }> }> };
    const section = dashboard.sections.find((s) => s.id === "volunteering");
    expect(section?.items.map((i) => i.title)).toContain("Festival crew");
    const mine = (await (await t.request("/api/v1/me/volunteer/signups", { cookie: cat.cookie })).json()) as Array<{ opportunityTitle: string }>;
    expect(mine.map((s) => s.opportunityTitle)).toContain("Festival crew");
  });
});
