// Registration for events through the API: who may do what (anonymous, a plain user, the host's owner, another owner,
// an administrator), refusals beside their fields, the mails as a mail program reads them (calendar entry read with
// node-ical, the QR image and its code in words), the waiting list moving on a cancellation and on a raised capacity,
// and no way to learn whether an address registered.
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { createBusiness, createEvent } from "#server/db/factories.ts";
import { setUp, setUpSignIn, invalidOf, errorOf } from "#tests/setup/app.ts";
import { setUpTestAppWithMail } from "#tests/setup/mail-app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { calendarIn } from "#tests/setup/mail-calendar.ts";
import { signUpProof } from "#tests/setup/sign-up-challenge.ts";
import { parseRegistrationQr } from "#shared/schemas/registration.ts";
import { RegistrationRepository, RegistrationService } from "./index.ts";

const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const DAY = 24 * 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

const fixture = setUp(async () => {
  const host = await createBusiness(t.database.db, { name: "Registration host" });
  const other = await createBusiness(t.database.db, { name: "Registration other" });
  return { host, ownerA: await signInOwnerOf(t, admin.cookie, host.id), ownerB: await signInOwnerOf(t, admin.cookie, other.id) };
});

async function newEvent(settings: Record<string, unknown> = { enabled: true, capacity: 10, maxPartySize: 4 }) {
  const event = await createEvent(t.database.db, { name: `Walking tour ${Math.random().toString(36).slice(2, 7)}`, location: fixture.host.id, eventDate: at(7 * DAY), endDate: at(7 * DAY + 2 * 3_600_000), recurrenceRule: null });
  const saved = await t.request(`/api/v1/events/${event.id}/registration`, { method: "PUT", json: settings, cookie: admin.cookie });
  expect(saved.status).toBe(200);
  return event;
}

async function registerAnonymously(eventId: string, body: Record<string, unknown>) {
  const altcha = await signUpProof((path) => t.request(path));
  return t.request(`/api/v1/events/${eventId}/registrations`, { method: "POST", json: { ...body, altcha } });
}

type Who = "anonymous" | "user" | "hostOwner" | "otherOwner" | "admin";
const WHO: Who[] = ["anonymous", "user", "hostOwner", "otherOwner", "admin"];
const cookieOf = (who: Who) => ({ anonymous: undefined, user: plainUser.cookie, hostOwner: fixture.ownerA.cookie, otherOwner: fixture.ownerB.cookie, admin: admin.cookie })[who];
const ORGANIZERS = (ok: number) => ({ anonymous: 401, user: 403, hostOwner: ok, otherOwner: 403, admin: ok });

