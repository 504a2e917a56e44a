// Who may do what with volunteering, on the server: anonymous, a plain user, two members (owners of a business each)
// and an administrator, for every operation. Anyone may read the opportunities; anyone signed in signs up and cancels
// their own sign-up (and only their own); administrators alone write, see rosters, mark attendance, message and export.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const members = setUp(async () => {
  const a = await createBusiness(t.database.db, { name: "Volunteer matrix A" });
  const b = await createBusiness(t.database.db, { name: "Volunteer matrix B" });
  return { a: await signInOwnerOf(t, admin.cookie, a.id), b: await signInOwnerOf(t, admin.cookie, b.id) };
});

const DAY = 24 * 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const shift = (places = 50) => ({ startsAt: at(7 * DAY), endsAt: at(7 * DAY + 3_600_000), place: "Main street", placesNeeded: places });
const valid = { title: "Matrix clean-up", description: "<p>Bring gloves</p>", shifts: [shift()] };
type Made = { id: string; shifts: Array<{ id: string; roster?: Array<{ signupId: string }> }> };
const make = async (): Promise<Made> => {
  const response = await t.request("/api/v1/volunteer/opportunities", { method: "POST", json: valid, cookie: admin.cookie });
  expect(response.status).toBe(201);
  return (await response.json()) as Made;
};
const fixture = setUp(async () => {
  const made = await make();
  // Member A's own sign-up, which others may see counted but never by name, nor cancel.
  expect((await t.request(`/api/v1/volunteer/shifts/${made.shifts[0]!.id}/signups`, { method: "POST", cookie: members.a.cookie })).status).toBe(201);
  const detail = (await (await t.request(`/api/v1/volunteer/opportunities/${made.id}`, { cookie: admin.cookie })).json()) as Made;
  return { id: made.id, shiftId: made.shifts[0]!.id, signupId: detail.shifts[0]!.roster![0]!.signupId };
});

type Who = "anonymous" | "user" | "memberA" | "memberB" | "admin";
const WHO: Who[] = ["anonymous", "user", "memberA", "memberB", "admin"];
const cookieOf = (who: Who) => ({ anonymous: undefined, user: plainUser.cookie, memberA: members.a.cookie, memberB: members.b.cookie, admin: admin.cookie })[who];
const EVERYONE = (ok: number) => ({ anonymous: ok, user: ok, memberA: ok, memberB: ok, admin: ok });
const SIGNED_IN = (ok: number) => ({ anonymous: 401, user: ok, memberA: ok, memberB: ok, admin: ok });
const ADMIN_ONLY = (ok: number) => ({ anonymous: 401, user: 403, memberA: 403, memberB: 403, admin: ok });

const OPERATIONS: Array<{ name: string; call: (cookie: string | undefined) => Response | Promise<Response>; expect: Record<Who, number> }> = [
  { name: "list the open opportunities", call: (cookie) => t.request("/api/v1/volunteer/opportunities", { cookie }), expect: EVERYONE(200) },
  { name: "get one", call: (cookie) => t.request(`/api/v1/volunteer/opportunities/${fixture.id}`, { cookie }), expect: EVERYONE(200) },
  { name: "list every one (administrators' tab)", call: (cookie) => t.request("/api/v1/admin/volunteer/opportunities", { cookie }), expect: ADMIN_ONLY(200) },
  { name: "list one's own sign-ups", call: (cookie) => t.request("/api/v1/me/volunteer/signups", { cookie }), expect: SIGNED_IN(200) },
  {
    name: "sign up, then cancel (each their own)",
    call: async (cookie) => {
      const { shifts } = await make();
      const signedUp = await t.request(`/api/v1/volunteer/shifts/${shifts[0]!.id}/signups`, { method: "POST", cookie });
      if (signedUp.status !== 201) return signedUp;
      return t.request(`/api/v1/volunteer/shifts/${shifts[0]!.id}/signups/me`, { method: "DELETE", cookie });
    },
    expect: SIGNED_IN(200),
  },
  {
    name: "cancel without a sign-up of one's own",
    call: async (cookie) => t.request(`/api/v1/volunteer/shifts/${(await make()).shifts[0]!.id}/signups/me`, { method: "DELETE", cookie }),
    expect: { anonymous: 401, user: 404, memberA: 404, memberB: 404, admin: 404 },
  },
  { name: "create", call: (cookie) => t.request("/api/v1/volunteer/opportunities", { method: "POST", json: valid, cookie }), expect: ADMIN_ONLY(201) },
  {
    name: "update",
    call: (cookie) => t.request(`/api/v1/volunteer/opportunities/${fixture.id}`, { method: "PUT", json: { ...valid, shifts: [{ id: fixture.shiftId, ...shift() }] }, cookie }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: "delete",
    call: async (cookie) => t.request(`/api/v1/volunteer/opportunities/${(await make()).id}`, { method: "DELETE", cookie }),
    expect: ADMIN_ONLY(204),
  },
  { name: "mark attendance", call: (cookie) => t.request(`/api/v1/volunteer/signups/${fixture.signupId}/attendance`, { method: "PUT", json: { attended: true }, cookie }), expect: ADMIN_ONLY(200) },
  {
    name: "message a shift's volunteers",
    call: (cookie) => t.request(`/api/v1/volunteer/shifts/${fixture.shiftId}/messages`, { method: "POST", json: { subject: "Parking", message: "Park behind the hall." }, cookie }),
    expect: ADMIN_ONLY(200),
  },
  { name: "export a shift's roster", call: (cookie) => t.request(`/api/v1/exports/volunteer/shifts/${fixture.shiftId}.csv`, { cookie }), expect: ADMIN_ONLY(200) },
];

describe("volunteering: who may do what", () => {
  for (const operation of OPERATIONS) {
    it(operation.name, async () => {
      const got: Record<string, number> = {};
      for (const who of WHO) got[who] = (await operation.call(cookieOf(who))).status;
      expect(got).toEqual(operation.expect);
    });
  }

  it("a cancellation is the person's own: member B's leaves member A's sign-up as it is", async () => {
    expect((await t.request(`/api/v1/volunteer/shifts/${fixture.shiftId}/signups/me`, { method: "DELETE", cookie: members.b.cookie })).status).toBe(404);
    const own = (await (await t.request(`/api/v1/volunteer/opportunities/${fixture.id}`, { cookie: members.a.cookie })).json()) as { shifts: Array<{ myStatus: string; filled: number }> };
    expect(own.shifts[0]).toMatchObject({ myStatus: "confirmed", filled: 1 });
  });

  it("others see a sign-up counted, never by name or address; the roster is the administrators'", async () => {
    for (const who of ["anonymous", "user", "memberB"] as const) {
      const text = await (await t.request(`/api/v1/volunteer/opportunities/${fixture.id}`, { cookie: cookieOf(who) })).text();
      expect(text).not.toContain(members.a.user.email);
      expect(text).not.toContain(members.a.user.displayName);
      expect(text).not.toContain("roster");
      expect((JSON.parse(text) as { shifts: Array<{ filled: number; myStatus: string | null }> }).shifts[0]).toMatchObject({ filled: 1, myStatus: null });
    }
    const own = (await (await t.request(`/api/v1/volunteer/opportunities/${fixture.id}`, { cookie: members.a.cookie })).json()) as { shifts: Array<{ myStatus: string }> };
    expect(own.shifts[0]!.myStatus).toBe("confirmed");
    const asAdmin = await (await t.request(`/api/v1/volunteer/opportunities/${fixture.id}`, { cookie: admin.cookie })).text();
    expect(asAdmin).toContain(members.a.user.email);
  });
});
