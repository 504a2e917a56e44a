// Checking in at the door through the API: who may (the matrix), the code of a scanned QR code, idempotence, a
// check-in made offline arriving later with its time, registrations without a place, and taking a check-in back.
import { describe, expect, it } from "vitest";
import { createBusiness, createEvent } from "#server/db/factories.ts";
import { newId } from "#server/db/ids.ts";
import type { CheckIn } from "#shared/schemas/check-in.ts";
import type { AttendeeList, RegistrationStatus } from "#shared/schemas/registration.ts";
import { errorOf, setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { RegistrationRepository } from "./registration.repository.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const world = setUp(async () => {
  const host = await createBusiness(t.database.db, { name: "Door Host" });
  const other = await createBusiness(t.database.db, { name: "Other Place" });
  const event = await createEvent(t.database.db, { location: host.id, name: "Members' breakfast", eventDate: new Date(Date.now() + 86_400_000).toISOString() });
  return { event, hostOwner: await signInOwnerOf(t, admin.cookie, host.id), otherOwner: await signInOwnerOf(t, admin.cookie, other.id) };
});

/** A registration as the registering flow leaves it, with its check-in code. */
async function registration(status: RegistrationStatus = "confirmed", partySize = 1) {
  const now = new Date().toISOString();
  const row = {
    id: newId(),
    eventId: world.event.id,
    occurrenceDate: null,
    name: `Guest ${newId(4)}`,
    email: `guest-${newId(6).toLowerCase()}@example.com`,
    userId: null,
    partySize,
    answers: {},
    status,
    checkInCode: newId(32),
    cancelToken: newId(32),
    createdAt: now,
  };
  await new RegistrationRepository(t.database.db, t.database.dialect).insert(row);
  return row;
}

function checkIn(id: string, cookie: string | undefined, json: unknown = {}) {
  return t.request(`/api/v1/registrations/${id}/check-in`, { method: "POST", json, cookie });
}

async function listed(id: string) {
  const list = (await (await t.request(`/api/v1/events/${world.event.id}/registrations`, { cookie: admin.cookie })).json()) as AttendeeList;
  return { item: list.items.find((item) => item.id === id), counts: list.counts };
}

describe("who may check people in", () => {
  it("refuses anonymous visitors (401), plain users and another business's owner (403), and lets the host's owner and administrators", async () => {
    const guest = await registration();
    expect((await checkIn(guest.id, undefined)).status).toBe(401);
    expect((await checkIn(guest.id, plainUser.cookie)).status).toBe(403);
    const refused = await checkIn(guest.id, world.otherOwner.cookie);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe("Only administrators and the owners of the host business see registrations.");
    expect((await listed(guest.id)).item?.checkedInAt).toBeNull();

    const byOwner = await checkIn(guest.id, world.hostOwner.cookie);
    expect(byOwner.status).toBe(200);
    expect(((await byOwner.json()) as CheckIn).alreadyCheckedIn).toBe(false);
    const another = await registration();
    expect((await checkIn(another.id, admin.cookie)).status).toBe(200);
  });

  it("refuses taking a check-in back to the same people, and lets organizers", async () => {
    const guest = await registration();
    expect((await checkIn(guest.id, admin.cookie)).status).toBe(200);
    const undo = (cookie: string | undefined) => t.request(`/api/v1/registrations/${guest.id}/check-in`, { method: "DELETE", cookie });
    expect((await undo(undefined)).status).toBe(401);
    expect((await undo(plainUser.cookie)).status).toBe(403);
    expect((await undo(world.otherOwner.cookie)).status).toBe(403);
    expect((await listed(guest.id)).item?.checkedInAt).not.toBeNull();
    const undone = await undo(world.hostOwner.cookie);
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as CheckIn).checkedInAt).toBeNull();
    expect((await listed(guest.id)).item?.checkedInAt).toBeNull();
    expect((await undo(admin.cookie)).status).toBe(200);
  });

  it("answers 404 for an unknown registration", async () => {
    const unknown = await checkIn("nosuchregistration", admin.cookie);
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe("Registration not found.");
  });
});

describe("checking in", () => {
  it("keeps the first check-in: a second one answers its time and changes nothing, and the counts count the party", async () => {
    const guest = await registration("confirmed", 3);
    const before = (await listed(guest.id)).counts.checkedIn;
    const first = (await (await checkIn(guest.id, world.hostOwner.cookie)).json()) as CheckIn;
    expect(first).toMatchObject({ id: guest.id, name: guest.name, partySize: 3, alreadyCheckedIn: false });
    const second = await checkIn(guest.id, admin.cookie, { at: new Date().toISOString() });
    expect(second.status).toBe(200);
    expect((await second.json()) as CheckIn).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.checkedInAt });
    const { item, counts } = await listed(guest.id);
    expect(item?.checkedInAt).toBe(first.checkedInAt);
    expect(counts.checkedIn).toBe(before + 3);
  });

  it("two phones checking the same person in at once record one check-in", async () => {
    const guest = await registration();
    const answers = await Promise.all([checkIn(guest.id, admin.cookie), checkIn(guest.id, world.hostOwner.cookie)]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as CheckIn[];
    expect(bodies.map((body) => body.alreadyCheckedIn).sort()).toEqual([false, true]);
    expect(bodies[0]!.checkedInAt).toBe(bodies[1]!.checkedInAt);
  });

  it("records the time an offline check-in was made, and a time in the future as now", async () => {
    const guest = await registration();
    const madeAt = new Date(Date.now() - 20 * 60_000).toISOString();
    expect(((await (await checkIn(guest.id, admin.cookie, { at: madeAt })).json()) as CheckIn).checkedInAt).toBe(madeAt);

    const early = await registration();
    const sent = Date.now();
    const body = (await (await checkIn(early.id, admin.cookie, { at: new Date(sent + 3_600_000).toISOString() })).json()) as CheckIn;
    expect(new Date(body.checkedInAt!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(body.checkedInAt!).getTime()).toBeGreaterThanOrEqual(sent - 1000);
  });

  it("checks the code of a scanned QR code, saying so beside the code", async () => {
    const guest = await registration();
    const wrong = await checkIn(guest.id, admin.cookie, { code: "x".repeat(32) });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields).toEqual({ code: "This QR code does not belong to this registration." });
    expect((await listed(guest.id)).item?.checkedInAt).toBeNull();
    expect((await checkIn(guest.id, admin.cookie, { code: guest.checkInCode })).status).toBe(200);
  });

  it("refuses a time that is not one, beside it", async () => {
    const guest = await registration();
    const bad = await checkIn(guest.id, admin.cookie, { at: "yesterday" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ at: "The time of the check-in must be a date and time with its zone." });
  });

  it("refuses (409) a cancelled, waiting or unconfirmed registration, naming the person", async () => {
    for (const [status, text] of [
      ["cancelled", "'s registration was cancelled: there is no place to check in."],
      ["waitlisted", " is on the waiting list and has no place yet."],
      ["pending-confirmation", " has not confirmed their e-mail address yet, so they have no place."],
    ] as const) {
      const guest = await registration(status);
      const refused = await checkIn(guest.id, admin.cookie);
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).message).toBe(`${guest.name}${text}`);
      expect((await listed(guest.id)).item?.checkedInAt).toBeNull();
    }
  });

  it("takes a body-less check-in as one made now", async () => {
    const guest = await registration();
    const response = await t.request(`/api/v1/registrations/${guest.id}/check-in`, { method: "POST", cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(((await response.json()) as CheckIn).checkedInAt).not.toBeNull();
  });
});
