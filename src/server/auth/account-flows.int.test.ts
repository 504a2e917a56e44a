// Sign-up with a real verification email, password reset, weak passwords, the per-account sign-in limit and the
// sign-in log, through the HTTP app on a real database and a real SMTP server on loopback.
import { Writable } from "node:stream";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { pino } from "pino";
import { createApp } from "../app.ts";
import { parseEnv } from "../env.ts";
import { createServices } from "../services.ts";
import { DiskStore } from "../storage/storage.ts";
import { newId } from "../db/ids.ts";
import type { Database } from "../db/database.ts";
import { createMailer } from "../mail/mailer.ts";
import { createAuth } from "./auth.ts";
import { createOrUpdateUser } from "./accounts.ts";
import { createTestDatabase } from "#tests/setup/database.ts";
import { startSmtpReceiver, type SmtpReceiver } from "#tests/setup/smtp-receiver.ts";
import { signUpProof } from "#tests/setup/sign-up-challenge.ts";

const ORIGIN = "http://localhost:3000";

/** Collects the server's structured log lines. */
function logSink() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: "info" }, stream) };
}

function buildApp(database: Database, smtp: SmtpReceiver, options: { trustProxy?: boolean } = {}) {
  const filesDir = path.join(inject("testDir"), `files-${newId(8)}`);
  const { lines, logger } = logSink();
  const services = createServices({ database, store: new DiskStore(filesDir), env: parseEnv({}), signInProviders: [] });
  const mailer = createMailer({ smtpUrl: smtp.url, from: "Niche <no-reply@niche.test>", outboxDir: path.join(filesDir, "outbox"), logger });
  const auth = createAuth({
    database,
    secret: "test-secret-".padEnd(48, "x"),
    baseURL: ORIGIN,
    trustedOrigins: [ORIGIN],
    trustProxy: options.trustProxy ?? false,
    mailer,
    logger,
  });
  const app = createApp({ database, auth, services, logger });

  function request(pathname: string, init: RequestInit & { json?: unknown; cookie?: string; ip?: string } = {}) {
    const headers = new Headers(init.headers);
    headers.set("Origin", ORIGIN);
    if (init.cookie) headers.set("Cookie", init.cookie);
    if (init.ip) headers.set("X-Forwarded-For", init.ip);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    return app.request(`${ORIGIN}${pathname}`, { ...init, headers, body, redirect: "manual" });
  }
  return { app, auth, request, logs: lines, close: () => fs.rmSync(filesDir, { recursive: true, force: true }) };
}

function cookieOf(response: Response) {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

let smtp: SmtpReceiver;
let database: Database;
let t: ReturnType<typeof buildApp>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  database = await createTestDatabase();
  t = buildApp(database, smtp);
});
afterAll(async () => {
  t.close();
  await database.close();
  await smtp.close();
});

