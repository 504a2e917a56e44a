// Meetings as administrators arrange them and members answer them: per-field errors, sanitized agendas, the order,
// answers refused once a meeting is over or cancelled, the calendar files (read with node-ical), the private
// calendar's reset, and the mail through a real SMTP server: a new meeting, an answer's confirmation with its
// invitation, a change (same UID, higher SEQUENCE) or a cancellation (METHOD:CANCEL) to those coming, the minutes.
import ical, { type VEvent } from "node-ical";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { errorOf, invalidOf, setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { createDocument } from "#tests/setup/documents.ts";
import { calendarIn } from "#tests/setup/mail-calendar.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { startSmtpReceiver, type SmtpReceiver } from "#tests/setup/smtp-receiver.ts";
import { MEETING_MAIL_JOB } from "./meeting-mail.ts";

let receiver: SmtpReceiver;
const t = setUpTestApp(async () => {
  receiver = await startSmtpReceiver();
  return { mailer: createMailer({ smtpUrl: receiver.url, from: "Site <site@example.com>", outboxDir: "/nonexistent", logger: pino({ level: "silent" }) }) };
});
afterAll(() => receiver?.close());
const admin = setUpSignIn(t, "admin");
const members = setUp(async () => {
  const a = await createBusiness(t.database.db, { name: "Meeting A" });
  const b = await createBusiness(t.database.db, { name: "Meeting B" });
  const c = await createBusiness(t.database.db, { name: "Meeting C" });
  return { a: await signInOwnerOf(t, admin.cookie, a.id), b: await signInOwnerOf(t, admin.cookie, b.id), c: await signInOwnerOf(t, admin.cookie, c.id) };
});
const plainUser = setUpSignIn(t, "user");

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Whole minutes, as calendars write times.
const at = (ms: number) => new Date(Math.floor((Date.now() + ms) / 60_000) * 60_000).toISOString();
const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });
const meeting = (title: string, extra: Record<string, unknown> = {}) => ({ title, startsAt: at(3 * DAY), endsAt: at(3 * DAY + 2 * HOUR), place: "Town hall", agenda: "<p>Budget</p>", ...extra });
const make = async (title: string, extra: Record<string, unknown> = {}) => {
  const response = await asAdmin("/api/v1/meetings", { method: "POST", json: meeting(title, extra) });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; sequence: number };
};
const answer = (id: string, cookie: string, response: string) => t.request(`/api/v1/meetings/${id}/rsvp`, { method: "POST", json: { response }, cookie });
const runMail = () => t.services.jobs.runNow(MEETING_MAIL_JOB);
const mailsTo = (to: string, title: string) => receiver.inbox.filter((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(title));
const vevents = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === "VEVENT") as VEvent[];

