// Who may do what with meetings, on the server: anonymous, a plain user, two members (owners of a business each) and
// an administrator, for every operation; answers are each member's own, and others are seen by name only.
import { expect, it } from "vitest";
import { setUp, setUpTestApp } from "#tests/setup/app.ts";
import { adminOnly, describeAccessMatrix, membersOnly, setUpMatrixPeople, type Operation } from "#tests/setup/access-matrix.ts";

const t = setUpTestApp();
const people = setUpMatrixPeople(t, "Meeting matrix");
const { admin, members } = people;

const DAY = 24 * 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const valid = { title: "Matrix meeting", startsAt: at(7 * DAY), endsAt: at(7 * DAY + 3_600_000), place: "Town hall", agenda: "<p>Budget</p>" };
const fixture = setUp(async () => {
  const response = await t.request("/api/v1/meetings", { method: "POST", json: valid, cookie: admin.cookie });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { id: string }).id };
});

/** Each operation and what each person gets. */
const OPERATIONS: Operation[] = [
  { name: "list", call: (cookie) => t.request("/api/v1/meetings", { cookie }), expect: membersOnly(200) },
  { name: "list every one (administrators' tab)", call: (cookie) => t.request("/api/v1/admin/meetings", { cookie }), expect: adminOnly(200) },
  { name: "get", call: (cookie) => t.request(`/api/v1/meetings/${fixture.id}`, { cookie }), expect: membersOnly(200) },
  { name: "answer", call: (cookie) => t.request(`/api/v1/meetings/${fixture.id}/rsvp`, { method: "POST", json: { response: "maybe" }, cookie }), expect: membersOnly(200) },
  { name: "download its calendar file", call: (cookie) => t.request(`/myqsa/meetings/${fixture.id}.ics`, { cookie }), expect: membersOnly(200) },
  { name: "read the private calendar's address", call: (cookie) => t.request("/api/v1/me/meeting-calendar", { cookie }), expect: membersOnly(200) },
  { name: "reset the private calendar's address", call: (cookie) => t.request("/api/v1/me/meeting-calendar/reset", { method: "POST", cookie, json: { confirm: true } }), expect: membersOnly(200) },
  { name: "create", call: (cookie) => t.request("/api/v1/meetings", { method: "POST", json: valid, cookie }), expect: adminOnly(201) },
  { name: "update", call: (cookie) => t.request(`/api/v1/meetings/${fixture.id}`, { method: "PUT", json: valid, cookie }), expect: adminOnly(200) },
  {
    name: "delete",
    call: async (cookie) => {
      // A fresh one each time, so that the administrator's delete is not a 404 for an earlier one.
      const made = await t.request("/api/v1/meetings", { method: "POST", json: valid, cookie: admin.cookie });
      const { id } = (await made.json()) as { id: string };
      return t.request(`/api/v1/meetings/${id}`, { method: "DELETE", cookie });
    },
    expect: adminOnly(204),
  },
];

describeAccessMatrix("meetings: who may do what", people, OPERATIONS, () => {
  it("a member's answer is their own, and others see it by name only, never by address", async () => {
    const made = await t.request("/api/v1/meetings", { method: "POST", json: { ...valid, title: "Names only" }, cookie: admin.cookie });
    const { id } = (await made.json()) as { id: string };
    expect((await t.request(`/api/v1/meetings/${id}/rsvp`, { method: "POST", json: { response: "yes" }, cookie: members.a.cookie })).status).toBe(200);
    const asB = await (await t.request(`/api/v1/meetings/${id}`, { cookie: members.b.cookie })).text();
    const seen = JSON.parse(asB) as { myResponse: string | null; attendees: { yes: string[] }; counts: { yes: number } };
    expect(seen.myResponse).toBeNull();
    expect(seen.attendees.yes).toEqual([members.a.user.displayName]);
    expect(seen.counts.yes).toBe(1);
    expect(asB).not.toContain(members.a.user.email);
    const list = await (await t.request("/api/v1/meetings", { cookie: members.b.cookie })).text();
    expect(list).not.toContain(members.a.user.email);
    expect(((await (await t.request(`/api/v1/meetings/${id}`, { cookie: members.a.cookie })).json()) as { myResponse: string }).myResponse).toBe("yes");
  });

  it("each member's private calendar address is their own, and works without a session", async () => {
    const urlOf = async (cookie: string) => ((await (await t.request("/api/v1/me/meeting-calendar", { cookie })).json()) as { url: string }).url;
    const [a, b] = [await urlOf(members.a.cookie), await urlOf(members.b.cookie)];
    expect(a).not.toBe(b);
    expect(await urlOf(members.a.cookie)).toBe(a);
    expect((await t.request(new URL(a).pathname)).status).toBe(200);
    expect((await t.request(new URL(b).pathname)).status).toBe(200);
    expect((await t.request("/myqsa/meetings/calendar/not-a-real-token-at-all-0123456789.ics")).status).toBe(404);
  });
});
