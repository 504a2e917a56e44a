// Sign-up over HTTP: a taken address is told it is registered (the spec's text), every sign-up carries a proof of
// work that is checked first and spent once, one client address gets a limited number of tries, and the display
// name and picture are held to the account rules /api/auth/update-user applies.
import { describe, expect, it } from "vitest";
import { createTestApp, ORIGIN, setUpTestApp } from "../setup/app.ts";
import { signUpProof, solveSignUpChallenge } from "../setup/sign-up-challenge.ts";
import { SignUpChallenge } from "#server/auth/sign-up-challenge.ts";
import { newId } from "#server/db/ids.ts";

const t = setUpTestApp();

const PASSWORD = "lantern-river-42";
const uniqueEmail = (prefix: string) => `${prefix}-${newId(6).toLowerCase()}@example.com`;

let clients = 0;

/** A solved challenge from the test app, as the sign-up form's widget sends it. */
const proof = () => signUpProof((path) => t.request(path));

/**
 * A sign-up as a browser on the site sends it, with the form's proof of work solved, each from a client address of
 * its own unless `ip` names one: the per-address limit is tested on its own below.
 */
async function signUp(json: Record<string, unknown>, options: { ip?: string; app?: { request: typeof t.app.request } } = {}) {
  const socket = { remoteAddress: options.ip ?? `192.0.2.${++clients}`, remotePort: 50_000, remoteFamily: "IPv4" };
  const altcha = "altcha" in json ? json.altcha : await proof();
  return (options.app ?? t.app).request(
    `${ORIGIN}/api/auth/sign-up/email`,
    {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ password: PASSWORD, name: "", accountType: "visitor", ...json, altcha }),
    },
    { incoming: { socket } },
  );
}

async function userRow(email: string) {
  return t.database.db.selectFrom("user").select(["id", "displayName", "photoURL"]).where("email", "=", email).executeTakeFirst();
}

function decoded(payload: string) {
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { challenge: { parameters: Record<string, unknown>; signature: string }; solution: { counter: number; derivedKey: string } };
}
const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");

describe("a sign-up on a taken address", () => {
  it("is told the address is already registered, with no account made and no cookie; a new address gets no account details", async () => {
    const takenEmail = uniqueEmail("taken");
    const first = await signUp({ email: takenEmail });
    expect(first.status).toBe(200);
    // The new account's role, name and dates are for its emailed link, not the form.
    expect(await first.json()).toEqual({ token: null, user: null });

    const taken = await signUp({ email: takenEmail.toUpperCase(), name: "Sam Again" });
    expect(taken.status).toBe(422);
    expect(await taken.json()).toEqual({ code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", message: "This email address is already registered." });
    expect(taken.headers.getSetCookie()).toEqual([]);
    expect(first.headers.getSetCookie()).toEqual([]);
    expect(await t.database.db.selectFrom("user").select("id").where("email", "=", takenEmail).execute()).toHaveLength(1);
  });
});

describe("the sign-up's proof of work", () => {
  it("is offered by GET /api/v1/challenge, signed, expiring, never cached", async () => {
    const response = await t.request("/api/v1/challenge");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const challenge = (await response.json()) as { parameters: { algorithm: string; expiresAt: number }; signature: string };
    expect(challenge.parameters.algorithm).toBe("SHA-256");
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt * 1000).toBeGreaterThan(Date.now());
  });

  it("is required: without one the sign-up is refused with 400 and says so, before the address is looked at", async () => {
    const email = uniqueEmail("no-proof");
    const missing = await signUp({ email, altcha: undefined });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: "CHALLENGE_REFUSED", message: "The sign-up is missing the form's proof of work. Please reload the page and try again." });
    expect(await userRow(email)).toBeUndefined();

    // A taken address without the work learns nothing either.
    const taken = uniqueEmail("taken-no-proof");
    expect((await signUp({ email: taken })).status).toBe(200);
    const probe = await signUp({ email: taken, altcha: "" });
    expect(probe.status).toBe(400);
    expect((await probe.json()).code).toBe("CHALLENGE_REFUSED");
  });

  it("refuses a wrong solution, a forged challenge, a widget's test payload and garbage", async () => {
    const good = decoded(await proof());
    // The derived key is the work: one that was not found by trying counters is not the one the challenge hides.
    const wrongKey = encoded({ ...good, solution: { ...good.solution, derivedKey: "ab".repeat(32) } });
    const easier = encoded({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 0 } } });
    const test = encoded({ challenge: null, solution: null, test: true });
    for (const altcha of [wrongKey, easier, test, "not base64 json", 42]) {
      const email = uniqueEmail("bad-proof");
      const response = await signUp({ email, altcha });
      expect(response.status, String(altcha)).toBe(400);
      expect(await response.json()).toMatchObject({ code: "CHALLENGE_REFUSED", message: "The sign-up's proof of work is not valid. Please reload the page and try again." });
      expect(await userRow(email)).toBeUndefined();
    }
  });

  it("is spent on first use: replayed, on this instance or another on the same database, it is refused", async () => {
    const altcha = await proof();
    expect((await signUp({ email: uniqueEmail("first"), altcha })).status).toBe(200);
    const again = await signUp({ email: uniqueEmail("replay"), altcha });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "CHALLENGE_REFUSED", message: "The sign-up's proof of work was already used. Please try again." });

    const other = await createTestApp({ database: t.database });
    const elsewhere = await signUp({ email: uniqueEmail("elsewhere"), altcha }, { app: other.app });
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).message).toBe("The sign-up's proof of work was already used. Please try again.");
  });

  it("refuses a challenge past its expiry, though solved and signed with the site's secret", async () => {
    // Issued with the test app's secret eleven minutes ago: valid for ten.
    const old = new SignUpChallenge(t.database.db, "test-secret-".padEnd(48, "x"), () => Date.now() - 11 * 60 * 1000);
    const altcha = await solveSignUpChallenge(await old.create());
    const email = uniqueEmail("expired");
    const response = await signUp({ email, altcha });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "CHALLENGE_REFUSED", message: "The sign-up's proof of work has expired. Please try again." });
    expect(await userRow(email)).toBeUndefined();
  });
});