describe("sign-up and email verification", () => {
  it("records the chosen account type, keeps the role user, and mails a link that verifies the address and returns to the dashboard", async () => {
    const email = "nadia.verify@example.com";
    const signUp = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email, password: "lantern-river-42", name: "", accountType: "business", callbackURL: "/myqsa/dashboard", altcha: await signUpProof(t.request) },
    });
    expect(signUp.status).toBe(200);
    const user = await database.db.selectFrom("user").select(["id", "role", "accountType", "emailVerified", "displayName"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "user", accountType: "business", displayName: "nadia.verify" });
    expect(Boolean(user.emailVerified)).toBe(false);

    const mail = await smtp.waitFor(email, /Verify your email address/);
    const link = smtp.linkIn(mail, `${ORIGIN}/api/auth/verify-email?`);
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/myqsa/dashboard");

    const verify = await t.request(link.slice(ORIGIN.length));
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/myqsa/dashboard");
    const after = await database.db.selectFrom("user").select("emailVerified").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(Boolean(after.emailVerified)).toBe(true);

    const account = await t.request("/api/v1/account", { cookie: cookieOf(verify) });
    expect(await account.json()).toMatchObject({ email, emailVerified: true, accountType: "business", role: "user" });
  });

  it("refuses a password from the list of common passwords, and an account type that does not exist", async () => {
    const common = await t.request("/api/auth/sign-up/email", { method: "POST", json: { email: "weak@example.com", password: "qwerty123", name: "" } });
    expect(common.status).toBe(400);
    expect((await common.json()).code).toBe("PASSWORD_TOO_WEAK");

    const short = await t.request("/api/auth/sign-up/email", { method: "POST", json: { email: "weak@example.com", password: "x1y2z", name: "", altcha: await signUpProof(t.request) } });
    expect((await short.json()).code).toBe("PASSWORD_TOO_SHORT");

    const type = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: "weak@example.com", password: "lantern-river-42", name: "", accountType: "admin" },
    });
    expect(type.status).toBe(400);
    expect((await type.json()).code).toBe("INVALID_ACCOUNT_TYPE");
    expect(await database.db.selectFrom("user").select("id").where("email", "=", "weak@example.com").execute()).toHaveLength(0);
  });

  it("tells a sign-up on a taken address that it is already registered, and tells the address's owner by email", async () => {
    await createOrUpdateUser(t, { email: "taken@example.com", password: "lantern-river-42", role: "user" });
    const again = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: "Taken@Example.com", password: "other-river-43", name: "", accountType: "visitor", altcha: await signUpProof(t.request) },
    });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", message: "This email address is already registered." });
    expect(again.headers.getSetCookie().join("")).not.toContain("session_token=");

    // The mail says why it came, in its plain-text part too.
    const notice = await smtp.waitFor("taken@example.com", /Someone tried to create an account/);
    expect(notice.text).toContain("tried to create a new account");
    expect(notice.text).toContain(`${ORIGIN}/login`);
    // The taken address keeps its one account and its password.
    expect(await database.db.selectFrom("user").select("id").where("email", "=", "taken@example.com").execute()).toHaveLength(1);
    expect((await t.request("/api/auth/sign-in/email", { method: "POST", json: { email: "taken@example.com", password: "lantern-river-42" } })).status).toBe(200);
  });
});

