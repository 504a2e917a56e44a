// Places stay exact however many act at once (decision 0032): 40 sign-ups at the same moment for a shift of 10 places
// give exactly 10 confirmed and 30 waiting, and cancellations racing new sign-ups never leave a freed place unfilled
// while someone waits, nor confirm more than the places. Run on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "#server/auth/session.ts";
import { createUser } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const people = setUp(async () => {
  const list: CurrentUser[] = [];
  for (let i = 0; i < 40; i++) {
    const row = await createUser(t.database.db, { displayName: `Volunteer ${i}` });
    list.push({ id: row.id, email: row.email, displayName: row.displayName, photoURL: null, role: "user", emailVerified: true });
  }
  return { list };
});

const DAY = 24 * 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function shiftOf(places: number): Promise<string> {
  const made = await t.services.volunteering.create(admin.user, { title: "Race", shifts: [{ startsAt: at(3 * DAY), endsAt: at(3 * DAY + 3_600_000), place: "Square", placesNeeded: places }] });
  return made.shifts[0]!.id;
}

async function counts(shiftId: string) {
  const rows = await t.database.db.selectFrom("volunteer_signup").select("status").where("shiftId", "=", shiftId).execute();
  return { confirmed: rows.filter((r) => r.status === "confirmed").length, waiting: rows.filter((r) => r.status === "waiting").length };
}

describe("volunteering under concurrency", () => {
  it("40 sign-ups at once for 10 places: exactly 10 confirmed and 30 waiting", async () => {
    const shiftId = await shiftOf(10);
    const results = await Promise.all(people.list.map((person) => t.services.volunteering.signUp(person, shiftId)));
    expect(results.filter((r) => r.status === "confirmed")).toHaveLength(10);
    expect(results.filter((r) => r.status === "waiting")).toHaveLength(30);
    expect(await counts(shiftId)).toEqual({ confirmed: 10, waiting: 30 });
  });

  it("cancellations racing sign-ups: the places stay full and never overflow, each freed place going to someone waiting", async () => {
    const shiftId = await shiftOf(10);
    const [first, rest] = [people.list.slice(0, 20), people.list.slice(20)];
    for (const person of first) await t.services.volunteering.signUp(person, shiftId);
    expect(await counts(shiftId)).toEqual({ confirmed: 10, waiting: 10 });
    // The waiting list's order as the site keeps it: by sign-up time (sign-ups within one millisecond by id).
    const waiting = await t.database.db.selectFrom("volunteer_signup").select("userId").where("shiftId", "=", shiftId).where("status", "=", "waiting").orderBy("signedUpAt").orderBy("id").execute();
    // Five confirmed cancel while twenty more sign up.
    await Promise.all([...first.slice(0, 5).map((person) => t.services.volunteering.cancel(person, shiftId)), ...rest.map((person) => t.services.volunteering.signUp(person, shiftId))]);
    expect(await counts(shiftId)).toEqual({ confirmed: 10, waiting: 25 });
    // Those promoted are the first five who waited, in the order they signed up.
    const confirmed = await t.database.db.selectFrom("volunteer_signup").select("userId").where("shiftId", "=", shiftId).where("status", "=", "confirmed").execute();
    expect(new Set(confirmed.map((r) => r.userId))).toEqual(new Set([...first.slice(5, 10).map((p) => p.id), ...waiting.slice(0, 5).map((r) => r.userId)]));
  });

  it("the same person twice at once: one sign-up, the other refused", async () => {
    const shiftId = await shiftOf(10);
    const person = people.list[0]!;
    const outcomes = await Promise.allSettled([t.services.volunteering.signUp(person, shiftId), t.services.volunteering.signUp(person, shiftId)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect((outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ status: 409, message: "You are already signed up for this shift." });
    expect(await counts(shiftId)).toEqual({ confirmed: 1, waiting: 0 });
  });
});
