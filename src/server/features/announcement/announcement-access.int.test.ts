// Who may do what with announcements, on the server: anonymous, a plain user, two members (owners of a business each)
// and an administrator, for every operation; members never see drafts, scheduled or archived ones.
import { expect, it } from "vitest";
import { setUp, setUpTestApp } from "#tests/setup/app.ts";
import { adminOnly, describeAccessMatrix, membersOnly, setUpMatrixPeople, signedIn, type Operation } from "#tests/setup/access-matrix.ts";

const t = setUpTestApp();
const people = setUpMatrixPeople(t, "Matrix");
const { admin, members } = people;

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const fixtures = setUp(async () => {
  const make = async (title: string, extra: Record<string, unknown>) => {
    const response = await t.request("/api/v1/announcements", { method: "POST", json: { title, body: `<p>${title}</p>`, ...extra }, cookie: admin.cookie });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  return {
    published: await make("Published", { publishAt: at(-HOUR) }),
    draft: await make("Draft", { publishAt: null }),
    scheduled: await make("Scheduled", { publishAt: at(24 * HOUR) }),
    archived: await make("Archived", { publishAt: at(-2 * HOUR), archived: true }),
  };
});

const valid = { title: "Matrix write", body: "<p>Hello</p>", publishAt: null };

/** Each operation and what each person gets. */
const OPERATIONS: Operation[] = [
  { name: "list", call: (cookie) => t.request("/api/v1/announcements", { cookie }), expect: membersOnly(200) },
  {
    name: "list every one (administrators' tab)",
    call: (cookie) => t.request("/api/v1/admin/announcements", { cookie }),
    expect: adminOnly(200),
  },
  ...(["published", "draft", "scheduled", "archived"] as const).map((which) => ({
    name: `get ${which}`,
    call: (cookie: string | undefined) => t.request(`/api/v1/announcements/${fixtures[which]}`, { cookie }),
    expect: { ...membersOnly(200), ...(which === "published" ? {} : { memberA: 404, memberB: 404 }) },
  })),
  ...(["published", "draft", "scheduled"] as const).map((which) => ({
    name: `read ${which}`,
    call: (cookie: string | undefined) => t.request(`/api/v1/announcements/${fixtures[which]}/read`, { method: "POST", cookie }),
    expect: membersOnly(which === "published" ? 204 : 404),
  })),
  {
    name: "create",
    call: (cookie) => t.request("/api/v1/announcements", { method: "POST", json: valid, cookie }),
    expect: adminOnly(201),
  },
  {
    name: "update",
    call: (cookie) => t.request(`/api/v1/announcements/${fixtures.draft}`, { method: "PUT", json: { ...valid, title: "Draft" }, cookie }),
    expect: adminOnly(200),
  },
  {
    name: "delete",
    call: async (cookie) => {
      // A fresh one each time, so that the administrator's delete is not a 404 for an earlier one.
      const made = await t.request("/api/v1/announcements", { method: "POST", json: valid, cookie: admin.cookie });
      const { id } = (await made.json()) as { id: string };
      return t.request(`/api/v1/announcements/${id}`, { method: "DELETE", cookie });
    },
    expect: adminOnly(204),
  },
  // The members' area around them: each signed-in person's own preferences, dashboard and onboarding (what members
  // alone may read on the dashboard is in tests/integration/member-dashboard.int.test.ts).
  { name: "read one's notification preferences", call: (cookie) => t.request("/api/v1/me/notifications", { cookie }), expect: signedIn(200) },
  { name: "save one's notification preferences", call: (cookie) => t.request("/api/v1/me/notifications", { method: "PUT", json: { minutes: "at once" }, cookie }), expect: signedIn(200) },
  { name: "read one's dashboard", call: (cookie) => t.request("/api/v1/me/dashboard", { cookie }), expect: signedIn(200) },
  { name: "read one's onboarding", call: (cookie) => t.request("/api/v1/me/onboarding", { cookie }), expect: signedIn(200) },
];

describeAccessMatrix("announcements: who may do what", people, OPERATIONS, () => {
  it("members list the published ones only; the administrators' list adds drafts, scheduled and archived ones", async () => {
    const titles = async (path: string, cookie: string) => ((await (await t.request(path, { cookie })).json()) as { items: Array<{ title: string }> }).items.map((a) => a.title);
    expect(await titles("/api/v1/announcements", members.a.cookie)).toEqual(["Published"]);
    expect(await titles("/api/v1/admin/announcements", admin.cookie)).toEqual(expect.arrayContaining(["Published", "Draft", "Scheduled", "Archived"]));
  });

  it("a member's reading is their own: member B's unread count is not changed by member A", async () => {
    const made = await t.request("/api/v1/announcements", { method: "POST", json: { title: "Read by A", body: "<p>x</p>", publishAt: at(-60_000) }, cookie: admin.cookie });
    const { id } = (await made.json()) as { id: string };
    const unreadOf = async (cookie: string) => ((await (await t.request("/api/v1/announcements", { cookie })).json()) as { unread: number }).unread;
    const before = await unreadOf(members.b.cookie);
    expect((await t.request(`/api/v1/announcements/${id}/read`, { method: "POST", cookie: members.a.cookie })).status).toBe(204);
    expect(await unreadOf(members.b.cookie)).toBe(before);
    const itemOf = async (cookie: string) => ((await (await t.request(`/api/v1/announcements/${id}`, { cookie })).json()) as { read: boolean }).read;
    expect(await itemOf(members.a.cookie)).toBe(true);
    expect(await itemOf(members.b.cookie)).toBe(false);
  });
});