describe("registration: who may do what", () => {
  const event = setUp(() => newEvent());
  const OPERATIONS: Array<{ name: string; call: (cookie: string | undefined) => Response | Promise<Response>; expect: Record<Who, number> }> = [
    { name: "read the settings and places left", call: (cookie) => t.request(`/api/v1/events/${event.id}/registration`, { cookie }), expect: { anonymous: 200, user: 200, hostOwner: 200, otherOwner: 200, admin: 200 } },
    { name: "change the settings", call: (cookie) => t.request(`/api/v1/events/${event.id}/registration`, { method: "PUT", json: { enabled: true, capacity: 10, maxPartySize: 4 }, cookie }), expect: ORGANIZERS(200) },
    { name: "list the registrations", call: (cookie) => t.request(`/api/v1/events/${event.id}/registrations`, { cookie }), expect: ORGANIZERS(200) },
    { name: "export the registrations as CSV", call: (cookie) => t.request(`/api/v1/exports/events/${event.id}/registrations.csv`, { cookie }), expect: ORGANIZERS(200) },
    { name: "message the registrants", call: (cookie) => t.request(`/api/v1/events/${event.id}/registration/message`, { method: "POST", json: { subject: "Hello", message: "Bring shoes." }, cookie }), expect: ORGANIZERS(200) },
    {
      name: "cancel the event's registration",
      call: async (cookie) => t.request(`/api/v1/events/${(await newEvent()).id}/registration/cancel`, { method: "POST", cookie }),
      expect: ORGANIZERS(200),
    },
    {
      name: "reopen a cancelled registration",
      call: async (cookie) => {
        const closed = await newEvent();
        expect((await t.request(`/api/v1/events/${closed.id}/registration/cancel`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
        return t.request(`/api/v1/events/${closed.id}/registration/restore`, { method: "POST", cookie });
      },
      expect: ORGANIZERS(200),
    },
    {
      name: "cancel someone else's registration without its link",
      call: async (cookie) => {
        const made = await t.request(`/api/v1/events/${event.id}/registrations`, { method: "POST", json: { name: "Pat", email: "pat-matrix@example.com" }, cookie: plainUser.cookie });
        const { id } = (await made.json()) as { id: string };
        return t.request(`/api/v1/registrations/${id}/cancel`, { method: "POST", json: {}, cookie });
      },
      // The plain user registered it themself; organizers may cancel any; no one else learns it exists.
      expect: { anonymous: 404, user: 200, hostOwner: 200, otherOwner: 404, admin: 200 },
    },
  ];
  for (const operation of OPERATIONS) {
    it(operation.name, async () => {
      const got: Record<string, number> = {};
      for (const who of WHO) got[who] = (await operation.call(cookieOf(who))).status;
      expect(got).toEqual(operation.expect);
    });
  }

  it("shows names and e-mails to organizers only", async () => {
    const own = await newEvent();
    expect((await registerAnonymously(own.id, { name: "Quinn Private", email: "quinn@example.com", partySize: 2 })).status).toBe(201);
    const open = await (await t.request(`/api/v1/events/${own.id}/registration`)).text();
    expect(open).not.toContain("Quinn");
    expect(open).not.toContain("quinn@example.com");
    expect(JSON.parse(open)).toMatchObject({ capacity: 10, confirmedPlaces: 2, remainingPlaces: 8, availability: "open" });
    const list = (await (await t.request(`/api/v1/events/${own.id}/registrations`, { cookie: fixture.ownerA.cookie })).json()) as { counts: { confirmed: number }; items: Array<{ name: string; email: string; partySize: number; status: string; checkedInAt: null }> };
    expect(list.counts.confirmed).toBe(2);
    expect(list.items).toEqual([expect.objectContaining({ name: "Quinn Private", email: "quinn@example.com", partySize: 2, status: "confirmed", checkedInAt: null })]);
    expect((await registerAnonymously(own.id, { name: "=HYPERLINK(\"x\")", email: "formula@example.com" })).status).toBe(201);
    const csv = await (await t.request(`/api/v1/exports/events/${own.id}/registrations.csv`, { cookie: admin.cookie })).text();
    expect(csv.split(/\r?\n/)[0]).toBe("date,name,email,party size,status,checked in at,registered at");
    expect(csv).toContain("Quinn Private,quinn@example.com,2,confirmed");
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe("registering", () => {
  it("refuses bad input beside its field, and anonymous visitors without the proof of work", async () => {
    const event = await newEvent({ enabled: true, capacity: 10, maxPartySize: 2, questions: [{ id: "diet", label: "Diet", kind: "choice", options: ["None", "Vegan"], required: true }] });
    const tooMany = await invalidOf(await registerAnonymously(event.id, { name: "Sam", email: "sam@example.com", partySize: 3, answers: { diet: "None" } }));
    expect(tooMany.fields).toEqual({ partySize: "Party size must be from 1 to 2." });
    const missing = await invalidOf(await registerAnonymously(event.id, { name: " ", email: "not-an-address", answers: {} }));
    expect(missing.fields).toMatchObject({ name: "Name is required.", email: "Enter a valid e-mail address." });
    const unanswered = await invalidOf(await registerAnonymously(event.id, { name: "Sam", email: "sam@example.com", answers: { diet: "Paleo" } }));
    expect(unanswered.fields).toEqual({ "answers.diet": "Pick one of the choices." });
    const robot = await invalidOf(await t.request(`/api/v1/events/${event.id}/registrations`, { method: "POST", json: { name: "Sam", email: "sam@example.com", answers: { diet: "None" } } }));
    expect(robot.fields).toEqual({ altcha: "The check that you are not a robot failed. Try again." });
    const settings = await invalidOf(await t.request(`/api/v1/events/${event.id}/registration`, { method: "PUT", json: { enabled: true, capacity: 0 }, cookie: admin.cookie }));
    expect(settings.fields).toEqual({ capacity: "Capacity must be a whole number from 1 to 100000, or empty for no limit." });
    const backwards = await invalidOf(await t.request(`/api/v1/events/${event.id}/registration`, { method: "PUT", json: { enabled: true, opensAt: at(2 * DAY), closesAt: at(DAY) }, cookie: admin.cookie }));
    expect(backwards.fields).toEqual({ closesAt: "Closes must be after Opens." });
    const tooLate = await invalidOf(await t.request(`/api/v1/events/${event.id}/registration`, { method: "PUT", json: { enabled: true, opensAt: at(8 * DAY) }, cookie: admin.cookie }));
    expect(tooLate.fields).toEqual({ opensAt: "Opens must be before the event starts." });
  });

  it("mails the place with the calendar entry, the QR code and a link to cancel", async () => {
    const event = await newEvent();
    const created = await registerAnonymously(event.id, { name: "Robin Mail", email: "robin@example.com", partySize: 2 });
    expect(created.status).toBe(201);
    const { id, status } = (await created.json()) as { id: string; status: string };
    expect(status).toBe("confirmed");
    const received = await mail.receiver.waitFor("robin@example.com", /^You are registered: /);
    const [stored] = await t.database.db.selectFrom("registration").select(["checkInCode"]).where("id", "=", id).execute();
    expect(received.parts.text).toContain(`check-in code: ${stored!.checkInCode}`);
    expect(received.parts.text).toMatch(/stop these e-mails/);
    const qr = received.attachments.find((a) => a.contentType === "image/png");
    expect(qr?.content.subarray(1, 4).toString()).toBe("PNG");
    // The HTML shows the attached image by its Content-ID (mailparser inlines it when reading, so the raw mail is read).
    expect(received.text).toContain('src="cid:registration-qr@niche"');
    expect(received.text).toMatch(/Content-ID: <registration-qr@niche>/i);
    const calendar = calendarIn(received);
    const entry = Object.values(ical.sync.parseICS(calendar!.content)).find((c): c is VEvent => c?.type === "VEVENT")!;
    expect(entry.summary).toBe(event.name);
    expect(String(entry.description)).toContain(`Check-in code: ${stored!.checkInCode}`);
    expect(String(entry.description)).toContain("2 places");
    expect(parseRegistrationQr(`niche-registration:${id}:${stored!.checkInCode}`)).toEqual({ id, checkInCode: stored!.checkInCode });
    const link = mail.receiver.linkIn(received, "http://localhost:3000/registrations/");
    const token = new URL(link).searchParams.get("token");
    expect((await t.request(`/api/v1/registrations/${id}/cancel`, { method: "POST", json: { token: "wrong" } })).status).toBe(404);
    expect((await t.request(`/api/v1/registrations/${id}/cancel`, { method: "POST", json: { token } })).status).toBe(200);
  });

  it("answers the same whether or not the address registered before", async () => {
    const event = await newEvent();
    const first = await registerAnonymously(event.id, { name: "Alex", email: "alex-again@example.com" });
    const second = await registerAnonymously(event.id, { name: "Alex", email: "alex-again@example.com" });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(Object.keys((await second.json()) as object).sort()).toEqual(["id", "status"]);
  });

  it("limits registrations per address", async () => {
    const event = await newEvent({ enabled: true });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.request(`/api/v1/events/${event.id}/registrations`, { method: "POST", json: { name: "Lee", email: "lee-limit@example.com" }, cookie: plainUser.cookie })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await errorOf((await t.request(`/api/v1/events/${event.id}/registrations`, { method: "POST", json: { name: "Lee", email: "lee-limit@example.com" }, cookie: plainUser.cookie })))).message).toBe(
      "Too many registrations from this address or device. Try again in an hour.",
    );
  });
});

describe("the waiting list", () => {
  it("moves on a cancellation and on a raised capacity, and mails whoever gets a place", async () => {
    const event = await newEvent({ enabled: true, capacity: 2, maxPartySize: 2 });
    const reg = (name: string, partySize = 1) => registerAnonymously(event.id, { name, email: `${name.toLowerCase()}-wait@example.com`, partySize }).then((r) => r.json() as Promise<{ id: string; status: string }>);
    const a = await reg("Ari", 2);
    const b = await reg("Bo", 2);
    const c = await reg("Cy", 1);
    expect([a.status, b.status, c.status]).toEqual(["confirmed", "waitlisted", "waitlisted"]);
    await mail.receiver.waitFor("bo-wait@example.com", /^You are on the waiting list: /);
    expect((await (await t.request(`/api/v1/events/${event.id}/registration`)).json()) as object).toMatchObject({ remainingPlaces: 0, waitlisted: 2, availability: "full-waitlist" });
    // Ari cancels: Bo's whole party fits the two places.
    expect((await t.request(`/api/v1/registrations/${a.id}/cancel`, { method: "POST", json: {}, cookie: admin.cookie })).status).toBe(200);
    const promoted = await mail.receiver.waitFor("bo-wait@example.com", /^A place is yours: /);
    expect(calendarIn(promoted)).not.toBeNull();
    // A third place: Cy is next.
    expect((await t.request(`/api/v1/events/${event.id}/registration`, { method: "PUT", json: { enabled: true, capacity: 3, maxPartySize: 2 }, cookie: fixture.ownerA.cookie })).status).toBe(200);
    await mail.receiver.waitFor("cy-wait@example.com", /^A place is yours: /);
    const list = (await (await t.request(`/api/v1/events/${event.id}/registrations`, { cookie: admin.cookie })).json()) as { items: Array<{ name: string; status: string }> };
    expect(list.items.map((i) => [i.name, i.status])).toEqual([
      ["Ari", "cancelled"],
      ["Bo", "confirmed"],
      ["Cy", "confirmed"],
    ]);
  });

  it("cancelling the event mails everyone registered and closes registration", async () => {
    const event = await newEvent();
    await registerAnonymously(event.id, { name: "Dee", email: "dee-cancel@example.com" });
    const closed = await t.request(`/api/v1/events/${event.id}/registration/cancel`, { method: "POST", cookie: fixture.ownerA.cookie });
    expect(((await closed.json()) as { availability: string }).availability).toBe("closed");
    await mail.receiver.waitFor("dee-cancel@example.com", /^Cancelled: /);
    expect((await errorOf(await registerAnonymously(event.id, { name: "Eve", email: "eve@example.com" }))).message).toBe("Registration for this date is closed.");
  });

  it("cancelling one date of a series from the events' own control closes that date's registration and mails who registered", async () => {
    const series = await createEvent(t.database.db, { name: `Weekly tour ${Math.random().toString(36).slice(2, 7)}`, location: fixture.host.id, eventDate: at(7 * DAY), endDate: at(7 * DAY + 3_600_000), recurrenceRule: "FREQ=WEEKLY" });
    const [first, second] = (await t.services.events.upcoming()).filter((e) => e.id === series.id);
    const settings = { enabled: true, capacity: 10, maxPartySize: 2 };
    expect((await t.request(`/api/v1/events/${series.id}/registration`, { method: "PUT", json: settings, cookie: admin.cookie })).status).toBe(200);
    expect((await registerAnonymously(series.id, { name: "Fay", email: "fay-date@example.com", date: first!.occurrenceDate })).status).toBe(201);

    const cancelled = await t.request(`/api/v1/events/${series.id}/occurrences/${first!.occurrenceDate}`, { method: "PUT", json: { cancelled: true }, cookie: admin.cookie });
    expect(cancelled.status).toBe(200);
    await mail.receiver.waitFor("fay-date@example.com", /^Cancelled: /);
    expect((await errorOf(await registerAnonymously(series.id, { name: "Gus", email: "gus-date@example.com", date: first!.occurrenceDate }))).message).toBe("Registration for this date is closed.");
    // The series' other dates still take registrations.
    expect((await registerAnonymously(series.id, { name: "Gus", email: "gus-date@example.com", date: second!.occurrenceDate })).status).toBe(201);

    // Restoring the date takes registrations again; Fay's, cancelled with the date, stays cancelled.
    expect((await t.request(`/api/v1/events/${series.id}/occurrences/${first!.occurrenceDate}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect((await (await t.request(`/api/v1/events/${series.id}/registration?date=${first!.occurrenceDate}`)).json()) as object).toMatchObject({ cancelled: false, availability: "open", confirmedPlaces: 0 });
    expect((await registerAnonymously(series.id, { name: "Hal", email: "hal-date@example.com", date: first!.occurrenceDate })).status).toBe(201);
    const list = (await (await t.request(`/api/v1/events/${series.id}/registrations?date=${first!.occurrenceDate}`, { cookie: admin.cookie })).json()) as { items: Array<{ name: string; status: string }> };
    expect(list.items.map((i) => [i.name, i.status])).toEqual([
      ["Fay", "cancelled"],
      ["Hal", "confirmed"],
    ]);
  });

  it("reopening a one-off event's cancelled registration takes registrations again; those cancelled stay cancelled", async () => {
    const event = await newEvent();
    await registerAnonymously(event.id, { name: "Ida", email: "ida-reopen@example.com" });
    expect((await t.request(`/api/v1/events/${event.id}/registration/cancel`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    const reopened = await t.request(`/api/v1/events/${event.id}/registration/restore`, { method: "POST", cookie: fixture.ownerA.cookie });
    expect((await reopened.json()) as object).toMatchObject({ cancelled: false, availability: "open", confirmedPlaces: 0, remainingPlaces: 10 });
    expect((await registerAnonymously(event.id, { name: "Jo", email: "jo-reopen@example.com" })).status).toBe(201);
    const list = (await (await t.request(`/api/v1/events/${event.id}/registrations`, { cookie: admin.cookie })).json()) as { items: Array<{ name: string; status: string }> };
    expect(list.items.map((i) => [i.name, i.status])).toEqual([
      ["Ida", "cancelled"],
      ["Jo", "confirmed"],
    ]);
  });

  it("gives exactly the capacity under 200 registrations at once, the rest waiting", async () => {
    const event = await newEvent({ enabled: true, capacity: 50, maxPartySize: 3 });
    const sizes = Array.from({ length: 200 }, (_, i) => (i % 3) + 1);
    const results = await Promise.all(
      sizes.map((partySize, i) =>
        t.services.registrations.register(null, event.id, { name: `Crowd ${i}`, email: `crowd-${i}@example.com`, partySize }, { proofOfWork: async () => "ok", client: `10.0.${Math.floor(i / 100)}.${i % 100}` }),
      ),
    );
    const rows = await t.database.db.selectFrom("registration").select(["status", "partySize"]).where("eventId", "=", event.id).execute();
    const confirmed = rows.filter((r) => r.status === "confirmed").reduce((sum, r) => sum + Number(r.partySize), 0);
    expect(rows).toHaveLength(200);
    expect(confirmed).toBe(50);
    expect(rows.filter((r) => r.status === "waitlisted").length).toBe(results.filter((r) => r.status === "waitlisted").length);
    expect(rows.every((r) => r.status === "confirmed" || r.status === "waitlisted")).toBe(true);
  });

  it("keeps the waiting list strictly in the order registrations came, even within one millisecond", async () => {
    const event = await newEvent({ enabled: true, capacity: 1, maxPartySize: 1 });
    // Every registration gets the same instant: only the order they were taken in can tell them apart.
    const instant = new Date();
    const sameClock = new RegistrationService(new RegistrationRepository(t.database.db, t.database.dialect), {
      findEvent: (id) => t.services.events.find(id),
      findOccurrence: (id, date) => t.services.events.findOccurrence(id, date),
      isOwner: async () => false,
      transaction: (work) => t.database.transaction(work),
      now: () => instant,
    });
    const names = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth"];
    const made: Array<{ id: string; status: string }> = [];
    for (const name of names) made.push(await sameClock.register(null, event.id, { name, email: `${name.toLowerCase()}-order@example.com` }, { proofOfWork: async () => "ok" }));
    expect(made.map((r) => r.status)).toEqual(["confirmed", ...names.slice(1).map(() => "waitlisted")]);
    const listed = await t.services.registrations.list(admin.user, event.id);
    expect(new Set(listed.items.map((r) => r.createdAt)).size).toBe(1);
    expect(listed.items.map((r) => r.name)).toEqual(names);
    // Each cancellation gives the place to the next in line, in the order they came.
    const promoted: string[] = [];
    let holder = made[0]!.id;
    for (let i = 1; i < 4; i++) {
      await sameClock.cancel(admin.user, holder, null);
      const now = (await t.services.registrations.list(admin.user, event.id)).items.find((r) => r.status === "confirmed")!;
      promoted.push(now.name);
      holder = now.id;
    }
    expect(promoted).toEqual(["Second", "Third", "Fourth"]);
  });
});
