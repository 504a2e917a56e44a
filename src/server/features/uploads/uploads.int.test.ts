// Uploads over the tus endpoint as a browser sends them: who may upload, what is refused, resuming, and the profile picture.
import zlib from "node:zlib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";
import { GIF_POLYGLOT, HTML_PAGE, SVG_WITH_SCRIPT, makeImage, makeNoisePng } from "#tests/fixtures/images.ts";

const t = setUpTestApp();
let user: { cookie: string };
let admin: { cookie: string };
beforeAll(async () => {
  user = await t.signIn("user");
  admin = await t.signIn("admin");
});

const b64 = (value: string) => Buffer.from(value).toString("base64");
const TUS = { "Tus-Resumable": "1.0.0" };

function create(cookie: string | undefined, size: number, metadata: Record<string, string>) {
  const meta = Object.entries(metadata).map(([k, v]) => `${k} ${b64(v)}`).join(",");
  return t.request("/api/v1/uploads", { method: "POST", cookie, headers: { ...TUS, "Upload-Length": String(size), "Upload-Metadata": meta } });
}

function patch(cookie: string, location: string, offset: number, bytes: Uint8Array) {
  return t.request(location, {
    method: "PATCH",
    cookie,
    headers: { ...TUS, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

/** Creates and sends a whole file in one PATCH; returns the last response. */
async function upload(cookie: string, bytes: Uint8Array, metadata: Record<string, string>): Promise<Response> {
  const created = await create(cookie, bytes.byteLength, metadata);
  if (created.status !== 201) return created;
  return patch(cookie, created.headers.get("Location")!, 0, bytes);
}

async function errorMessage(response: Response): Promise<string> {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

async function storedFilesOf(cookie: string): Promise<number> {
  const me = (await (await t.request("/api/v1/me", { cookie })).json()) as { id: string };
  const row = await t.database.db.selectFrom("stored_file").select((eb) => eb.fn.countAll<number>().as("n")).where("ownerUid", "=", me.id).executeTakeFirst();
  return Number(row?.n ?? 0);
}

describe("who may upload", () => {
  it("refuses a visitor who is not signed in with 401 and the spec's message", async () => {
    const response = await create(undefined, 100, { kind: "profilePicture", filename: "me.png" });
    expect(response.status).toBe(401);
    expect(await errorMessage(response)).toBe("User is not authenticated, please sign in and try again.");
  });

  it("refuses a user uploading a business logo with 403 naming the path", async () => {
    const response = await create(user.cookie, 1000, { kind: "logo", filename: "logo.png", name: "Queen Street Diner" });
    expect(response.status).toBe(403);
    expect(await errorMessage(response)).toMatch(/^User does not have permission to access 'markers_logos\/queen-street-diner_\d{13}\.webp'\.$/);
  });

  it("lets only the uploader continue, inspect or cancel an upload", async () => {
    const created = await create(user.cookie, 1000, { kind: "profilePicture", filename: "me.png" });
    expect(created.status).toBe(201);
    const location = created.headers.get("Location")!;
    const other = await t.signIn("user");
    for (const method of ["HEAD", "PATCH", "DELETE"]) {
      const response = await t.request(location, {
        method,
        cookie: other.cookie,
        headers: { ...TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
        ...(method === "PATCH" ? { body: new Uint8Array(10) } : {}),
      });
      expect(response.status, method).toBe(403);
    }
    const anonymous = await t.request(location, { method: "HEAD", headers: TUS });
    expect(anonymous.status).toBe(401);
  });
});

describe("files refused by content", () => {
  const truncatedPng = async () => (await makeImage("png", 600, 600)).subarray(0, 400);

  const corpus: [string, () => Promise<Uint8Array> | Uint8Array, string, string][] = [
    ["an SVG with a script", () => SVG_WITH_SCRIPT, "drawing.svg", "This kind of file cannot be uploaded here. Please choose a PNG, JPEG or GIF image."],
    ["an HTML page renamed .png", () => HTML_PAGE, "photo.png", "This kind of file cannot be uploaded here. Please choose a PNG, JPEG or GIF image."],
    ["a GIF/HTML polyglot", () => GIF_POLYGLOT, "funny.gif", "The image could not be read. It may be damaged or incomplete."],
    ["a truncated PNG", truncatedPng, "cut.png", "The image could not be read. It may be damaged or incomplete."],
    ["a WebP as a profile picture", () => makeImage("webp", 100, 100), "me.webp", "This kind of file cannot be uploaded here. Please choose a PNG, JPEG or GIF image."],
  ];

  for (const [what, bytes, filename, message] of corpus) {
    it(`refuses ${what} and stores nothing`, async () => {
      const before = await storedFilesOf(user.cookie);
      const response = await upload(user.cookie, await bytes(), { kind: "profilePicture", filename });
      expect(response.status).toBe(400);
      expect(await errorMessage(response)).toBe(message);
      expect(await storedFilesOf(user.cookie)).toBe(before);
    });
  }

  it("refuses a 6 MB picture before a byte is sent", async () => {
    const response = await create(user.cookie, 6 * 1024 * 1024, { kind: "profilePicture", filename: "big.png" });
    expect(response.status).toBe(400);
    expect(await errorMessage(response)).toBe("File is too large (max 5MB).");
  });

  it("refuses a file name that climbs out of its folder", async () => {
    for (const filename of ["../../etc/passwd.png", "..\\..\\boot.ini.png", "a\u0000b.png"]) {
      const response = await create(user.cookie, 1000, { kind: "profilePicture", filename });
      expect(response.status, filename).toBe(400);
      expect(await errorMessage(response)).toBe("The file name is not allowed. Please rename the file and try again.");
    }
  });

  it("refuses an empty file", async () => {
    const response = await create(user.cookie, 0, { kind: "profilePicture", filename: "empty.png" });
    expect(response.status).toBe(400);
    expect(await errorMessage(response)).toBe("The file is empty.");
  });
});

describe("good files", () => {
  for (const type of ["png", "jpeg", "gif", "webp"] as const) {
    it(`stores a ${type} event image re-encoded as WebP without EXIF, served safely`, async () => {
      const response = await upload(admin.cookie, await makeImage(type, 800, 400), { kind: "eventImage", filename: `poster.${type}`, name: "Jazz on Queen" });
      expect(response.status).toBe(200);
      const stored = (await response.json()) as { fullPath: string; url: string; srcset: string; contentType: string };
      expect(stored.fullPath).toMatch(/^event_images\/jazz-on-queen_\d{13}\.webp$/);
      expect(stored.srcset).toMatch(/_w320\.webp 320w/);

      const served = await t.request(stored.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(served.headers.get("Cache-Control")).toContain("immutable");
      expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      // The JPEG was taken with the camera turned (orientation 6): it comes out upright.
      expect([meta.width, meta.height]).toEqual(type === "jpeg" ? [400, 800] : [800, 400]);
    });
  }
});

describe("large pictures", () => {
  it("stores a phone's 108-megapixel JPEG, scaled down", async () => {
    const photo = await sharp({ create: { width: 12000, height: 9000, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .jpeg({ optimiseCoding: false })
      .toBuffer();
    const response = await upload(admin.cookie, photo, { kind: "businessPhoto", filename: "IMG_2024.jpg", name: "Harbour Front" });
    expect(response.status).toBe(200);
    const stored = (await response.json()) as { url: string; srcset: string };
    expect(stored.srcset).toMatch(/ 1600w$/);
    const served = await sharp(Buffer.from(await (await t.request(stored.url)).arrayBuffer())).metadata();
    expect([served.format, served.width, served.height]).toEqual(["webp", 1600, 1200]);
  });

  it("refuses a small file that claims more pixels than allowed (a decompression bomb), with its own message, storing nothing", async () => {
    // A 16×16 JPEG whose header claims 20000×20000: a few hundred bytes that would decode to 1.2 GB.
    const bomb = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#808080" } }).jpeg().toBuffer();
    const frame = bomb.indexOf(Buffer.from([0xff, 0xc0]));
    expect(frame).toBeGreaterThan(0);
    bomb.writeUInt16BE(20000, frame + 5);
    bomb.writeUInt16BE(20000, frame + 7);
    const before = await storedFilesOf(admin.cookie);
    const response = await upload(admin.cookie, bomb, { kind: "businessPhoto", filename: "bomb.jpg", name: "Harbour Front" });
    expect(response.status).toBe(400);
    const message = "The picture has too many pixels: at most 200 megapixels are allowed. Please make it smaller and try again.";
    expect(((await response.json()) as { error: { message: string; fields: unknown } }).error).toMatchObject({ message, fields: { file: message } });
    expect(await storedFilesOf(admin.cookie)).toBe(before);
  });

  it("holds formats decoded whole (PNG) to 50 megapixels", async () => {
    // A 16×16 PNG whose header (IHDR, its checksum made again) claims 10000×6000.
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#808080" } }).png().toBuffer();
    const ihdr = png.indexOf(Buffer.from("IHDR"));
    png.writeUInt32BE(10000, ihdr + 4);
    png.writeUInt32BE(6000, ihdr + 8);
    png.writeUInt32BE(zlib.crc32(png.subarray(ihdr, ihdr + 17)), ihdr + 17);
    const response = await upload(admin.cookie, png, { kind: "businessPhoto", filename: "scan.png", name: "Harbour Front" });
    expect(response.status).toBe(400);
    const message = "The picture has too many pixels: at most 50 megapixels are allowed. Please make it smaller and try again.";
    expect(((await response.json()) as { error: { fields: unknown } }).error.fields).toEqual({ file: message });
  });
});

describe("resumable uploads", () => {
  it("continues from the offset the server reports after a dropped connection", async () => {
    const bytes = await makeNoisePng(400, 400);
    expect(bytes.byteLength).toBeGreaterThan(262144);
    const created = await create(user.cookie, bytes.byteLength, { kind: "profilePicture", filename: "noise.png" });
    const location = created.headers.get("Location")!;
    const first = await patch(user.cookie, location, 0, bytes.subarray(0, 262144));
    expect(first.status).toBe(204);

    const head = await t.request(location, { method: "HEAD", cookie: user.cookie, headers: TUS });
    expect(head.headers.get("Upload-Offset")).toBe("262144");
    const rest = await patch(user.cookie, location, 262144, bytes.subarray(262144));
    expect(rest.status).toBe(200);
    const stored = (await rest.json()) as { url: string };
    expect((await t.request(stored.url)).status).toBe(200);
  });

  it("removes a canceled upload", async () => {
    const created = await create(user.cookie, 1000, { kind: "profilePicture", filename: "me.png" });
    const location = created.headers.get("Location")!;
    const terminated = await t.request(location, { method: "DELETE", cookie: user.cookie, headers: TUS });
    expect(terminated.status).toBe(204);
    const head = await t.request(location, { method: "HEAD", cookie: user.cookie, headers: TUS });
    expect(head.status).toBe(404);
  });
});

describe("profile picture", () => {
  async function uploadPicture(cookie: string): Promise<string> {
    const response = await upload(cookie, await makeImage("png", 300, 300), { kind: "profilePicture", filename: "Me at the Falls.png" });
    expect(response.status).toBe(200);
    return ((await response.json()) as { fullPath: string }).fullPath;
  }

  it("saves the new picture on the user and deletes the one it replaces", async () => {
    const account = await t.signIn("user");
    const me = (await (await t.request("/api/v1/me", { cookie: account.cookie })).json()) as { id: string };
    const first = await uploadPicture(account.cookie);
    expect(first).toMatch(new RegExp(`^profilePictures/${me.id}/me-at-the-falls_\\d{13}\\.webp$`));

    const saved = await t.request("/api/v1/me/profile-picture", { method: "PUT", cookie: account.cookie, json: { fullPath: first } });
    expect(saved.status).toBe(200);
    const { photoURL } = (await saved.json()) as { photoURL: string };
    expect(((await (await t.request("/api/v1/me", { cookie: account.cookie })).json()) as { photoURL: string }).photoURL).toBe(photoURL);

    const second = await uploadPicture(account.cookie);
    await t.request("/api/v1/me/profile-picture", { method: "PUT", cookie: account.cookie, json: { fullPath: second } });
    const old = await t.request(photoURL);
    expect(old.status).toBe(404);
    expect(await errorMessage(old)).toBe(`Object '${first}' does not exist.`);
  });

  it("refuses someone else's upload with 403 and a missing one with the spec's message", async () => {
    const owner = await t.signIn("user");
    const picture = await uploadPicture(owner.cookie);
    const thief = await t.signIn("user");
    const stolen = await t.request("/api/v1/me/profile-picture", { method: "PUT", cookie: thief.cookie, json: { fullPath: picture } });
    expect(stolen.status).toBe(403);
    expect(await errorMessage(stolen)).toBe(`User does not have permission to access '${picture}'.`);

    const me = (await (await t.request("/api/v1/me", { cookie: owner.cookie })).json()) as { id: string };
    const missing = `profilePictures/${me.id}/gone_1.webp`;
    const response = await t.request("/api/v1/me/profile-picture", { method: "PUT", cookie: owner.cookie, json: { fullPath: missing } });
    expect(response.status).toBe(404);
    expect(await errorMessage(response)).toBe(`Object '${missing}' does not exist.`);

    const anonymous = await t.request("/api/v1/me/profile-picture", { method: "PUT", json: { fullPath: picture } });
    expect(anonymous.status).toBe(401);
  });
});

describe("cleanup", () => {
  it("removes an upload that was never attached after a day", async () => {
    const response = await upload(user.cookie, await makeImage("png", 200, 200), { kind: "profilePicture", filename: "left.png" });
    const { url, fullPath } = (await response.json()) as { url: string; fullPath: string };
    await t.services.uploads.cleanup(new Date());
    expect((await t.request(url)).status).toBe(200);
    await t.services.uploads.cleanup(new Date(Date.now() + 25 * 60 * 60 * 1000));
    const gone = await t.request(`/api/v1/storage/metadata?path=${encodeURIComponent(fullPath)}`, { cookie: user.cookie });
    expect(gone.status).toBe(404);
    expect(await errorMessage(gone)).toBe(`Object '${fullPath}' does not exist.`);
  });
});