describe("password reset", () => {
  it("mails a single-use link, sets the new password and ends every session of the user", async () => {
    const email = "reset.me@example.com";
    await createOrUpdateUser(t, { email, password: "old-lantern-11", role: "user" });
    const first = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: "old-lantern-11" } });
    const second = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: "old-lantern-11" } });
    expect((await t.request("/api/v1/me", { cookie: cookieOf(first) })).status).toBe(200);

    const ask = await t.request("/api/auth/request-password-reset", { method: "POST", json: { email, redirectTo: "/reset-password" } });
    expect(ask.status).toBe(200);
    const mail = await smtp.waitFor(email, /Reset your password/);
    const link = smtp.linkIn(mail, `${ORIGIN}/api/auth/reset-password/`);

    const open = await t.request(link.slice(ORIGIN.length));
    expect(open.status).toBe(302);
    const landing = new URL(open.headers.get("location")!, ORIGIN);
    expect(landing.pathname).toBe("/reset-password");
    const token = landing.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const weak = await t.request("/api/auth/reset-password", { method: "POST", json: { token, newPassword: "password1" } });
    expect((await weak.json()).code).toBe("PASSWORD_TOO_WEAK");

    const reset = await t.request("/api/auth/reset-password", { method: "POST", json: { token, newPassword: "new-lantern-22" } });
    expect(reset.status).toBe(200);
    expect((await t.request("/api/v1/me", { cookie: cookieOf(first) })).status).toBe(401);
    expect((await t.request("/api/v1/me", { cookie: cookieOf(second) })).status).toBe(401);

    const reuse = await t.request("/api/auth/reset-password", { method: "POST", json: { token, newPassword: "third-lantern-33" } });
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).code).toBe("INVALID_TOKEN");

    expect((await t.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: "old-lantern-11" } })).status).toBe(401);
    expect((await t.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: "new-lantern-22" } })).status).toBe(200);
  });

  it("lets the owner sign in with the new password at once after resetting it, though their address had been refused", async () => {
    const email = "forgot.locked@example.com";
    await createOrUpdateUser(t, { email, password: "old-lantern-11", role: "user" });
    const behindProxy = buildApp(database, smtp, { trustProxy: true });
    const owner = "198.51.100.44";
    const signIn = (password: string, ip: string) => behindProxy.request("/api/auth/sign-in/email", { method: "POST", json: { email, password }, ip });
    for (let i = 0; i < 5; i++) expect((await signIn(`forgotten-${i}-password`, owner)).status).toBe(401);
    // Other addresses failing too: 12 failures on the account, so its next attempt would be held a second.
    for (let i = 0; i < 7; i++) expect((await signIn(`guess-${i}-password`, `203.0.113.${150 + i}`)).status).toBe(401);
    expect((await signIn("old-lantern-11", owner)).status).toBe(429);

    const ask = await behindProxy.request("/api/auth/request-password-reset", { method: "POST", json: { email, redirectTo: "/reset-password" }, ip: owner });
    expect(ask.status).toBe(200);
    const link = smtp.linkIn(await smtp.waitFor(email, /Reset your password/), `${ORIGIN}/api/auth/reset-password/`);
    const open = await behindProxy.request(link.slice(ORIGIN.length), { ip: owner });
    const token = new URL(open.headers.get("location")!, ORIGIN).searchParams.get("token")!;
    const reset = await behindProxy.request("/api/auth/reset-password", { method: "POST", json: { token, newPassword: "new-lantern-22" }, ip: owner });
    expect(reset.status).toBe(200);

    const started = performance.now();
    const signedIn = await signIn("new-lantern-22", owner);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().join("")).toContain("session_token=");
    // Not held back by the failures before the reset either.
    expect(performance.now() - started).toBeLessThan(900);
    behindProxy.close();
  });

  it("answers a reset request for an unknown address like any other, and sends nothing", async () => {
    const ask = await t.request("/api/auth/request-password-reset", { method: "POST", json: { email: "nobody@example.com", redirectTo: "/reset-password" } });
    expect(ask.status).toBe(200);
    await expect(smtp.waitFor("nobody@example.com", /Reset/, 500)).rejects.toThrow(/no email/);
  });
});

