import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories.ts";
import { createTestApp, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
let admin: { cookie: string; email: string };
beforeAll(async () => {
  admin = await t.signIn("admin");
});

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });

describe("users (admin)", () => {
  it("lists accounts newest first with email, display name, role, account type, created and last login, a page at a time", async () => {
    const base = Date.parse("2030-01-01T00:00:00.000Z");
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await createUser(t.database.db, {
          email: `listed-${i}@example.test`,
          displayName: `Listed ${i}`,
          role: i === 0 ? "business" : "user",
          accountType: i === 0 ? "business" : "visitor",
          createdAt: new Date(base + i * 1000).toISOString(),
          lastLogin: i === 4 ? "2030-02-01T10:00:00.000Z" : null,
        }),
      );
    }
    const first = await (await asAdmin("/api/v1/users?page=1&pageSize=3")).json();
    expect(first.items.map((u: { email: string }) => u.email)).toEqual(["listed-4@example.test", "listed-3@example.test", "listed-2@example.test"]);
    expect(first.items[0]).toEqual({
      id: made[4]!.id,
      email: "listed-4@example.test",
      displayName: "Listed 4",
      role: "user",
      accountType: "visitor",
      createdAt: new Date(base + 4000).toISOString(),
      lastLogin: "2030-02-01T10:00:00.000Z",
    });
    expect(first.total).toBeGreaterThanOrEqual(6);
    const second = await (await asAdmin("/api/v1/users?page=2&pageSize=3")).json();
    expect(second.items.slice(0, 2).map((u: { email: string }) => u.email)).toEqual(["listed-1@example.test", "listed-0@example.test"]);
    expect(second.items[1]).toMatchObject({ role: "business", accountType: "business" });
  });

  it("changes a role and records who did it; the same role again changes and records nothing", async () => {
    const user = await createUser(t.database.db);
    const changed = await asAdmin(`/api/v1/users/${user.id}/role`, { method: "PUT", json: { role: "business" } });
    expect(changed.status).toBe(200);
    expect((await changed.json()).role).toBe("business");

    const again = await asAdmin(`/api/v1/users/${user.id}/role`, { method: "PUT", json: { role: "business" } });
    expect(again.status).toBe(200);

    const { items } = await (await asAdmin("/api/v1/audit-log?entityType=user")).json();
    const entries = items.filter((e: { entityId: string }) => e.entityId === user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "role_change", actorEmail: admin.email, summary: `${user.email}: user → business` });
  });

  it("the new role takes effect on the user's next request", async () => {
    const member = await t.signIn("user");
    expect((await t.request("/api/v1/users", { cookie: member.cookie })).status).toBe(403);
    const me = await (await t.request("/api/v1/me", { cookie: member.cookie })).json();
    await asAdmin(`/api/v1/users/${me.id}/role`, { method: "PUT", json: { role: "admin" } });
    expect((await t.request("/api/v1/users", { cookie: member.cookie })).status).toBe(200);
  });

  it("refuses an unknown role and an unknown user", async () => {
    const user = await createUser(t.database.db);
    expect((await asAdmin(`/api/v1/users/${user.id}/role`, { method: "PUT", json: { role: "owner" } })).status).toBe(400);
    expect((await asAdmin("/api/v1/users/nobody/role", { method: "PUT", json: { role: "user" } })).status).toBe(404);
  });
});

describe("the last administrator", () => {
  it("cannot be demoted, by themselves or anyone, until there is another admin", async () => {
    const fresh = await createTestApp();
    try {
      const only = await fresh.signIn("admin");
      const me = await (await fresh.request("/api/v1/me", { cookie: only.cookie })).json();
      const demote = () => fresh.request(`/api/v1/users/${me.id}/role`, { method: "PUT", json: { role: "user" }, cookie: only.cookie });

      const refused = await demote();
      expect(refused.status).toBe(409);
      expect((await refused.json()).error.message).toBe("You cannot remove the last administrator. Make another user an admin first.");
      expect((await fresh.request("/api/v1/users", { cookie: only.cookie })).status).toBe(200);

      const other = await createUser(fresh.database.db, { role: "admin" });
      expect((await demote()).status).toBe(200);
      const left = await fresh.database.db.selectFrom("user").select("id").where("role", "=", "admin").execute();
      expect(left.map((r) => r.id)).toEqual([other.id]);
    } finally {
      await fresh.close();
    }
  });
});
