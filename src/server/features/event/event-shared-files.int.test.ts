// One file, one owner: an event's image cannot be an upload already attached to another event, a business, a post or
// the site settings (replacing or deleting it for one would break the other). Refused beside the image field, with
// nothing saved; the event's own image, a fresh upload, and an owner's upload that their waiting request holds are taken.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory, createUser } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import { DEFAULT_SITE_SETTINGS } from "#server/features/site-settings/index.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";

let t: TestApp;
let cookie: string;
let admin: CurrentUser;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.signIn("admin")).cookie;
  admin = (await (await t.request("/api/v1/me", { cookie })).json()) as CurrentUser;
});
afterAll(() => t.close());

const IN_USE = "This image is already used elsewhere on the site (by a business, another event, a post or the site settings). Please upload a copy of it for this event.";
const REFUSED = { code: "validation", message: IN_USE, fields: { imagePath: IN_USE } };

const send = (method: string, path: string, json?: unknown, as = cookie) => t.request(path, { method, json, cookie: as });
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

function event(name: string, imagePath: string | null, overrides: Record<string, unknown> = {}) {
  return { name, eventDate: "2031-07-04T23:30:00.000Z", location: "outdoor", outdoorLocationDescription: "Market Square", imagePath, ...overrides };
}

async function uploaded(kind: UploadKind, user: CurrentUser = admin, businessId?: string) {
  return (await t.services.files.upload({ user, kind, fileName: "poster.png", name: "Poster", businessId, bytes: await makeImage("png", 400, 300) })).fullPath;
}