describe("meetings (administrators arrange, members answer)", () => {
  it("refuses bad input with a message beside each field at fault", async () => {
    const missing = await invalidOf(await asAdmin("/api/v1/meetings", { method: "POST", json: { title: " ", place: "Hall" } }));
    expect(missing.fields).toMatchObject({ title: "Title is required.", startsAt: "Starts must be a date and time.", endsAt: "Ends must be a date and time." });
    const backwards = await invalidOf(await asAdmin("/api/v1/meetings", { method: "POST", json: meeting("x", { endsAt: at(2 * DAY) }) }));
    expect(backwards.fields).toEqual({ endsAt: "Ends must be after Starts." });
    const nowhere = await invalidOf(await asAdmin("/api/v1/meetings", { method: "POST", json: meeting("x", { place: " ", videoLink: "" }) }));
    expect(nowhere.fields).toEqual({ place: "Give a place or a video link." });
    const badLink = await invalidOf(await asAdmin("/api/v1/meetings", { method: "POST", json: meeting("x", { place: null, videoLink: "javascript:alert(1)" }) }));
    expect(badLink.fields).toEqual({ videoLink: "Video link must be a web address starting with http:// or https://." });
    // A video link alone will do.
    expect((await asAdmin("/api/v1/meetings", { method: "POST", json: meeting("Online only", { place: null, videoLink: "https://meet.example.com/abc" }) })).status).toBe(201);
  });

  it("sanitizes the agenda and the minutes before they are stored", async () => {
    const { id } = await make("Clean", { agenda: '<p onclick="x()">Hi<script>alert(1)</script> <strong>all</strong></p>', minutes: "<script>alert(1)</script>" });
    const stored = await t.database.db.selectFrom("meeting").select(["agenda", "minutes"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ agenda: "<p>Hi <strong>all</strong></p>", minutes: null });
  });

  it("lists upcoming meetings soonest first, then past ones latest first", async () => {
    await make("Order later", { startsAt: at(20 * DAY), endsAt: at(20 * DAY + HOUR) });
    await make("Order sooner", { startsAt: at(10 * DAY), endsAt: at(10 * DAY + HOUR) });
    await make("Order long ago", { startsAt: at(-20 * DAY), endsAt: at(-20 * DAY + HOUR) });
    await make("Order lately", { startsAt: at(-10 * DAY), endsAt: at(-10 * DAY + HOUR) });
    const list = (await (await t.request("/api/v1/meetings", { cookie: members.a.cookie })).json()) as { upcoming: Array<{ title: string }>; past: Array<{ title: string; past: boolean }> };
    const ours = (items: Array<{ title: string }>) => items.map((m) => m.title).filter((title) => title.startsWith("Order"));
    expect(ours(list.upcoming)).toEqual(["Order sooner", "Order later"]);
    expect(ours(list.past)).toEqual(["Order lately", "Order long ago"]);
  });

  it("takes an answer and a change of it, and refuses one to a meeting that is over or cancelled", async () => {
    const { id } = await make("Answered");
    const yes = await answer(id, members.b.cookie, "yes");
    expect(yes.status).toBe(200);
    expect(await yes.json()).toMatchObject({ myResponse: "yes", counts: { yes: 1, no: 0, maybe: 0 } });
    expect(await (await answer(id, members.b.cookie, "maybe")).json()).toMatchObject({ myResponse: "maybe", counts: { yes: 0, no: 0, maybe: 1 }, attendees: { maybe: [members.b.user.displayName] } });
    expect((await invalidOf(await answer(id, members.b.cookie, "perhaps"))).fields).toEqual({ response: "Answer yes, no or maybe." });

    const past = await make("Over", { startsAt: at(-3 * HOUR), endsAt: at(-HOUR) });
    const refusedPast = await answer(past.id, members.b.cookie, "yes");
    expect(refusedPast.status).toBe(409);
    expect(await errorOf(refusedPast)).toMatchObject({ message: "This meeting is over: answers are closed.", fields: { response: "This meeting is over: answers are closed." } });
    const cancelled = await make("Called off", { cancelled: true });
    const refusedCancelled = await answer(cancelled.id, members.b.cookie, "yes");
    expect(refusedCancelled.status).toBe(409);
    expect((await errorOf(refusedCancelled)).message).toBe("This meeting is cancelled: there is nothing to answer.");
    expect((await answer("no-such-meeting", members.b.cookie, "yes")).status).toBe(404);
  });

  it("gives a member the meeting as a calendar file with a stable UID, its sequence rising with each change of time, place or cancellation", async () => {
    const { id } = await make("Calendar file", { startsAt: "2031-03-04T23:00:00.000Z", endsAt: "2031-03-05T01:00:00.000Z" });
    const file = async () => {
      const response = await t.request(`/myqsa/meetings/${id}.ics`, { cookie: members.a.cookie });
      expect(response.headers.get("content-type")).toContain("text/calendar");
      const [event] = vevents(await response.text());
      return event!;
    };
    const first = await file();
    expect(first.summary).toBe("Calendar file");
    expect(first.start.toISOString()).toBe("2031-03-04T23:00:00.000Z");
    expect(first.location).toBe("Town hall");
    expect(first.status).toBe("CONFIRMED");
    expect(Number(first.sequence)).toBe(0);
    const save = (extra: Record<string, unknown>) => asAdmin(`/api/v1/meetings/${id}`, { method: "PUT", json: meeting("Calendar file", { startsAt: "2031-03-04T23:00:00.000Z", endsAt: "2031-03-05T01:00:00.000Z", ...extra }) });
    // A new agenda alone changes nothing in anyone's calendar.
    expect(((await (await save({ agenda: "<p>More</p>" })).json()) as { sequence: number }).sequence).toBe(0);
    expect(((await (await save({ place: "Library" })).json()) as { sequence: number }).sequence).toBe(1);
    const moved = await file();
    expect(moved.uid).toBe(first.uid);
    expect(Number(moved.sequence)).toBe(1);
    expect(moved.location).toBe("Library");
    await save({ place: "Library", cancelled: true });
    const cancelled = await file();
    expect(cancelled.uid).toBe(first.uid);
    expect(Number(cancelled.sequence)).toBe(2);
    expect(cancelled.status).toBe("CANCELLED");
  });

  it("serves every meeting at the member's private address, until it is reset", async () => {
    const { id } = await make("In the feed");
    await make("Cancelled in the feed", { cancelled: true });
    const { url } = (await (await t.request("/api/v1/me/meeting-calendar", { cookie: members.c.cookie })).json()) as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:3000\/myqsa\/meetings\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
    const feed = await t.request(new URL(url).pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("cache-control")).toContain("no-store");
    const events = vevents(await feed.text());
    expect(events.find((e) => e.summary === "In the feed")?.uid).toBe(`meeting-${id}@localhost:3000`);
    expect(events.find((e) => e.summary === "Cancelled in the feed")?.status).toBe("CANCELLED");

    const reset = (await (await t.request("/api/v1/me/meeting-calendar/reset", { method: "POST", cookie: members.c.cookie, json: { confirm: true } })).json()) as { url: string };
    expect(reset.url).not.toBe(url);
    expect((await t.request(new URL(url).pathname)).status).toBe(404);
    expect((await t.request(new URL(reset.url).pathname)).status).toBe(200);
  });

  it("mails a new meeting, each answer's confirmation with its invitation, a change and a cancellation to those coming, and the minutes, each once", async () => {
    // Member C wants meetings in the weekly digest and no minutes: they get neither by mail.
    expect((await t.request("/api/v1/me/notifications", { method: "PUT", json: { meetings: "in a weekly digest", minutes: "off" }, cookie: members.c.cookie })).status).toBe(200);
    const { id } = await make("Annual general meeting");
    await runMail();
    const announced = await receiver.waitFor(members.a.user.email, /Meeting: Annual general meeting/);
    expect(announced.raw).toMatch(/Content-Type: text\/plain/);
    expect(announced.text).toContain("Where: Town hall");
    expect(announced.text).toContain("because you are a member");
    expect(receiver.linkIn(announced, "http://localhost:3000/myaccount")).toBe("http://localhost:3000/myaccount#notifications");
    expect(receiver.linkIn(announced, "http://localhost:3000/myqsa/")).toBe(`http://localhost:3000/myqsa/meetings/${id}`);
    await receiver.waitFor(members.b.user.email, /Meeting: Annual general meeting/);

    // A answers yes, B no: each is told; A's carries the invitation.
    await answer(id, members.a.cookie, "yes");
    await answer(id, members.b.cookie, "no");
    await answer(id, members.c.cookie, "maybe");
    await runMail();
    const confirmation = await receiver.waitFor(members.a.user.email, /You answered Yes: Annual general meeting/);
    const invitation = calendarIn(confirmation)!;
    expect(invitation.method).toBe("REQUEST");
    expect(invitation.content).toContain("METHOD:REQUEST");
    const [invited] = vevents(invitation.content);
    expect(invited!.uid).toBe(`meeting-${id}@localhost:3000`);
    expect(Number(invited!.sequence)).toBe(0);
    const declined = await receiver.waitFor(members.b.user.email, /You answered No: Annual general meeting/);
    expect(calendarIn(declined)).toBeNull();

    // The time changes: A (yes) gets the updated invitation; B (no) and C (digest) are not mailed.
    const moved = meeting("Annual general meeting", { startsAt: at(4 * DAY), endsAt: at(4 * DAY + 2 * HOUR) });
    expect((await asAdmin(`/api/v1/meetings/${id}`, { method: "PUT", json: moved })).status).toBe(200);
    await runMail();
    const changed = await receiver.waitFor(members.a.user.email, /Changed: Annual general meeting/);
    const [updated] = vevents(calendarIn(changed)!.content);
    expect(updated!.uid).toBe(invited!.uid);
    expect(Number(updated!.sequence)).toBeGreaterThan(Number(invited!.sequence));
    expect(updated!.start.toISOString()).toBe(new Date(moved.startsAt as string).toISOString());

    // Cancelled: METHOD:CANCEL, STATUS:CANCELLED.
    expect((await asAdmin(`/api/v1/meetings/${id}`, { method: "PUT", json: { ...moved, cancelled: true } })).status).toBe(200);
    await runMail();
    const cancelled = calendarIn(await receiver.waitFor(members.a.user.email, /Cancelled: Annual general meeting/))!;
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.content).toContain("METHOD:CANCEL");
    const [gone] = vevents(cancelled.content);
    expect(gone!.status).toBe("CANCELLED");
    expect(Number(gone!.sequence)).toBeGreaterThan(Number(updated!.sequence));

    // Minutes added: members are told (C wants none).
    expect((await asAdmin(`/api/v1/meetings/${id}`, { method: "PUT", json: { ...moved, cancelled: true, minutes: "<p>Held online instead.</p>" } })).status).toBe(200);
    await runMail();
    const minutes = await receiver.waitFor(members.b.user.email, /Minutes: Annual general meeting/);
    expect(minutes.text).toContain("Held online instead.");
    expect(minutes.text).toContain("send you minutes at once");

    // The job running again mails no one twice; C and the plain user got nothing of it.
    await runMail();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(members.a.user.email, "Annual general meeting").map((m) => m.subject)).toEqual([expect.stringMatching(/^Minutes:/)]);
    expect(mailsTo(members.b.user.email, "Annual general meeting")).toHaveLength(0);
    expect(mailsTo(members.c.user.email, "Annual general meeting")).toHaveLength(0);
    expect(mailsTo(plainUser.email, "Annual general meeting")).toHaveLength(0);
  });

  it("lists a meeting's files for members, keeps members-only ones from anyone else, and deletes them with the meeting", async () => {
    const { id } = await make("With files");
    const agenda = await createDocument(t, admin.cookie, { title: "Agenda PDF", visibility: "members", attachedTo: { kind: "meeting", id } });
    await createDocument(t, admin.cookie, { title: "Slides", visibility: "members", attachedTo: { kind: "meeting", id } }, { filename: "slides.pdf" });
    await createDocument(t, admin.cookie, { title: "Not this meeting's", visibility: "members" });
    const seen = (await (await t.request(`/api/v1/meetings/${id}`, { cookie: members.a.cookie })).json()) as { attachments: Array<{ title: string; url: string }> };
    expect(seen.attachments.map((d) => d.title).sort()).toEqual(["Agenda PDF", "Slides"]);
    const file = seen.attachments.find((d) => d.title === "Agenda PDF")!.url;
    expect((await t.request(file, { cookie: members.a.cookie })).status).toBe(200);
    expect([403, 404]).toContain((await t.request(file, { cookie: plainUser.cookie })).status);
    expect([401, 404]).toContain((await t.request(file)).status);

    expect((await asAdmin(`/api/v1/meetings/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await asAdmin(`/api/v1/documents/${agenda}`)).status).toBe(404);
  });

  it("the dashboard's next meetings carry the person's answer", async () => {
    const { id } = await make("Next one", { startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    await answer(id, members.a.cookie, "maybe");
    const next = await t.services.meetings.nextMeetingsFor(members.a.user.id, 50);
    expect(next.find((m) => m.id === id)).toMatchObject({ title: "Next one", myResponse: "maybe" });
    expect(next.every((m) => !m.cancelled && !m.past)).toBe(true);
  });
});
