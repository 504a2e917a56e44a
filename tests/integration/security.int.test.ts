// What a black-box probe of the running app found, one test each: bad input answered 4xx, the auth library's
// endpoints held to the site's rules, cross-site and oversized writes refused, private metadata kept private,
// unverified accounts kept read-only, and the site's security.txt.
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, setUpTestApp } from "../setup/app.ts";
import { makeImage } from "../fixtures/images.ts";

const t = setUpTestApp();
let admin: { email: string; cookie: string };
let user: { email: string; cookie: string };
let other: { email: string; cookie: string };
beforeAll(async () => {
  admin = await t.signIn("admin");
  user = await t.signIn("user");
  other = await t.signIn("user");
});

async function userRow(email: string) {
  return t.database.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
}

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

/** A raw request on our origin: the body and headers exactly as given. */
function raw(path: string, init: { method: string; cookie?: string; headers?: Record<string, string>; body?: BodyInit }) {
  return t.request(path, { method: init.method, cookie: init.cookie, headers: init.headers, body: init.body });
}

describe("1. bad request bodies answer 4xx with a JSON error", () => {
  it("malformed JSON, a wrong or missing Content-Type and an empty body", async () => {
    const before = (await userRow(user.email)).displayName;
    const malformed = await raw("/api/v1/account", { method: "PATCH", cookie: user.cookie, headers: { "Content-Type": "application/json" }, body: '{"displayName": "x"' });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).message).toBe("Malformed JSON in request body");

    const wrongType = await raw("/api/v1/account", { method: "PATCH", cookie: user.cookie, headers: { "Content-Type": "text/plain" }, body: '{"displayName":"x"}' });
    expect(wrongType.status).toBe(415);
    expect((await errorOf(wrongType)).code).toBe("unsupported_media_type");

    const noType = await raw("/api/v1/account", { method: "PATCH", cookie: user.cookie, body: new Uint8Array(Buffer.from('{"displayName":"x"}')) });
    expect(noType.status).toBe(415);

    const empty = await raw("/api/v1/account", { method: "PATCH", cookie: user.cookie, headers: { "Content-Type": "application/json" } });
    expect(empty.status).toBe(400);
    await errorOf(empty);

    const emptyNoType = await raw("/api/v1/account", { method: "PATCH", cookie: user.cookie });
    expect(emptyNoType.status).toBe(400);
    expect((await userRow(user.email)).displayName).toBe(before);
  });

  it("lets a bodiless write through, as a browser sends it (no Content-Length, no Content-Type, an empty stream)", async () => {
    const created = await t.request("/api/v1/tags", { method: "POST", cookie: admin.cookie, json: { name: `Bodiless ${Date.now()}` } });
    const { id } = (await created.json()) as { id: string };
    const response = await t.app.request(
      new Request(`${ORIGIN}/api/v1/tags/${id}`, {
        method: "DELETE",
        headers: { Cookie: admin.cookie, Origin: ORIGIN },
        body: new ReadableStream({ start: (controller) => controller.close() }),
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status, await response.text()).toBeLessThan(300);
    expect(await t.database.db.selectFrom("tag").select("id").where("id", "=", id).execute()).toHaveLength(0);
  });
});

describe("2. the auth library's admin endpoints are off", () => {
  it("answers 404 to every one of them, even for an administrator, and changes nothing", async () => {
    const target = await userRow(other.email);
    const attempts: Array<[string, unknown]> = [
      ["/api/auth/admin/set-role", { userId: target.id, role: "superuser" }],
      ["/api/auth/admin/remove-user", { userId: (await userRow(admin.email)).id }],
      ["/api/auth/admin/set-user-password", { userId: target.id, newPassword: "123456" }],
      ["/api/auth/admin/impersonate-user", { userId: target.id }],
      ["/api/auth/admin/ban-user", { userId: (await userRow(admin.email)).id }],
      ["/api/auth/admin/create-user", { email: "made@example.com", password: "lantern-river-42", name: "Made" }],
      ["/api/auth/admin/update-user", { userId: target.id, data: { role: "admin" } }],
      ["/api/auth/delete-user", {}],
    ];
    for (const [path, json] of attempts) {
      const response = await t.request(path, { method: "POST", cookie: admin.cookie, json });
      expect(response.status, path).toBe(404);
    }
    expect((await t.request("/api/auth/admin/list-users", { cookie: admin.cookie })).status).toBe(404);
    expect((await userRow(other.email)).role).toBe("user");
    expect((await userRow(admin.email)).role).toBe("admin");
    expect(Boolean((await userRow(admin.email)).banned)).toBe(false);
    expect(await t.database.db.selectFrom("user").select("id").where("email", "=", "made@example.com").execute()).toHaveLength(0);
    // The signed-in user is still themselves, not someone impersonated.
    expect(((await (await t.request("/api/v1/me", { cookie: admin.cookie })).json()) as { email: string }).email).toBe(admin.email);
  });

  it("keeps the site's own role change, with its audit trail and the last administrator kept", async () => {
    const target = await userRow(other.email);
    const change = await t.request(`/api/v1/users/${target.id}/role`, { method: "PUT", cookie: admin.cookie, json: { role: "business" } });
    expect(change.status).toBe(200);
    const audit = await t.database.db.selectFrom("audit_log").selectAll().where("entityId", "=", target.id).execute();
    expect(audit.map((a) => a.action)).toContain("role_change");
    await t.request(`/api/v1/users/${target.id}/role`, { method: "PUT", cookie: admin.cookie, json: { role: "user" } });

    const self = await userRow(admin.email);
    const admins = await t.database.db.selectFrom("user").select("id").where("role", "=", "admin").execute();
    if (admins.length === 1) {
      const demote = await t.request(`/api/v1/users/${self.id}/role`, { method: "PUT", cookie: admin.cookie, json: { role: "user" } });
      expect(demote.status).toBe(409);
      expect((await userRow(admin.email)).role).toBe("admin");
    }
  });
});

