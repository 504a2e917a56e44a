// better-auth's own expiry checks on either engine (auth-database.ts): on PostgreSQL the pool's timestamps are strings,
// which better-auth's comparisons with dates never found past.
import { describe, expect, it } from "vitest";
import { newId } from "#server/db/ids.ts";
import { setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();

describe("expiry as better-auth checks it", () => {
  it("refuses a password-reset link past its expiry, and the password stays as it was", async () => {
    const member = await t.signIn("user");
    const token = newId(24);
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.database.db
      .insertInto("verification")
      .values({ id: newId(), identifier: `reset-password:${token}`, value: member.user.id, expiresAt: past, createdAt: past, updatedAt: past })
      .execute();
    const reset = await t.request("/api/auth/reset-password", { method: "POST", json: { token, newPassword: "a brand new lantern 77" } });
    expect(reset.status).toBe(400);
    const signIn = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email: member.email, password: member.password } });
    expect(signIn.status).toBe(200);
  });

  it("finds no session past its expiry through better-auth's own read", async () => {
    const member = await t.signIn("user");
    await t.database.db.updateTable("session").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where("userId", "=", member.user.id).execute();
    expect(await t.auth.api.getSession({ headers: new Headers({ cookie: member.cookie }) })).toBeNull();
  });
});
