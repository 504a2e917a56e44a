// The registrations' jobs: the reminder the day before at the association's time, once per registration, and the
// deletion of registrations of events past the retention (site settings, a year unless an administrator says otherwise).
import { describe, expect, it } from "vitest";
import { createBusiness, createEvent } from "#server/db/factories.ts";
import { setUpSignIn } from "#tests/setup/app.ts";
import { setUpTestAppWithMail } from "#tests/setup/mail-app.ts";
import { REGISTRATION_REMINDERS_JOB, REGISTRATION_RETENTION_JOB } from "./index.ts";

const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");

async function registeredEvent(eventDate: string) {
  const host = await createBusiness(t.database.db, { name: "Reminder host" });
  const event = await createEvent(t.database.db, { name: "Garden workshop", location: host.id, eventDate, endDate: null, recurrenceRule: null });
  expect((await t.request(`/api/v1/events/${event.id}/registration`, { method: "PUT", json: { enabled: true, capacity: 5 }, cookie: admin.cookie })).status).toBe(200);
  return event;
}

describe("registration jobs", () => {
  it("reminds each registrant once, the day before, from the time the association set", async () => {
    // 12:00 in Toronto (the default time zone) on June 11, 2030; the reminder is due from 18:00 on June 10.
    const event = await registeredEvent("2030-06-11T16:00:00.000Z");
    const created = await t.request(`/api/v1/events/${event.id}/registrations`, { method: "POST", json: { name: "Rae", email: "rae-reminder@example.com" }, cookie: admin.cookie });
    expect(created.status).toBe(201);
    await mail.receiver.waitFor("rae-reminder@example.com", /^You are registered/);
    await t.services.jobs.runNow(REGISTRATION_REMINDERS_JOB, new Date("2030-06-10T21:59:00.000Z"));
    await t.services.jobs.runNow(REGISTRATION_REMINDERS_JOB, new Date("2030-06-10T22:05:00.000Z"));
    await t.services.jobs.runNow(REGISTRATION_REMINDERS_JOB, new Date("2030-06-10T22:10:00.000Z"));
    const reminder = await mail.receiver.waitFor("rae-reminder@example.com", /^Reminder: Garden workshop is tomorrow$/);
    expect(reminder.parts.text).toContain("Cancel my registration: http://localhost:3000/registrations/");
    expect(mail.receiver.inbox.filter((m) => m.to.includes("rae-reminder@example.com"))).toHaveLength(0);
  });

  it("deletes registrations of events past the retention, keeping the others", async () => {
    const old = await createEvent(t.database.db, { name: "Old tour", eventDate: new Date(Date.now() - 400 * 86_400_000).toISOString(), recurrenceRule: null });
    const recent = await createEvent(t.database.db, { name: "Recent tour", eventDate: new Date(Date.now() - 100 * 86_400_000).toISOString(), recurrenceRule: null });
    const now = new Date().toISOString();
    const row = (id: string, eventId: string) => ({ id, eventId, occurrenceDate: null, name: "Past", email: "past@example.com", userId: null, partySize: 1, answers: "{}", status: "confirmed", checkInCode: `${id}-code-0123456789`, cancelToken: "x", createdAt: now, lastUpdatedAt: now });
    await t.database.db.insertInto("registration").values([row("retentionOld", old.id), row("retentionRecent", recent.id)]).execute();
    await t.services.jobs.runNow(REGISTRATION_RETENTION_JOB);
    const left = await t.database.db.selectFrom("registration").select("id").where("id", "in", ["retentionOld", "retentionRecent"]).execute();
    expect(left.map((r) => r.id)).toEqual(["retentionRecent"]);
  });
});
