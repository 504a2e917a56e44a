// Who may do what with the library, on the server: anonymous, a plain user, a `business` account that owns nothing,
// two members (owners of a business each) and an administrator, for every operation and both visibilities. A
// members-only document and its file are "not found" to anyone but members, even with their exact addresses.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { createDocument, uploadDocumentFile } from "#tests/setup/documents.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const ownerOfNothing = setUpSignIn(t, "business");
const members = setUp(async () => {
  const a = await createBusiness(t.database.db, { name: "Library A" });
  const b = await createBusiness(t.database.db, { name: "Library B" });
  return { a: await signInOwnerOf(t, admin.cookie, a.id), b: await signInOwnerOf(t, admin.cookie, b.id) };
});
const fixtures = setUp(async () => ({
  members: await createDocument(t, admin.cookie, { title: "Budget 2026", visibility: "members", tags: ["budget"] }),
  public: await createDocument(t, admin.cookie, { title: "Bylaws", visibility: "public", tags: ["bylaws"] }),
}));

type Who = "anonymous" | "user" | "ownerOfNothing" | "memberA" | "memberB" | "admin";
const WHO: Who[] = ["anonymous", "user", "ownerOfNothing", "memberA", "memberB", "admin"];
function cookieOf(who: Who): string | undefined {
  return { anonymous: undefined, user: plainUser.cookie, ownerOfNothing: ownerOfNothing.cookie, memberA: members.a.cookie, memberB: members.b.cookie, admin: admin.cookie }[who];
}
const everyone = (status: number): Record<Who, number> => ({ anonymous: status, user: status, ownerOfNothing: status, memberA: status, memberB: status, admin: status });
const membersOnly = (status: number): Record<Who, number> => ({ anonymous: 404, user: 404, ownerOfNothing: 404, memberA: status, memberB: status, admin: status });
const adminsOnly = (status: number): Record<Who, number> => ({ anonymous: 401, user: 403, ownerOfNothing: 403, memberA: 403, memberB: 403, admin: status });

const OPERATIONS: Array<{ name: string; call: (cookie: string | undefined) => Response | Promise<Response>; expect: Record<Who, number> }> = [
  { name: "list", call: (cookie) => t.request("/api/v1/documents", { cookie }), expect: everyone(200) },
  { name: "get a public one", call: (cookie) => t.request(`/api/v1/documents/${fixtures.public}`, { cookie }), expect: everyone(200) },
  { name: "download a public one", call: (cookie) => t.request(`/api/v1/documents/${fixtures.public}/file`, { cookie }), expect: everyone(200) },
  { name: "get a members-only one", call: (cookie) => t.request(`/api/v1/documents/${fixtures.members}`, { cookie }), expect: membersOnly(200) },
  { name: "download a members-only one", call: (cookie) => t.request(`/api/v1/documents/${fixtures.members}/file`, { cookie }), expect: membersOnly(200) },
  {
    name: "create",
    call: async (cookie) => {
      const filePath = await uploadDocumentFile(t, admin.cookie);
      return t.request("/api/v1/documents", { method: "POST", cookie, json: { title: "Minutes", date: "2026-02-01", visibility: "members", filePath } });
    },
    expect: adminsOnly(201),
  },
  {
    name: "update",
    call: async (cookie) => {
      const current = (await (await t.request(`/api/v1/documents/${fixtures.members}`, { cookie: admin.cookie })).json()) as { filePath: string };
      return t.request(`/api/v1/documents/${fixtures.members}`, { method: "PUT", cookie, json: { title: "Budget 2026", date: "2026-03-01", visibility: "members", tags: ["budget"], filePath: current.filePath } });
    },
    expect: adminsOnly(200),
  },
  {
    name: "delete",
    call: async (cookie) => {
      // A fresh one each time, so that the administrator's delete is not a 404 for an earlier one.
      const id = await createDocument(t, admin.cookie, { title: "To delete", visibility: "public" });
      return t.request(`/api/v1/documents/${id}`, { method: "DELETE", cookie });
    },
    expect: adminsOnly(204),
  },
];

describe("documents: who may do what", () => {
  for (const operation of OPERATIONS) {
    it(operation.name, async () => {
      const got: Record<string, number> = {};
      for (const who of WHO) got[who] = (await operation.call(cookieOf(who))).status;
      expect(got).toEqual(operation.expect);
    });
  }

  it("lists public documents to everyone and members-only ones to members only", async () => {
    const titles = async (cookie: string | undefined) => ((await (await t.request("/api/v1/documents", { cookie })).json()) as { items: Array<{ title: string }> }).items.map((d) => d.title);
    for (const who of ["anonymous", "user", "ownerOfNothing"] as const) {
      expect(await titles(cookieOf(who)), who).toContain("Bylaws");
      expect(await titles(cookieOf(who)), who).not.toContain("Budget 2026");
    }
    for (const who of ["memberA", "memberB", "admin"] as const) expect(await titles(cookieOf(who)), who).toEqual(expect.arrayContaining(["Bylaws", "Budget 2026"]));
  });

  it("never serves a library file from the public files route, members-only or public, whoever asks", async () => {
    const paths = await t.database.db.selectFrom("document").select("filePath").where("id", "in", [fixtures.members, fixtures.public]).execute();
    expect(paths).toHaveLength(2);
    for (const { filePath } of paths) {
      for (const who of WHO) expect((await t.request(`/files/${filePath}`, { cookie: cookieOf(who) })).status, `${who} ${filePath}`).toBe(404);
    }
  });
});
