// The session read on every request (docs/decisions/0051-session-read.md): two instances of the app on one database,
// each change to a session or its account seen by the other on its very next request.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, setUpTestApp, type SignedIn, type TestApp } from "#tests/setup/app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/database.ts";
import { statementCounter } from "#tests/setup/statement-counter.ts";
import { getCurrentUser } from "./session.ts";

let shared: TestDatabase;
const t = setUpTestApp(async () => ({ database: (shared = await createTestDatabase()) }));
const statements = statementCounter();
let other: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  // A second instance: its own auth and services, its own connection to the same database (its statements counted).
  const database = shared.reopen();
  other = await createTestApp({ database: { ...database, db: database.db.withPlugin(statements.plugin) } });
  admin = await t.signIn("admin");
});
afterAll(() => other?.close());

const SECRET = "test-secret-".padEnd(48, "x");
const COOKIE = "better-auth.session_token";

function signed(token: string, secret = SECRET) {
  return `${COOKIE}=${encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`)}`;
}

async function me(app: TestApp, cookie: string) {
  const response = await app.request("/api/v1/me", { cookie });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as { id: string; role: string; displayName: string }) : null };
}

async function tokenOf(userId: string) {
  const row = await t.database.db.selectFrom("session").select(["token", "expiresAt"]).where("userId", "=", userId).executeTakeFirstOrThrow();
  return row;
}

describe("the signed-in person, read on every request", () => {
  it("is the same on both instances, and a role change shows on the next request of each", async () => {
    const member = await t.signIn("user");
    expect((await me(other, member.cookie)).body).toMatchObject({ id: member.user.id, role: "user" });
    expect((await other.request("/api/v1/users", { cookie: member.cookie })).status).toBe(403);

    const promoted = await t.request(`/api/v1/users/${member.user.id}/role`, { method: "PUT", cookie: admin.cookie, json: { role: "admin" } });
    expect(promoted.status).toBe(200);
    expect((await me(other, member.cookie)).body?.role).toBe("admin");
    expect((await other.request("/api/v1/users", { cookie: member.cookie })).status).toBe(200);

    const demoted = await other.request(`/api/v1/users/${member.user.id}/role`, { method: "PUT", cookie: admin.cookie, json: { role: "business" } });
    expect(demoted.status).toBe(200);
    expect((await me(t, member.cookie)).body?.role).toBe("business");
    expect((await t.request("/api/v1/users", { cookie: member.cookie })).status).toBe(403);
  });

  it("shows a new display name on the other instance at once", async () => {
    const member = await t.signIn("user");
    await me(other, member.cookie);
    await t.database.db.updateTable("user").set({ displayName: "Renamed Elsewhere" }).where("id", "=", member.user.id).execute();
    expect((await me(other, member.cookie)).body?.displayName).toBe("Renamed Elsewhere");
  });

  it("ends with signing out, on the instance that signed out and the other", async () => {
    const member = await t.signIn("user");
    expect((await me(other, member.cookie)).status).toBe(200);
    const out = await t.request("/api/auth/sign-out", { method: "POST", cookie: member.cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await me(other, member.cookie)).status).toBe(401);
    expect((await me(t, member.cookie)).status).toBe(401);
  });

  it("ends when the account is deleted", async () => {
    const member = await t.signIn("business");
    expect((await me(other, member.cookie)).status).toBe(200);
    await t.database.db.deleteFrom("session").where("userId", "=", member.user.id).execute();
    await t.database.db.deleteFrom("account").where("userId", "=", member.user.id).execute();
    await t.database.db.deleteFrom("user").where("id", "=", member.user.id).execute();
    expect((await me(other, member.cookie)).status).toBe(401);
  });

  it("ends while the account is banned, and comes back when the ban has ended", async () => {
    const member = await t.signIn("user");
    expect((await me(other, member.cookie)).status).toBe(200);
    await t.database.db.updateTable("user").set({ banned: 1, banExpires: null }).where("id", "=", member.user.id).execute();
    expect((await me(other, member.cookie)).status).toBe(401);
    expect((await me(t, member.cookie)).status).toBe(401);
    const later = new Date(Date.now() + 60_000).toISOString();
    await t.database.db.updateTable("user").set({ banExpires: later }).where("id", "=", member.user.id).execute();
    expect((await me(other, member.cookie)).status).toBe(401);
    const ended = new Date(Date.now() - 60_000).toISOString();
    await t.database.db.updateTable("user").set({ banExpires: ended }).where("id", "=", member.user.id).execute();
    expect((await me(other, member.cookie)).status).toBe(200);
  });

  it("refuses a cookie whose signature is not the site's, and a well-signed token of no session", async () => {
    const member = await t.signIn("user");
    const { token } = await tokenOf(member.user.id);
    expect((await me(other, signed(token))).body?.id).toBe(member.user.id);
    expect((await me(other, signed(token, "another-secret-".padEnd(48, "y")))).status).toBe(401);
    const [name, value] = signed(token).split("=", 2) as [string, string];
    const unsigned = `${name}=${encodeURIComponent(token)}`;
    expect((await me(other, unsigned)).status).toBe(401);
    expect((await me(other, `${name}=${value.slice(0, -4)}AAA%3D`)).status).toBe(401);
    expect((await me(other, signed("no-such-session-token"))).status).toBe(401);
  });

  it("drops an expired session, and refreshes one in use that is a day old", async () => {
    const expiring = await t.signIn("user");
    await t.database.db.updateTable("session").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where("userId", "=", expiring.user.id).execute();
    expect((await me(other, expiring.cookie)).status).toBe(401);
    expect(await t.database.db.selectFrom("session").select("id").where("userId", "=", expiring.user.id).executeTakeFirst()).toBeUndefined();

    const old = await t.signIn("user");
    // Refreshed two days ago: five days left of seven, past the daily refresh.
    const fiveDays = Date.now() + 5 * 24 * 60 * 60 * 1000;
    await t.database.db.updateTable("session").set({ expiresAt: new Date(fiveDays).toISOString() }).where("userId", "=", old.user.id).execute();
    expect((await me(other, old.cookie)).status).toBe(200);
    const { expiresAt } = await tokenOf(old.user.id);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 6.9 * 24 * 60 * 60 * 1000);
  });

  it("leaves the expiry of a session its owner asked not to keep, and reads a cookie header naming it twice as better-auth does", async () => {
    const email = `forgetful-${Date.now()}@example.com`;
    const first = await t.signIn("user", email);
    const response = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: first.password, rememberMe: false } });
    const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(cookie).toContain("dont_remember");
    const { token } = await t.database.db.selectFrom("session").select("token").where("userId", "=", first.user.id).orderBy("createdAt", "desc").executeTakeFirstOrThrow();
    const fiveDays = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString();
    await t.database.db.updateTable("session").set({ expiresAt: fiveDays }).where("token", "=", token).execute();
    expect((await me(other, cookie)).status).toBe(200);
    const after = await t.database.db.selectFrom("session").select("expiresAt").where("token", "=", token).executeTakeFirstOrThrow();
    expect(Date.parse(after.expiresAt)).toBe(Date.parse(fiveDays));

    // Twice in one header: better-auth's parser picks one; an expired session is refused either way.
    const twice = `${first.cookie}; ${first.cookie}`;
    expect((await me(other, twice)).body?.id).toBe(first.user.id);
    await t.database.db.updateTable("session").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where("userId", "=", first.user.id).execute();
    expect((await me(other, twice)).status).toBe(401);
  });

  it("reads a session in use in one statement, without writing", async () => {
    const member = await t.signIn("user");
    const { expiresAt } = await tokenOf(member.user.id);
    for (let i = 0; i < 3; i++) {
      const { result, statements: count } = await statements.count(() => getCurrentUser(other.auth, new Headers({ cookie: member.cookie })));
      expect(result).toMatchObject({ id: member.user.id, email: member.email, role: "user", emailVerified: true });
      expect(count).toBe(1);
    }
    expect((await tokenOf(member.user.id)).expiresAt).toBe(expiresAt);
  });
});
