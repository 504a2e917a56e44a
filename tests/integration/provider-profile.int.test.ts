// Sign-in through an OpenID Connect provider (a real one on loopback) over HTTP: the display name the provider
// sends is cleaned and cut like one typed on the account page, when the account is made and when a later sign-in
// refreshes it.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pino } from "pino";
import { createApp } from "#server/app.ts";
import { createAuth } from "#server/auth/auth.ts";
import type { Database } from "#server/db/database.ts";
import { newId } from "#server/db/ids.ts";
import { parseEnv } from "#server/env.ts";
import { createServices } from "#server/services.ts";
import { DiskStore } from "#server/storage/storage.ts";
import { createTestDatabase } from "../setup/database.ts";
import { startOidcProvider, type OidcTestProvider } from "../setup/oidc-provider.ts";

const ORIGIN = "http://localhost:3000";

let database: Database;
let oidc: OidcTestProvider;
let app: ReturnType<typeof createApp>;
let filesDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  oidc = await startOidcProvider({ redirectUris: [`${ORIGIN}/api/auth/callback/oidc`, `${ORIGIN}/api/auth/oauth2/callback/oidc`] });
  filesDir = path.join(inject("testDir"), `files-${newId(8)}`);
  const logger = pino({ level: "silent" });
  const services = createServices({ database, store: new DiskStore(filesDir), env: parseEnv({}), signInProviders: [{ id: "oidc", name: "Google" }] });
  const auth = createAuth({
    database,
    secret: "test-secret-".padEnd(48, "x"),
    baseURL: ORIGIN,
    trustedOrigins: [ORIGIN],
    trustProxy: false,
    logger,
    providers: { oidc: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret, name: "Google" } },
  });
  app = createApp({ database, auth, services, logger });
});
afterAll(async () => {
  await oidc.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** Cookies as a browser keeps them for one host: the latest value of each name. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Signs in as `email` through the provider, as the site's redirect sign-in does: the site's start, the provider's
 * login and consent screens, and the site's callback. Returns the site's answer to the callback.
 */
async function signInThroughProvider(email: string): Promise<Response> {
  const site = new CookieJar();
  const provider = new CookieJar();
  const start = await app.request(`${ORIGIN}/api/auth/sign-in/social`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify({ provider: "oidc", callbackURL: "/login-continue", disableRedirect: true }),
  });
  expect(start.status).toBe(200);
  site.take(start);
  let next = ((await start.json()) as { url: string }).url;
  for (let step = 0; step < 20; step++) {
    if (next.startsWith(ORIGIN)) {
      return app.request(next, { headers: { Cookie: site.header() }, redirect: "manual" });
    }
    const response = await fetch(next, { headers: { Cookie: provider.header() }, redirect: "manual" });
    provider.take(response);
    const location = response.headers.get("location");
    if (location) {
      next = new URL(location, next).href;
      continue;
    }
    // A login or consent screen: its one form, submitted with the login name or the consent.
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page from the provider: ${html.slice(0, 200)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === "login" ? { login: email, password: "anything" } : {}) });
    const submitted = await fetch(new URL(action.replaceAll("&amp;", "&"), next), {
      method: "POST",
      headers: { Cookie: provider.header(), "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    provider.take(submitted);
    next = new URL(submitted.headers.get("location")!, next).href;
  }
  throw new Error("the provider's sign-in did not come back to the site");
}

async function displayName(email: string) {
  return (await database.db.selectFrom("user").select("displayName").where("email", "=", email).executeTakeFirstOrThrow()).displayName;
}

describe("a display name from the sign-in provider", () => {
  it("is cleaned and cut to 80 characters when the account is made, and again when a later sign-in refreshes it", async () => {
    const email = `provider-${newId(6).toLowerCase()}@example.com`;
    oidc.setProfile(email, { name: ` \u202EPat\u0007 ${"P".repeat(200_000)}`, picture: "" });
    const first = await signInThroughProvider(email);
    expect(first.status).toBe(302);
    expect(first.headers.getSetCookie().join("")).toContain("session_token=");
    expect(await displayName(email)).toBe(`Pat ${"P".repeat(76)}`);

    oidc.setProfile(email, { name: `\tRenamed\u2066 Pat ${"Q".repeat(5_000)}\n`, picture: "" });
    expect((await signInThroughProvider(email)).status).toBe(302);
    expect(await displayName(email)).toBe(`Renamed Pat ${"Q".repeat(68)}`);
  });
});