describe("3. /api/auth/update-user changes only what the account page changes", () => {
  it("refuses other fields, a long or empty name and a picture from elsewhere", async () => {
    const before = await userRow(user.email);
    const cases: Array<[unknown, RegExp]> = [
      [{ name: "x".repeat(100_000) }, /at most 80 characters/],
      [{ name: "   " }, /^Display name cannot be empty\.$/],
      [{ accountType: "admin" }, /cannot be changed here/],
      [{ role: "admin" }, /cannot be changed here/],
      [{ image: "javascript:alert(1)" }, /one you uploaded/],
      [{ image: "https://evil.example/me.png" }, /one you uploaded/],
      [{ image: `/files/profilePictures/${(await userRow(other.email)).id}/x.webp` }, /one you uploaded/],
    ];
    for (const [json, message] of cases) {
      const response = await t.request("/api/auth/update-user", { method: "POST", cookie: user.cookie, json });
      expect(response.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const after = await userRow(user.email);
    expect({ name: after.displayName, type: after.accountType, role: after.role, image: after.photoURL }).toEqual({
      name: before.displayName,
      type: before.accountType,
      role: before.role,
      image: before.photoURL,
    });
  });

  it("changes the display name (trimmed, cleaned) and sets one's own uploaded picture", async () => {
    const self = await userRow(user.email);
    const picture = `/files/profilePictures/${self.id}/me_1.webp`;
    const response = await t.request("/api/auth/update-user", { method: "POST", cookie: user.cookie, json: { name: "  Pat\u202E Lee ", image: picture } });
    expect(response.status).toBe(200);
    const after = await userRow(user.email);
    expect(after.displayName).toBe("Pat Lee");
    expect(after.photoURL).toBe(picture);
  });
});

describe("6. authentication comes before validation", () => {
  it("answers 401 to anonymous requests with a bad body", async () => {
    const anonymous = [
      t.request("/api/v1/account", { method: "PATCH", json: { displayName: "" } }),
      t.request("/api/v1/storage/object?path=", { method: "DELETE" }),
      t.request("/api/v1/me/profile-picture", { method: "PUT", json: { fullPath: 42 } }),
      t.request("/api/v1/storage/metadata?path=", {}),
    ];
    for (const response of await Promise.all(anonymous)) expect(response.status).toBe(401);
  });
});

describe("7. cookie-authenticated writes from other sites are refused", () => {
  it("by Origin, and by Sec-Fetch-Site when there is no Origin", async () => {
    const before = (await userRow(user.email)).displayName;
    const send = (headers: Record<string, string>) =>
      t.app.request(`${ORIGIN}/api/v1/account`, {
        method: "PATCH",
        headers: { Cookie: user.cookie, "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ displayName: "Cross Site" }),
      });
    const evil = await send({ Origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect((await errorOf(evil)).code).toBe("cross_site");
    expect((await send({ Origin: "null" })).status).toBe(403);
    expect((await send({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await send({ "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    expect((await userRow(user.email)).displayName).toBe(before);

    // The site's own pages, and clients that are not browsers (no Origin, no Sec-Fetch-Site), may write.
    expect((await send({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await send({})).status).toBe(200);
    expect((await userRow(user.email)).displayName).toBe("Cross Site");
    // Reads are never refused for their origin.
    const read = await t.app.request(`${ORIGIN}/api/v1/account`, { headers: { Cookie: user.cookie, Origin: "https://evil.example" } });
    expect(read.status).toBe(200);
  });
});

describe("8. JSON bodies are limited to 1 MB", () => {
  it("answers 413 to a larger body, with or without a Content-Length", async () => {
    const big = JSON.stringify({ displayName: "x".repeat(2 * 1024 * 1024) });
    const withLength = await raw("/api/v1/account", { method: "PATCH", cookie: user.cookie, headers: { "Content-Type": "application/json", "Content-Length": String(big.length) }, body: big });
    expect(withLength.status).toBe(413);
    expect((await errorOf(withLength)).code).toBe("too_large");
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const chunked = await t.app.request(`${ORIGIN}/api/v1/account`, {
      method: "PATCH",
      headers: { Cookie: user.cookie, Origin: ORIGIN, "Content-Type": "application/json" },
      body: streamed,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });
});

describe("9. a stored file's metadata is for its uploader and administrators", () => {
  it("refuses anonymous visitors and other users", async () => {
    const owner = await userRow(user.email);
    const fullPath = `profilePictures/${owner.id}/secret-plans_1.webp`;
    await t.services.files.save({ fullPath, body: await makeImage("webp", 10, 10), contentType: "image/webp", ownerUid: owner.id, customMetadata: { originalName: "secret-plans.png" } });
    const url = `/api/v1/storage/metadata?path=${encodeURIComponent(fullPath)}`;
    expect((await t.request(url)).status).toBe(401);
    expect((await t.request(url, { cookie: other.cookie })).status).toBe(403);
    const mine = await t.request(url, { cookie: user.cookie });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { fullPath: string }).fullPath).toBe(fullPath);
    expect((await t.request(url, { cookie: admin.cookie })).status).toBe(200);
  });
});

describe("10. tus extensions the server does not offer", () => {
  it("answers 400, not 501, to Upload-Concat and Upload-Defer-Length", async () => {
    const variants: Array<Record<string, string>> = [{ "Upload-Concat": "partial", "Upload-Length": "10" }, { "Upload-Concat": "final;/api/v1/uploads/a /api/v1/uploads/b" }, { "Upload-Defer-Length": "1" }];
    for (const headers of variants) {
      const response = await t.request("/api/v1/uploads", { method: "POST", cookie: user.cookie, headers: { "Tus-Resumable": "1.0.0", ...headers } });
      expect(response.status, JSON.stringify(headers)).toBe(400);
    }
  });
});

describe("11. names and titles lose control and bidirectional-override characters", () => {
  it("stores a tag's name cleaned", async () => {
    const response = await t.request("/api/v1/tags", { method: "POST", cookie: admin.cookie, json: { name: "Eve\u0000nts\u202Egnp.exe\u2066" } });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { name: string }).name).toBe("Eventsgnp.exe");
  });
});

describe("12. accounts whose email address is not verified are read-only", () => {
  it("may read and change the display name, but not upload or change anything else", async () => {
    const unverified = await t.signIn("user");
    await t.database.db.updateTable("user").set({ emailVerified: t.database.dialect === "sqlite" ? 0 : false }).where("email", "=", unverified.email).execute();
    expect(((await (await t.request("/api/v1/me", { cookie: unverified.cookie })).json()) as { emailVerified: boolean }).emailVerified).toBe(false);

    expect((await t.request("/api/v1/account", { cookie: unverified.cookie })).status).toBe(200);
    expect((await t.request("/api/v1/account", { method: "PATCH", cookie: unverified.cookie, json: { displayName: "Still Me" } })).status).toBe(200);

    const picture = await t.request("/api/v1/me/profile-picture", { method: "PUT", cookie: unverified.cookie, json: { fullPath: "profilePictures/x/y.webp" } });
    expect(picture.status).toBe(403);
    expect(await errorOf(picture)).toEqual({ code: "email_not_verified", message: "Please verify your email address first: open the link we emailed you, or ask for a new one on My Account." });
    const upload = await t.request("/api/v1/uploads", {
      method: "POST",
      cookie: unverified.cookie,
      headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "100", "Upload-Metadata": `kind ${Buffer.from("profilePicture").toString("base64")}` },
    });
    expect(upload.status).toBe(403);
    expect(await t.database.db.selectFrom("stored_file").select("id").where("ownerUid", "=", (await userRow(unverified.email)).id).execute()).toHaveLength(0);
  });
});

describe("security.txt", () => {
  it("serves RFC 9116 fields with a contact", async () => {
    const response = await t.request("/.well-known/security.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^Contact: (mailto:\S+@\S+|https:\/\/\S+)$/m);
    const expires = /^Expires: (\S+)$/m.exec(text)?.[1];
    expect(Date.parse(expires!)).toBeGreaterThan(Date.now());
    expect(Date.parse(expires!)).toBeLessThan(Date.now() + 366 * 24 * 60 * 60 * 1000);
    expect(text).toContain(`Canonical: ${ORIGIN}/.well-known/security.txt`);
  });
});