describe("the per-address limit on sign-ups", () => {
  it("refuses the eleventh sign-up in ten minutes from one address, saying how long to wait; other addresses go on", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 10; i++) expect((await signUp({ email: uniqueEmail("limit") }, { ip })).status).toBe(200);
    const refused = await signUp({ email: uniqueEmail("limit") }, { ip });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: "TOO_MANY_SIGN_UPS", message: "Too many sign-ups from this address. Please try again in 10 minutes." });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect((await signUp({ email: uniqueEmail("limit-other") })).status).toBe(200);
  });
});

describe("a display name given at sign-up", () => {
  it("is refused when longer than the account page allows, with its message, and no account is made", async () => {
    const email = uniqueEmail("long");
    const response = await signUp({ email, name: "x".repeat(200_000) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "INVALID_PROFILE_UPDATE", message: "Display name must be at most 80 characters." });
    expect(await userRow(email)).toBeUndefined();
  });

  it("is stored trimmed, without control or bidirectional-override characters", async () => {
    const email = uniqueEmail("cleaned");
    expect((await signUp({ email, name: "  Pat\u202E Lee\u0007\n " })).status).toBe(200);
    expect((await userRow(email))?.displayName).toBe("Pat Lee");
  });

  it("falls back to the part of the address before the @ when nothing is left of it", async () => {
    const email = uniqueEmail("blank");
    expect((await signUp({ email, name: " \u202E\u2066\t " })).status).toBe(200);
    expect((await userRow(email))?.displayName).toBe(email.split("@")[0]);
  });
});

describe("a picture given at sign-up", () => {
  it("is refused as update-user refuses a picture that is not one's own upload, and no account is made", async () => {
    const someone = await t.signIn("user");
    const someoneId = (await userRow(someone.email))!.id;
    for (const image of ["https://evil.example/me.png", "javascript:alert(1)", `/files/profilePictures/${someoneId}/x.webp`, ""]) {
      const email = uniqueEmail("picture");
      const response = await signUp({ email, image });
      expect(response.status, image).toBe(400);
      expect(await response.json()).toMatchObject({ code: "INVALID_PROFILE_UPDATE", message: "A profile picture must be one you uploaded to this site." });
      expect(await userRow(email)).toBeUndefined();
    }
  });

  it("may be left out", async () => {
    const email = uniqueEmail("no-picture");
    expect((await signUp({ email })).status).toBe(200);
    expect((await userRow(email))?.photoURL).toBeNull();
  });
});
