// Sign-up over HTTP: it answers a taken address exactly as a new one, and holds the display name and picture to the
// account rules /api/auth/update-user applies.
import { describe, expect, it } from "vitest";
import { ORIGIN, setUpTestApp } from "../setup/app.ts";
import { newId } from "#server/db/ids.ts";

const t = setUpTestApp();

const PASSWORD = "lantern-river-42";
const uniqueEmail = (prefix: string) => `${prefix}-${newId(6).toLowerCase()}@example.com`;

let clients = 0;

/**
 * A sign-up as a browser on the site sends it, each from a client address of its own: the per-address limit on
 * sign-ups (10 in 10 minutes) is not what these tests are about.
 */
function signUp(json: Record<string, unknown>) {
  const socket = { remoteAddress: `192.0.2.${++clients}`, remotePort: 50_000, remoteFamily: "IPv4" };
  return t.app.request(
    `${ORIGIN}/api/auth/sign-up/email`,
    {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ password: PASSWORD, name: "", accountType: "visitor", ...json }),
    },
    { incoming: { socket } },
  );
}

async function userRow(email: string) {
  return t.database.db.selectFrom("user").select(["id", "displayName", "photoURL"]).where("email", "=", email).executeTakeFirst();
}

/** Every header of an answer, names and values as sent, but those that differ for every request. */
function headersOf(response: Response) {
  return [...response.headers.entries()].filter(([name]) => name !== "date" && name !== "x-request-id");
}

describe("a sign-up on a taken address", () => {
  it("gets the same status, body and headers as one on a new address, and neither sets a cookie", async () => {
    const takenEmail = uniqueEmail("taken");
    expect((await signUp({ email: takenEmail })).status).toBe(200);

    const taken = await signUp({ email: takenEmail });
    const fresh = await signUp({ email: uniqueEmail("fresh") });
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    const [takenBody, freshBody] = [await taken.text(), await fresh.text()];
    expect(takenBody).toBe(freshBody);
    // Nothing in it names an account: no role, name, address or date.
    expect(JSON.parse(freshBody)).toEqual({ token: null, user: null });
    expect(headersOf(taken)).toEqual(headersOf(fresh));
    expect(taken.headers.getSetCookie()).toEqual([]);
    expect(fresh.headers.getSetCookie()).toEqual([]);
  });

  it("is answered alike with a name typed in too", async () => {
    const takenEmail = uniqueEmail("named");
    await signUp({ email: takenEmail, name: "Sam Taken" });
    const taken = await signUp({ email: takenEmail, name: "Sam Again" });
    const fresh = await signUp({ email: uniqueEmail("named-fresh"), name: "Sam Again" });
    expect(await taken.text()).toBe(await fresh.text());
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