async function addEvent(name: string, imagePath: string | null) {
  const response = await send("POST", "/api/v1/events", event(name, imagePath));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The event as visitors see it: its name and image address. */
async function seen(id: string) {
  const found = (await (await t.request(`/api/v1/events/${id}`)).json()) as { name: string; imageUrl: string | null };
  return { name: found.name, imageUrl: found.imageUrl };
}

/** How many events have this name, as stored. */
async function stored(name: string) {
  return (await t.database.db.selectFrom("event").select("id").where("name", "=", name).execute()).length;
}

const served = async (path: string) => (await t.request(`/files/${path}`)).status;

describe("an event's image", () => {
  it("cannot be another event's, on adding or on changing an event, and each event keeps its own file", async () => {
    const [imageA, imageB] = [await uploaded("eventImage"), await uploaded("eventImage")];
    const alpha = await addEvent("Alpha Night", imageA);
    const beta = await addEvent("Beta Night", imageB);

    const added = await send("POST", "/api/v1/events", event("Gamma Night", imageA));
    expect(added.status).toBe(400);
    expect(await errorOf(added)).toEqual(REFUSED);
    expect(await stored("Gamma Night")).toBe(0);

    const changed = await send("PUT", `/api/v1/events/${beta}`, event("Beta Night Renamed", imageA));
    expect(changed.status).toBe(400);
    expect(await errorOf(changed)).toEqual(REFUSED);
    expect(await seen(beta)).toEqual({ name: "Beta Night", imageUrl: `/files/${imageB}` });
    expect(await seen(alpha)).toEqual({ name: "Alpha Night", imageUrl: `/files/${imageA}` });
    expect([await t.services.files.isInUse(imageA), await t.services.files.isInUse(imageB)]).toEqual([true, true]);

    // Beta replaces its image and is then deleted: its files go, and Alpha's stays.
    const fresh = await uploaded("eventImage");
    expect((await send("PUT", `/api/v1/events/${beta}`, event("Beta Night", fresh))).status).toBe(200);
    expect(await seen(beta)).toEqual({ name: "Beta Night", imageUrl: `/files/${fresh}` });
    expect((await send("DELETE", `/api/v1/events/${beta}`)).status).toBe(204);
    expect([await served(imageB), await served(fresh), await served(imageA)]).toEqual([404, 404, 200]);

    // Alpha saved with its own image (and another name) keeps it.
    expect((await send("PUT", `/api/v1/events/${alpha}`, event("Alpha Night II", imageA))).status).toBe(200);
    expect(await seen(alpha)).toEqual({ name: "Alpha Night II", imageUrl: `/files/${imageA}` });
    expect(await t.services.files.isInUse(imageA)).toBe(true);
  });

  it("cannot be a business's logo, a post's image or an image the site settings show", async () => {
    const logo = await uploaded("logo");
    const { id: categoryId } = await createCategory(t.database.db, { name: "Delis" });
    const shop = await send("POST", "/api/v1/businesses", { name: "Delta Deli", categoryId, description: "A deli.", address: "1 Main St", lat: 43.1, lng: -79.07, tags: [], logoPath: logo });
    expect(shop.status).toBe(201);
    const author = await createUser(t.database.db, { displayName: "Pat Writer" });
    const postImage = await uploaded("postImage");
    expect((await send("POST", "/api/v1/posts", { title: "Street fair", authorUid: author.id, content: "<p>Saturday.</p>", datetime: "2031-03-01T15:00:00.000Z", imagePath: postImage })).status).toBe(201);
    // The site settings may show an event image uploaded for them; it is theirs then.
    const banner = await uploaded("eventImage");
    const settings = { ...DEFAULT_SITE_SETTINGS, associationName: "Queen Street Merchants", heroPhotos: [{ url: `/files/${banner}`, alt: "The fair" }] };
    expect((await send("PUT", "/api/v1/site-settings", settings)).status).toBe(200);
    const delta = await addEvent("Delta Tasting", null);

    for (const taken of [banner, logo, postImage]) {
      const added = await send("POST", "/api/v1/events", event("Echo Night", taken));
      expect(added.status).toBe(400);
      expect(await errorOf(added)).toEqual(REFUSED);
      const changed = await send("PUT", `/api/v1/events/${delta}`, event("Delta Tasting II", taken));
      expect(changed.status).toBe(400);
      expect(await errorOf(changed)).toEqual(REFUSED);
    }
    expect(await stored("Echo Night")).toBe(0);
    expect(await seen(delta)).toEqual({ name: "Delta Tasting", imageUrl: null });
    expect([await served(logo), await served(postImage), await served(banner)]).toEqual([200, 200, 200]);
    expect(await Promise.all([logo, postImage, banner].map((path) => t.services.files.isInUse(path)))).toEqual([true, true, true]);
    const heroPhotos = ((await (await t.request("/api/v1/site-settings")).json()) as { heroPhotos: Array<{ url: string }> }).heroPhotos;
    expect(heroPhotos.map((photo) => photo.url)).toEqual([`/files/${banner}`]);

    // A fresh upload is taken.
    const fresh = await uploaded("eventImage");
    expect((await send("PUT", `/api/v1/events/${delta}`, event("Delta Tasting II", fresh))).status).toBe(200);
    expect(await seen(delta)).toEqual({ name: "Delta Tasting II", imageUrl: `/files/${fresh}` });
  });

  it("may be an owner's upload that their waiting request holds, once approved, and for no other event", async () => {
    const owner = await t.signIn("business");
    const ownerMe = (await (await t.request("/api/v1/me", { cookie: owner.cookie })).json()) as CurrentUser;
    const venue = await createBusiness(t.database.db, { name: "Foxtrot Hall" });
    await t.services.owners.addOwner(admin, venue.id, ownerMe.email);
    const poster = await uploaded("eventImage", ownerMe, venue.id);
    const asked = await send("POST", "/api/v1/events", event("Foxtrot Quiz", poster, { location: venue.id, outdoorLocationDescription: undefined }), owner.cookie);
    expect(asked.status).toBe(202);
    const { requestId } = (await asked.json()) as { requestId: string };

    const borrowed = await send("POST", "/api/v1/events", event("Golf Night", poster));
    expect(borrowed.status).toBe(400);
    expect(await errorOf(borrowed)).toEqual(REFUSED);
    expect(await stored("Golf Night")).toBe(0);

    expect((await send("POST", `/api/v1/requests/${requestId}/approve`, {})).status).toBe(200);
    const [created] = await t.database.db.selectFrom("event").select(["id", "imageStoragePath"]).where("name", "=", "Foxtrot Quiz").execute();
    expect(created?.imageStoragePath).toBe(poster);
    expect(await served(poster)).toBe(200);
    expect(await t.services.files.isInUse(poster)).toBe(true);
  });
});
