// Who may do what with announcements, on the server: anonymous, a plain user, two members (owners of a business each)
// and an administrator, for every operation; members never see drafts, scheduled or archived ones.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
// A `business` account that owns nothing yet is not a member.
const ownerOfNothing = setUpSignIn(t, "business");
const members = setUp(async () => {
  const a = await createBusiness(t.database.db, { name: "Matrix A" });
  const b = await createBusiness(t.database.db, { name: "Matrix B" });
  return { a: await signInOwnerOf(t, admin.cookie, a.id), b: await signInOwnerOf(t, admin.cookie, b.id) };
});

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

type Who = "anonymous" | "user" | "ownerOfNothing" | "memberA" | "memberB" | "admin";
const WHO: Who[] = ["anonymous", "user", "ownerOfNothing", "memberA", "memberB", "admin"];
function cookieOf(who: Who): string | undefined {
  return { anonymous: undefined, user: plainUser.cookie, ownerOfNothing: ownerOfNothing.cookie, memberA: members.a.cookie, memberB: members.b.cookie, admin: admin.cookie }[who];
}
const valid = { title: "Matrix write", body: "<p>Hello</p>", publishAt: null };

/** Each operation and what each person gets. */
const OPERATIONS: Array<{ name: string; call: (cookie: string | undefined) => Response | Promise<Response>; expect: Record<Who, number> }> = [
  { name: "list", call: (cookie) => t.request("/api/v1/announcements", { cookie }), expect: { anonymous: 401, user: 403, ownerOfNothing: 403, memberA: 200, memberB: 200, admin: 200 } },
  {
    name: "list every one (administrators' tab)",
    call: (cookie) => t.request("/api/v1/admin/announcements", { cookie }),
    expect: { anonymous: 401, user: 403, ownerOfNothing: 403, memberA: 403, memberB: 403, admin: 200 },
  },
  ...(["published", "draft", "scheduled", "archived"] as const).map((which) => ({
    name: `get ${which}`,
    call: (cookie: string | undefined) => t.request(`/api/v1/announcements/${fixtures[which]}`, { cookie }),
    expect: { anonymous: 401, user: 403, ownerOfNothing: 403, memberA: which === "published" ? 200 : 404, memberB: which === "published" ? 200 : 404, admin: 200 },
  })),
  ...(["published", "draft", "scheduled"] as const).map((which) => ({
    name: `read ${which}`,
    call: (cookie: string | undefined) => t.request(`/api/v1/announcements/${fixtures[which]}/read`, { method: "POST", cookie }),
    expect: { anonymous: 401, user: 403, ownerOfNothing: 403, memberA: which === "published" ? 204 : 404, memberB: which === "published" ? 204 : 404, admin: which === "published" ? 204 : 404 },
  })),
  {
    name: "create",
    call: (cookie) => t.request("/api/v1/announcements", { method: "POST", json: valid, cookie }),
    expect: { anonymous: 401, user: 403, ownerOfNothing: 403, memberA: 403, memberB: 403, admin: 201 },
  },
  {
    name: "update",
    call: (cookie) => t.request(`/api/v1/announcements/${fixtures.draft}`, { method: "PUT", json: { ...valid, title: "Draft" }, cookie }),
    expect: { anonymous: 401, user: 403, ownerOfNothing: 403, memberA: 403, memberB: 403, admin: 200 },
  },
  {
    name: "delete",
    call: async (cookie) => {
      // A fresh one each time, so that the administrator's delete is not a 404 for an earlier one.
      const made = await t.request("/api/v1/announcements", { method: "POST", json: valid, cookie: admin.cookie });
      const { id } = (await made.json()) as { id: string };
      return t.request(`/api/v1/announcements/${id}`, { method: "DELETE", cookie });
    },
    expect: { anonymous: 401, user: 403, ownerOfNothing: 403, memberA: 403, memberB: 403, admin: 204 },
  },
];

describe("announcements: who may do what", () => {
  for (const operation of OPERATIONS) {
    it(operation.name, async () => {
      const got: Record<string, number> = {};
      for (const who of WHO) got[who] = (await operation.call(cookieOf(who))).status;
      expect(got).toEqual(operation.expect);
    });
  }

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
