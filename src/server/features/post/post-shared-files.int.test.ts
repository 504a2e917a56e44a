// One file, one owner: a post's image cannot be an upload already attached to another post, an event, a business or
// the site settings (replacing or deleting it for one would break the other). Refused beside the image field, with
// nothing saved; the post's own image and a fresh upload are taken.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createUser } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import { DEFAULT_SITE_SETTINGS } from "#server/features/site-settings/index.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";

let t: TestApp;
let cookie: string;
let admin: CurrentUser;
let authorUid: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.signIn("admin")).cookie;
  admin = (await (await t.request("/api/v1/me", { cookie })).json()) as CurrentUser;
  authorUid = (await createUser(t.database.db, { displayName: "Pat Writer" })).id;
});
afterAll(() => t.close());

const IN_USE = "This image is already used elsewhere on the site (by a business, an event, another post or the site settings). Please upload a copy of it for this post.";
const REFUSED = { code: "validation", message: IN_USE, fields: { imagePath: IN_USE } };

const send = (method: string, path: string, json?: unknown) => t.request(path, { method, json, cookie });
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

function post(title: string, imagePath: string | null) {
  return { title, authorUid, content: "<p>Saturday on Queen Street.</p>", datetime: "2031-03-01T15:00:00.000Z", imagePath };
}

async function uploaded(kind: UploadKind) {
  return (await t.services.files.upload({ user: admin, kind, fileName: "photo.png", name: "Photo", bytes: await makeImage("png", 400, 300) })).fullPath;
}

async function addPost(title: string, imagePath: string | null) {
  const response = await send("POST", "/api/v1/posts", post(title, imagePath));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The post as visitors see it in the news list: its title and image address. */
async function seen(id: string) {
  const posts = (await (await t.request("/api/v1/posts")).json()) as Array<{ id: string; title: string; imageUrl: string | null }>;
  const found = posts.find((p) => p.id === id);
  return found && { title: found.title, imageUrl: found.imageUrl };
}

/** How many posts have this title, as stored. */
async function stored(title: string) {
  return (await t.database.db.selectFrom("post").select("id").where("title", "=", title).execute()).length;
}

const served = async (path: string) => (await t.request(`/files/${path}`)).status;

describe("a post's image", () => {
  it("cannot be another post's, on adding or on changing a post, and each post keeps its own file", async () => {
    const [imageA, imageB] = [await uploaded("postImage"), await uploaded("postImage")];
    const alpha = await addPost("Alpha news", imageA);
    const beta = await addPost("Beta news", imageB);

    const added = await send("POST", "/api/v1/posts", post("Gamma news", imageA));
    expect(added.status).toBe(400);
    expect(await errorOf(added)).toEqual(REFUSED);
    expect(await stored("Gamma news")).toBe(0);

    const changed = await send("PUT", `/api/v1/posts/${beta}`, post("Beta news renamed", imageA));
    expect(changed.status).toBe(400);
    expect(await errorOf(changed)).toEqual(REFUSED);
    expect(await seen(beta)).toEqual({ title: "Beta news", imageUrl: `/files/${imageB}` });
    expect(await seen(alpha)).toEqual({ title: "Alpha news", imageUrl: `/files/${imageA}` });
    expect([await t.services.files.isInUse(imageA), await t.services.files.isInUse(imageB)]).toEqual([true, true]);

    // Beta replaces its image and is then deleted: its files go, and Alpha's stays.
    const fresh = await uploaded("postImage");
    expect((await send("PUT", `/api/v1/posts/${beta}`, post("Beta news", fresh))).status).toBe(200);
    expect(await seen(beta)).toEqual({ title: "Beta news", imageUrl: `/files/${fresh}` });
    expect((await send("DELETE", `/api/v1/posts/${beta}`)).status).toBe(204);
    expect([await served(imageB), await served(fresh), await served(imageA)]).toEqual([404, 404, 200]);

    // Alpha saved with its own image (and another title) keeps it.
    expect((await send("PUT", `/api/v1/posts/${alpha}`, post("Alpha news II", imageA))).status).toBe(200);
    expect(await seen(alpha)).toEqual({ title: "Alpha news II", imageUrl: `/files/${imageA}` });
    expect(await t.services.files.isInUse(imageA)).toBe(true);
  });

  it("cannot be a business's logo, an event's image or an image the site settings show", async () => {
    const logo = await uploaded("logo");
    const { id: categoryId } = await createCategory(t.database.db, { name: "Delis" });
    const shop = await send("POST", "/api/v1/businesses", { name: "Delta Deli", categoryId, description: "A deli.", address: "1 Main St", lat: 43.1, lng: -79.07, tags: [], logoPath: logo });
    expect(shop.status).toBe(201);
    const eventImage = await uploaded("eventImage");
    const event = { name: "Poster Night", eventDate: "2031-07-04T23:30:00.000Z", location: "outdoor", outdoorLocationDescription: "Market Square", imagePath: eventImage };
    expect((await send("POST", "/api/v1/events", event)).status).toBe(201);
    // The site settings may show a post image uploaded for them; it is theirs then.
    const banner = await uploaded("postImage");
    const settings = { ...DEFAULT_SITE_SETTINGS, associationName: "Queen Street Merchants", heroPhotos: [{ url: `/files/${banner}`, alt: "The fair" }] };
    expect((await send("PUT", "/api/v1/site-settings", settings)).status).toBe(200);
    const delta = await addPost("Delta news", null);

    for (const taken of [banner, logo, eventImage]) {
      const added = await send("POST", "/api/v1/posts", post("Echo news", taken));
      expect(added.status).toBe(400);
      expect(await errorOf(added)).toEqual(REFUSED);
      const changed = await send("PUT", `/api/v1/posts/${delta}`, post("Delta news II", taken));
      expect(changed.status).toBe(400);
      expect(await errorOf(changed)).toEqual(REFUSED);
    }
    expect(await stored("Echo news")).toBe(0);
    expect(await seen(delta)).toEqual({ title: "Delta news", imageUrl: null });
    expect([await served(logo), await served(eventImage), await served(banner)]).toEqual([200, 200, 200]);
    expect(await Promise.all([logo, eventImage, banner].map((path) => t.services.files.isInUse(path)))).toEqual([true, true, true]);
    const heroPhotos = ((await (await t.request("/api/v1/site-settings")).json()) as { heroPhotos: Array<{ url: string }> }).heroPhotos;
    expect(heroPhotos.map((photo) => photo.url)).toEqual([`/files/${banner}`]);

    // A fresh upload is taken.
    const fresh = await uploaded("postImage");
    expect((await send("PUT", `/api/v1/posts/${delta}`, post("Delta news II", fresh))).status).toBe(200);
    expect(await seen(delta)).toEqual({ title: "Delta news II", imageUrl: `/files/${fresh}` });
  });
});
