import { describe, expect, it } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";
import { signUpProof } from "#tests/setup/sign-up-challenge.ts";
import { createOrUpdateUser } from "./accounts.ts";
import { requireRole, requireUser, type CurrentUser } from "./session.ts";
import { AppError } from "../errors.ts";

const t = setUpTestApp();

function cookieOf(response: Response) {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

describe("email and password accounts", () => {
  it("signs up with the spec's defaults: display name from the email, role user, argon2id hash", async () => {
    const response = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: "maria.lopez@example.com", password: "lantern-river-42", name: "", accountType: "business", altcha: await signUpProof(t.request) },
    });
    expect(response.status).toBe(200);

    const user = await t.database.db
      .selectFrom("user")
      .select(["id", "displayName", "role", "accountType", "lastLogin", "createdAt"])
      .where("email", "=", "maria.lopez@example.com")
      .executeTakeFirstOrThrow();
    expect(user.displayName).toBe("maria.lopez");
    expect(user.role).toBe("user");
    expect(user.accountType).toBe("business");
    expect(new Date(user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(user.lastLogin).not.toBeNull();

    const account = await t.database.db
      .selectFrom("account")
      .select(["password", "providerId"])
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(account.providerId).toBe("credential");
    expect(account.password).toMatch(/^\$argon2id\$/);
  });

  it("refuses a password under 6 characters, and a second account on the same email as already registered", async () => {
    const short = await t.request("/api/auth/sign-up/email", { method: "POST", json: { email: "short@example.com", password: "12345", name: "", altcha: await signUpProof(t.request) } });
    expect(short.status).toBe(400);
    expect((await short.json()).code).toBe("PASSWORD_TOO_SHORT");

    const again = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: "maria.lopez@example.com", password: "another-pass-99", name: "", altcha: await signUpProof(t.request) },
    });
    expect(again.status).toBe(422);
    expect((await again.json()).message).toBe("This email address is already registered.");
    expect(await t.database.db.selectFrom("user").select("id").where("email", "=", "maria.lopez@example.com").execute()).toHaveLength(1);
  });

  it("signs in, knows the user, and signs out", async () => {
    await createOrUpdateUser(t, { email: "owner@example.com", password: "open-sesame-77", role: "business" });
    const signIn = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email: "owner@example.com", password: "open-sesame-77" } });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieOf(signIn);

    const me = await t.request("/api/v1/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "owner@example.com", displayName: "owner", role: "business", emailVerified: true });

    const signOut = await t.request("/api/auth/sign-out", { method: "POST", cookie, json: {} });
    expect(signOut.status).toBe(200);
    expect((await t.request("/api/v1/me", { cookie })).status).toBe(401);
  });

  it("refuses a wrong password and keeps the user signed out", async () => {
    await createOrUpdateUser(t, { email: "careful@example.com", password: "right-password-1", role: "user" });
    const response = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email: "careful@example.com", password: "wrong-password-1" } });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().join("")).not.toContain("session_token=");
  });

  it("refuses a sign-in posted from another site", async () => {
    await createOrUpdateUser(t, { email: "csrf@example.com", password: "right-password-1", role: "user" });
    const response = await t.app.request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", Cookie: "x=1" },
      body: JSON.stringify({ email: "csrf@example.com", password: "right-password-1" }),
    });
    expect(response.status).toBe(403);
  });

  it("answers /api/v1/me with 401 and a message when nobody is signed in", async () => {
    const response = await t.request("/api/v1/me");
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe("You must be signed in to do that.");
  });
});

describe("creating accounts from the command line", () => {
  it("creates a verified account that can sign in, then changes its role and password", async () => {
    const first = await createOrUpdateUser(t, { email: "Admin@Example.com", password: "a-Strong-pass-1", role: "admin" });
    expect(first.created).toBe(true);
    const signIn = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email: "admin@example.com", password: "a-Strong-pass-1" } });
    expect(signIn.status).toBe(200);
    expect(await (await t.request("/api/v1/me", { cookie: cookieOf(signIn) })).json()).toMatchObject({ role: "admin", emailVerified: true });

    const second = await createOrUpdateUser(t, { email: "admin@example.com", password: "new-Strong-pass-2", role: "user", name: "Pat" });
    expect(second).toEqual({ id: first.id, created: false });
    const old = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email: "admin@example.com", password: "a-Strong-pass-1" } });
    expect(old.status).toBe(401);
    const fresh = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email: "admin@example.com", password: "new-Strong-pass-2" } });
    expect(await (await t.request("/api/v1/me", { cookie: cookieOf(fresh) })).json()).toMatchObject({ role: "user", displayName: "Pat" });
  });
});

describe("guards", () => {
  const user = (role: CurrentUser["role"]): CurrentUser => ({ id: "u1", email: "a@b.c", displayName: "a", photoURL: null, role, emailVerified: true });

  it("requireUser refuses visitors with 401", () => {
    expect(() => requireUser(null)).toThrow(expect.objectContaining({ status: 401 }));
    expect(requireUser(user("user")).id).toBe("u1");
  });

  it("requireRole refuses other roles with 403", () => {
    const attempt = () => requireRole(user("business"), "admin");
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow(expect.objectContaining({ status: 403 }));
    expect(requireRole(user("admin"), "admin").role).toBe("admin");
    expect(() => requireRole(null, "admin")).toThrow(expect.objectContaining({ status: 401 }));
  });
});
