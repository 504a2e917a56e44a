// Who may do what with the library, on the server: anonymous, a plain user, a `business` account that owns nothing,
// two members (owners of a business each) and an administrator, for every operation and both visibilities. A
// members-only document and its file are "not found" to anyone but members, even with their exact addresses.
import { expect, it } from "vitest";
import { setUp, setUpTestApp } from "#tests/setup/app.ts";
import { adminOnly, describeAccessMatrix, everyone, setUpMatrixPeople, WHO, type Expected, type Operation } from "#tests/setup/access-matrix.ts";
import { createDocument, uploadDocumentFile } from "#tests/setup/documents.ts";

const t = setUpTestApp();
const people = setUpMatrixPeople(t, "Library");
const { admin, cookieOf } = people;
const fixtures = setUp(async () => ({
  members: await createDocument(t, admin.cookie, { title: "Budget 2026", visibility: "members", tags: ["budget"] }),
  public: await createDocument(t, admin.cookie, { title: "Bylaws", visibility: "public", tags: ["bylaws"] }),
}));

// To anyone but members a members-only document is "not found", signed in or not.
const membersOnly = (status: number): Expected => ({ anonymous: 404, user: 404, ownerOfNothing: 404, memberA: status, memberB: status, admin: status });

const OPERATIONS: Operation[] = [
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
    expect: adminOnly(201),
  },
  {
    name: "update",
    call: async (cookie) => {
      const current = (await (await t.request(`/api/v1/documents/${fixtures.members}`, { cookie: admin.cookie })).json()) as { filePath: string };
      return t.request(`/api/v1/documents/${fixtures.members}`, { method: "PUT", cookie, json: { title: "Budget 2026", date: "2026-03-01", visibility: "members", tags: ["budget"], filePath: current.filePath } });
    },
    expect: adminOnly(200),
  },
  {
    name: "delete",
    call: async (cookie) => {
      // A fresh one each time, so that the administrator's delete is not a 404 for an earlier one.
      const id = await createDocument(t, admin.cookie, { title: "To delete", visibility: "public" });
      return t.request(`/api/v1/documents/${id}`, { method: "DELETE", cookie });
    },
    expect: adminOnly(204),
  },
];

describeAccessMatrix("documents: who may do what", people, OPERATIONS, () => {
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
