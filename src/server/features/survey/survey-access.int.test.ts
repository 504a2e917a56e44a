// Who may do what with surveys, on the server: anonymous, a plain user, two members (owners of a business each) and an
// administrator, for every operation; and 200 people answering one survey at the same moment, each counted once.
import { describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories.ts";
import { setUp, setUpTestApp } from "#tests/setup/app.ts";
import { adminOnly, describeAccessMatrix, everyone, membersOnly, setUpMatrixPeople, type Operation, type Who } from "#tests/setup/access-matrix.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import type { SurveyInput } from "#shared/schemas/survey.ts";

const t = setUpTestApp();
const people = setUpMatrixPeople(t, "Survey matrix");
const { admin, members, cookieOf } = people;

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const valid = {
  title: "Matrix survey",
  status: "open",
  closesAt: at(7 * 86_400_000),
  audience: "members",
  showResults: true,
  questions: [{ id: "q1", kind: "rating", label: "How good", required: true }],
};
const fixture = setUp(async () => {
  const response = await t.request("/api/v1/surveys", { method: "POST", json: valid, cookie: admin.cookie });
  expect(response.status).toBe(201);
  const open = await t.request("/api/v1/surveys", { method: "POST", json: { ...valid, audience: "public" }, cookie: admin.cookie });
  return { id: ((await response.json()) as { id: string }).id, publicId: ((await open.json()) as { id: string }).id };
});

const made = async () => ((await (await t.request("/api/v1/surveys", { method: "POST", json: valid, cookie: admin.cookie })).json()) as { id: string }).id;

const OPERATIONS: Operation[] = [
  // The list answers everyone: what is in it depends on who asks (below).
  { name: "list", call: (cookie) => t.request("/api/v1/surveys", { cookie }), expect: everyone(200) },
  { name: "list every one (administrators' tab)", call: (cookie) => t.request("/api/v1/admin/surveys", { cookie }), expect: adminOnly(200) },
  { name: "get a public survey", call: (cookie) => t.request(`/api/v1/surveys/${fixture.publicId}`, { cookie }), expect: everyone(200) },
  // A public survey's answer needs the proof of work from everyone, whatever their role.
  {
    name: "answer a public survey without the proof of work",
    call: (cookie) => t.request(`/api/v1/surveys/${fixture.publicId}/responses`, { method: "POST", json: { answers: { q1: 3 }, email: "someone@example.com" }, cookie }),
    expect: everyone(400),
  },
  // Only the mailed link's token counts an answer: a session is no use without it.
  {
    name: "confirm a visitor's answer without its token",
    call: (cookie) => t.request(`/api/v1/surveys/${fixture.publicId}/responses/confirm`, { method: "POST", json: { token: "not-the-mailed-token" }, cookie }),
    expect: everyone(400),
  },
  { name: "get a members' survey", call: (cookie) => t.request(`/api/v1/surveys/${fixture.id}`, { cookie }), expect: membersOnly(200) },
  {
    name: "answer a members' survey",
    call: async (cookie) => t.request(`/api/v1/surveys/${await made()}/responses`, { method: "POST", json: { answers: { q1: 3 } }, cookie }),
    expect: membersOnly(200),
  },
  { name: "read live results", call: (cookie) => t.request(`/api/v1/surveys/${fixture.id}/results`, { cookie }), expect: { ...membersOnly(403), admin: 200 } },
  { name: "export the answers as CSV", call: (cookie) => t.request(`/api/v1/exports/surveys/${fixture.id}.csv`, { cookie }), expect: adminOnly(200) },
  { name: "create", call: (cookie) => t.request("/api/v1/surveys", { method: "POST", json: valid, cookie }), expect: adminOnly(201) },
  { name: "update", call: (cookie) => t.request(`/api/v1/surveys/${fixture.id}`, { method: "PUT", json: valid, cookie }), expect: adminOnly(200) },
  { name: "delete", call: async (cookie) => t.request(`/api/v1/surveys/${await made()}`, { method: "DELETE", cookie }), expect: adminOnly(204) },
];

describeAccessMatrix("surveys: who may do what", people, OPERATIONS, () => {
  it("drafts are the administrators' only; a members' survey is not in others' lists; a public one is everyone's", async () => {
    const draft = ((await (await t.request("/api/v1/surveys", { method: "POST", json: { ...valid, title: "A draft", status: "draft" }, cookie: admin.cookie })).json()) as { id: string }).id;
    const open = ((await (await t.request("/api/v1/surveys", { method: "POST", json: { ...valid, title: "For all", audience: "public" }, cookie: admin.cookie })).json()) as { id: string }).id;
    for (const who of ["anonymous", "user", "memberA"] as Who[]) expect((await t.request(`/api/v1/surveys/${draft}`, { cookie: cookieOf(who) })).status).toBe(404);
    expect((await t.request(`/api/v1/surveys/${draft}`, { cookie: admin.cookie })).status).toBe(200);
    const ids = async (who: Who) => ((await (await t.request("/api/v1/surveys", { cookie: cookieOf(who) })).json()) as Array<{ id: string }>).map((s) => s.id);
    expect(await ids("anonymous")).toContain(open);
    expect(await ids("anonymous")).not.toContain(fixture.id);
    expect(await ids("user")).not.toContain(fixture.id);
    expect(await ids("memberA")).toContain(fixture.id);
    expect(await ids("memberA")).not.toContain(draft);
    expect(await ids("admin")).toContain(draft);
  });

  it("member A's named answer is theirs: member B sees neither it nor whether A answered", async () => {
    const id = await made();
    await t.request(`/api/v1/surveys/${id}/responses`, { method: "POST", json: { answers: { q1: 5 } }, cookie: members.a.cookie });
    const asB = (await (await t.request(`/api/v1/surveys/${id}`, { cookie: members.b.cookie })).json()) as { answered: boolean; myAnswers: unknown };
    expect(asB).toMatchObject({ answered: false, myAnswers: null });
    const asA = (await (await t.request(`/api/v1/surveys/${id}`, { cookie: members.a.cookie })).json()) as { answered: boolean; myAnswers: unknown };
    expect(asA).toMatchObject({ answered: true, myAnswers: { q1: 5 } });
  });
});

describe("surveys: 200 answers at once", () => {
  const people = setUp(async () => {
    const users: CurrentUser[] = [];
    for (let i = 0; i < 200; i++) {
      const row = await createUser(t.database.db, { role: "admin" });
      users.push({ id: row.id!, email: row.email!, displayName: row.displayName ?? "", photoURL: null, role: "admin", emailVerified: true });
    }
    return { users };
  });

  for (const anonymous of [false, true]) {
    it(`${anonymous ? "anonymous" : "named"}: 200 people answering together (each twice at once) are all counted, once each`, async () => {
      const created = await t.services.surveys.create(people.users[0]!, { ...valid, title: `Rush ${anonymous}`, anonymous } as SurveyInput);
      const noChallenge = async () => "ok" as const;
      const outcomes = await Promise.allSettled(people.users.flatMap((user, i) => [0, 1].map(() => t.services.surveys.respond(user, created.id, { answers: { q1: (i % 5) + 1 } }, noChallenge))));
      const results = await t.services.surveys.results(people.users[0]!, created.id);
      expect(results.responses).toBe(200);
      expect(results.questions[0]!.counts.map((c) => c.count)).toEqual([40, 40, 40, 40, 40]);
      const saved = outcomes.filter((o) => o.status === "fulfilled" && o.value.status === "saved").length;
      expect(saved).toBe(200);
      // The second of each pair: a change of the same answer (named), or refused (anonymous).
      if (anonymous) expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(200);
      else expect(outcomes.filter((o) => o.status === "fulfilled" && o.value.status === "changed")).toHaveLength(200);
    });
  }
});