describe("signing in", () => {
  it("updates lastLogin at every sign-in and logs successes and failures", async () => {
    const email = "logged@example.com";
    await createOrUpdateUser(t, { email, password: "lantern-river-42", role: "user" });
    await database.db.updateTable("user").set({ lastLogin: "2020-01-01T00:00:00.000Z" }).where("email", "=", email).execute();

    const bad = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: "not-it-at-all" } });
    expect(bad.status).toBe(401);
    const good = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: "lantern-river-42" } });
    expect(good.status).toBe(200);

    const row = await database.db.selectFrom("user").select("lastLogin").where("email", "=", email).executeTakeFirstOrThrow();
    expect(new Date(row.lastLogin!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const events = t.logs.filter((l) => l.event === "sign-in" && l.email === email);
    expect(events).toEqual([
      expect.objectContaining({ ok: false, status: 401, code: "INVALID_EMAIL_OR_PASSWORD" }),
      expect.objectContaining({ ok: true, userId: expect.any(String) }),
    ]);
  });

  it("refuses an address after 5 failed attempts on an account, even with the right password and after a restart, while the owner's own address still gets in", async () => {
    const email = "locked@example.com";
    await createOrUpdateUser(t, { email, password: "lantern-river-42", role: "user" });
    const behindProxy = buildApp(database, smtp, { trustProxy: true });
    const stranger = "203.0.113.9";
    for (let i = 0; i < 5; i++) {
      const wrong = await behindProxy.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: `wrong-${i}-password` }, ip: stranger });
      expect(wrong.status).toBe(401);
    }
    const right = await behindProxy.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: "lantern-river-42" }, ip: stranger });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(60);
    const body = await right.json();
    expect(body.code).toBe("TOO_MANY_ATTEMPTS");
    expect(body.message).toMatch(/^Too many failed sign-in attempts for this account\. Please try again in \d+ minutes\.$/);
    expect(right.headers.getSetCookie().join("")).not.toContain("session_token=");

    // A new server on the same database: the limit is stored there, not in memory.
    const restarted = buildApp(database, smtp, { trustProxy: true });
    const afterRestart = await restarted.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: "lantern-river-42" }, ip: stranger });
    expect(afterRestart.status).toBe(429);

    // The owner, from their own address, is not shut out by the stranger.
    const owner = await restarted.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: "lantern-river-42" }, ip: "198.51.100.20" });
    expect(owner.status).toBe(200);
    expect(owner.headers.getSetCookie().join("")).toContain("session_token=");
    restarted.close();
    behindProxy.close();

    // Other accounts are not affected.
    await createOrUpdateUser(t, { email: "free@example.com", password: "lantern-river-42", role: "user" });
    expect((await t.request("/api/auth/sign-in/email", { method: "POST", json: { email: "free@example.com", password: "lantern-river-42" } })).status).toBe(200);
  });

  it("slows down, but never shuts, an account that many addresses keep failing on", async () => {
    const email = "besieged@example.com";
    await createOrUpdateUser(t, { email, password: "lantern-river-42", role: "user" });
    const behindProxy = buildApp(database, smtp, { trustProxy: true });
    for (let i = 0; i < 12; i++) {
      const wrong = await behindProxy.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: `wrong-${i}-password` }, ip: `203.0.113.${100 + i}` });
      expect(wrong.status).toBe(401);
    }
    const started = performance.now();
    const owner = await behindProxy.request("/api/auth/sign-in/email", { method: "POST", json: { email, password: "lantern-river-42" }, ip: "198.51.100.21" });
    expect(owner.status).toBe(200);
    // 12 failures: two past the slow-down threshold of 10, so at least a second's wait.
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    behindProxy.close();
  });

  it("limits sign-in attempts per client address behind a trusted proxy", async () => {
    const behindProxy = buildApp(database, smtp, { trustProxy: true });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await behindProxy.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: `nobody-${i}@example.com`, password: "lantern-river-42" },
        ip: "198.51.100.7",
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    const other = await behindProxy.request("/api/auth/sign-in/email", { method: "POST", json: { email: "nobody@example.com", password: "x-y-z-w-1" }, ip: "198.51.100.8" });
    expect(other.status).toBe(401);
    behindProxy.close();
  });
});

describe("the account API", () => {
  it("shows the signed-in user's account and changes the display name, with the spec's messages for bad names", async () => {
    await createOrUpdateUser(t, { email: "named@example.com", password: "lantern-river-42", role: "business" });
    const signIn = await t.request("/api/auth/sign-in/email", { method: "POST", json: { email: "named@example.com", password: "lantern-river-42" } });
    const cookie = cookieOf(signIn);

    const account = await t.request("/api/v1/account", { cookie });
    expect(await account.json()).toMatchObject({ email: "named@example.com", displayName: "named", role: "business", emailVerified: true, provider: null });

    const renamed = await t.request("/api/v1/account", { method: "PATCH", cookie, json: { displayName: "  Corner Bakery  " } });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).displayName).toBe("Corner Bakery");

    const empty = await t.request("/api/v1/account", { method: "PATCH", cookie, json: { displayName: "   " } });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.fields.displayName).toBe("Display name cannot be empty.");

    const long = await t.request("/api/v1/account", { method: "PATCH", cookie, json: { displayName: "x".repeat(81) } });
    expect((await long.json()).error.fields.displayName).toBe("Display name must be at most 80 characters.");

    expect((await t.request("/api/v1/account")).status).toBe(401);
    expect((await t.request("/api/v1/account", { method: "PATCH", json: { displayName: "Someone" } })).status).toBe(401);
  });
});
