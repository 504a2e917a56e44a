// Who may do what with volunteering, on the server: anonymous, a plain user, a `business` account that owns nothing,
// two members (owners of a business each) and an administrator, for every operation. Anyone may read the
// opportunities; anyone signed in signs up and cancels their own sign-up (and only their own); administrators alone
// write, see rosters, mark attendance, message and export.
import { expect, it } from "vitest";
import { setUp, setUpTestApp } from "#tests/setup/app.ts";
import { adminOnly, describeAccessMatrix, everyone, setUpMatrixPeople, signedIn, type Operation } from "#tests/setup/access-matrix.ts";

const t = setUpTestApp();
const people = setUpMatrixPeople(t, "Volunteer matrix");
const { admin, members, cookieOf } = people;

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

const OPERATIONS: Operation[] = [
  { name: "list the open opportunities", call: (cookie) => t.request("/api/v1/volunteer/opportunities", { cookie }), expect: everyone(200) },
  { name: "get one", call: (cookie) => t.request(`/api/v1/volunteer/opportunities/${fixture.id}`, { cookie }), expect: everyone(200) },
  { name: "list every one (administrators' tab)", call: (cookie) => t.request("/api/v1/admin/volunteer/opportunities", { cookie }), expect: adminOnly(200) },
  { name: "list one's own sign-ups", call: (cookie) => t.request("/api/v1/me/volunteer/signups", { cookie }), expect: signedIn(200) },
  {
    name: "sign up, then cancel (each their own)",
    call: async (cookie) => {
      const { shifts } = await make();
      const signedUp = await t.request(`/api/v1/volunteer/shifts/${shifts[0]!.id}/signups`, { method: "POST", cookie });
      if (signedUp.status !== 201) return signedUp;
      return t.request(`/api/v1/volunteer/shifts/${shifts[0]!.id}/signups/me`, { method: "DELETE", cookie });
    },
    expect: signedIn(200),
  },
  {
    name: "cancel without a sign-up of one's own",
    call: async (cookie) => t.request(`/api/v1/volunteer/shifts/${(await make()).shifts[0]!.id}/signups/me`, { method: "DELETE", cookie }),
    expect: signedIn(404),
  },
  { name: "create", call: (cookie) => t.request("/api/v1/volunteer/opportunities", { method: "POST", json: valid, cookie }), expect: adminOnly(201) },
  {
    name: "update",
    call: (cookie) => t.request(`/api/v1/volunteer/opportunities/${fixture.id}`, { method: "PUT", json: { ...valid, shifts: [{ id: fixture.shiftId, ...shift() }] }, cookie }),
    expect: adminOnly(200),
  },
  {
    name: "delete",
    call: async (cookie) => t.request(`/api/v1/volunteer/opportunities/${(await make()).id}`, { method: "DELETE", cookie }),
    expect: adminOnly(204),
  },
  { name: "mark attendance", call: (cookie) => t.request(`/api/v1/volunteer/signups/${fixture.signupId}/attendance`, { method: "PUT", json: { attended: true }, cookie }), expect: adminOnly(200) },
  {
    name: "message a shift's volunteers",
    call: (cookie) => t.request(`/api/v1/volunteer/shifts/${fixture.shiftId}/messages`, { method: "POST", json: { subject: "Parking", message: "Park behind the hall." }, cookie }),
    expect: adminOnly(200),
  },
  { name: "export a shift's roster", call: (cookie) => t.request(`/api/v1/exports/volunteer/shifts/${fixture.shiftId}.csv`, { cookie }), expect: adminOnly(200) },
];

describeAccessMatrix("volunteering: who may do what", people, OPERATIONS, () => {
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
