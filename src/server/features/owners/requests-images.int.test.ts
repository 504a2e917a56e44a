// An owner's uploads in their requests, through the API: a request's image outlives an approval that fails (it waits
// again with its image, which stays in use and is applied once the approval goes through), an administrator's failed
// save leaves no upload attached to nothing, and an owner's upload is one item's image only (one event of a business
// cannot take another's, nor an image a waiting request holds, except by approving that request).
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { errorOf } from "#tests/setup/app.ts";
import { setUpOwnersTest, signInOwnerOf } from "#tests/setup/owners.ts";
import { cleanUpLater as cleanUpLaterOn, fileState as stored, refuseWriting as refuse, served as servedAt } from "#tests/setup/uploads.ts";

const { t, admin, category } = setUpOwnersTest({}, "Shops");

/** An owner of these businesses. */
const ownerOf = (...businessIds: string[]) => signInOwnerOf(t, admin.cookie, ...businessIds);

const send = (method: string, path: string, json: unknown, cookie: string) => t.request(path, { method, json, cookie });

const EVENT_IMAGE_IN_USE = "This image is already used elsewhere on the site (by a business, another event, a post or the site settings). Please upload a copy of it for this event.";
const LOGO_IN_USE = "This logo is already used elsewhere on the site, such as by another business. Upload it again for this business.";
const NOT_YOURS = "This image is not one you uploaded for your business. Upload it again.";

async function uploaded(kind: UploadKind, user: CurrentUser, businessId?: string) {
  return (await t.services.files.upload({ user, kind, fileName: "image.png", name: "Image", businessId, bytes: await makeImage("png", 400, 300) })).fullPath;
}

function event(name: string, location: string, imagePath: string | null) {
  return { name, eventDate: "2031-07-04T23:30:00.000Z", location, imagePath };
}

function listing(business: { name: string; lat: number; lng: number }, changes: Record<string, unknown>) {
  return { name: business.name, categoryId: category.id, lat: business.lat, lng: business.lng, tags: [], ...changes };
}

const served = (path: string) => servedAt(t, path);
const cleanUpLater = () => cleanUpLaterOn(t);
const approve = (requestId: string) => send("POST", `/api/v1/requests/${requestId}/approve`, {}, admin.cookie);

async function request(id: string) {
  return (await (await t.request(`/api/v1/requests/${id}`, { cookie: admin.cookie })).json()) as { status: string; payload: Record<string, unknown> };
}

async function requested(response: Response) {
  expect(response.status).toBe(202);
  return ((await response.json()) as { requestId: string }).requestId;
}

async function storedEvent(name: string) {
  return t.database.db.selectFrom("event").select(["id", "location", "imageStoragePath"]).where("name", "=", name).executeTakeFirst();
}

const fileState = (path: string) => stored(t, path);
const refuseWriting = (table: "event" | "business", operation: "insert" | "update", name: string) => refuse(t, table, operation, name);

describe("an owner's request whose approval fails", () => {
  it("for a new event: waits again with its image, kept through the clean-up, and is applied once approving goes through", async () => {
    const venue = await createBusiness(t.database.db, { categoryId: category.id, name: "Hotel Hall" });
    const owner = await ownerOf(venue.id);
    const poster = await uploaded("eventImage", owner.user, venue.id);
    const requestId = await requested(await send("POST", "/api/v1/events", event("Hotel Quiz", venue.id, poster), owner.cookie));

    const lift = await refuseWriting("event", "insert", "Hotel Quiz");
    try {
      expect((await approve(requestId)).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await storedEvent("Hotel Quiz")).toBeUndefined();
    expect(await request(requestId)).toMatchObject({ status: "pending", payload: { imagePath: poster } });
    await cleanUpLater();
    expect([await served(poster), await fileState(poster)]).toEqual([200, "attached"]);

    expect((await approve(requestId)).status).toBe(200);
    expect(await storedEvent("Hotel Quiz")).toMatchObject({ location: venue.id, imageStoragePath: poster });
    expect(await served(poster)).toBe(200);
  });

  it("for a change to an event: the event keeps its image, the request its new one, until the approval goes through", async () => {
    const venue = await createBusiness(t.database.db, { categoryId: category.id, name: "India Inn" });
    const owner = await ownerOf(venue.id);
    const before = await uploaded("eventImage", admin.user);
    const added = await send("POST", "/api/v1/events", event("India Night", venue.id, before), admin.cookie);
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const poster = await uploaded("eventImage", owner.user, venue.id);
    const requestId = await requested(await send("PUT", `/api/v1/events/${id}`, event("India Night Market", venue.id, poster), owner.cookie));

    const lift = await refuseWriting("event", "update", "India Night Market");
    try {
      expect((await approve(requestId)).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await storedEvent("India Night")).toMatchObject({ id, imageStoragePath: before });
    expect(await request(requestId)).toMatchObject({ status: "pending", payload: { imagePath: poster } });
    await cleanUpLater();
    expect([await served(before), await served(poster), await fileState(poster)]).toEqual([200, 200, "attached"]);

    expect((await approve(requestId)).status).toBe(200);
    expect(await storedEvent("India Night Market")).toMatchObject({ id, imageStoragePath: poster });
    // The image it replaced goes.
    expect([await served(poster), await served(before)]).toEqual([200, 404]);
  });

  it("for a listing change: its logo and photo stay with it, kept through the clean-up, until the approval goes through", async () => {
    const shop = await createBusiness(t.database.db, { categoryId: category.id, name: "Juliet Jams" });
    const owner = await ownerOf(shop.id);
    const logo = await uploaded("logo", owner.user, shop.id);
    const photo = await uploaded("businessPhoto", owner.user, shop.id);
    const change = listing(shop, { name: "Juliet Jams & Jellies", logoPath: logo, photos: [{ path: photo, alt: "The counter" }] });
    const requestId = await requested(await send("PUT", `/api/v1/businesses/${shop.id}`, change, owner.cookie));

    const lift = await refuseWriting("business", "update", "Juliet Jams & Jellies");
    try {
      expect((await approve(requestId)).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await request(requestId)).toMatchObject({ status: "pending", payload: { logoPath: logo, photos: [{ path: photo, alt: "The counter" }] } });
    await cleanUpLater();
    expect([await served(logo), await served(photo)]).toEqual([200, 200]);
    expect([await fileState(logo), await fileState(photo)]).toEqual(["attached", "attached"]);

    expect((await approve(requestId)).status).toBe(200);
    const live = (await (await t.request(`/api/v1/businesses/${shop.id}`)).json()) as { name: string; logoUrl: string; photos: Array<{ path: string }> };
    expect([live.name, live.logoUrl, live.photos.map((p) => p.path)]).toEqual(["Juliet Jams & Jellies", `/files/${logo}`, [photo]]);
  });
});

describe("an administrator's save that fails", () => {
  it("leaves no upload of theirs attached to nothing: an event's image is deleted, a business's logo and photo given back to the clean-up", async () => {
    const image = await uploaded("eventImage", admin.user);
    const lift = await refuseWriting("event", "insert", "Kilo Concert");
    try {
      expect((await send("POST", "/api/v1/events", { ...event("Kilo Concert", "outdoor", image), outdoorLocationDescription: "The park" }, admin.cookie)).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await storedEvent("Kilo Concert")).toBeUndefined();
    expect([await served(image), await fileState(image)]).toEqual([404, "gone"]);

    const shop = await createBusiness(t.database.db, { categoryId: category.id, name: "Lima Lamps" });
    const logo = await uploaded("logo", admin.user);
    const photo = await uploaded("businessPhoto", admin.user);
    const refused = await refuseWriting("business", "update", "Lima Lamps & Lights");
    try {
      const change = listing(shop, { name: "Lima Lamps & Lights", logoPath: logo, photos: [{ path: photo, alt: "The window" }] });
      expect((await send("PUT", `/api/v1/businesses/${shop.id}`, change, admin.cookie)).status).toBe(500);
    } finally {
      await refused();
    }
    expect([await fileState(logo), await fileState(photo)]).toEqual(["unattached", "unattached"]);
    await cleanUpLater();
    expect([await served(logo), await served(photo)]).toEqual([404, 404]);
  });
});

describe("an owner's upload", () => {
  it("once an event's image, is refused for another event of the same business, by an administrator or in a request", async () => {
    const venue = await createBusiness(t.database.db, { categoryId: category.id, name: "Mike's Music" });
    const owner = await ownerOf(venue.id);
    const poster = await uploaded("eventImage", owner.user, venue.id);
    expect((await approve(await requested(await send("POST", "/api/v1/events", event("Mike's Jazz", venue.id, poster), owner.cookie)))).status).toBe(200);
    const other = await send("POST", "/api/v1/events", event("Mike's Blues", venue.id, null), admin.cookie);
    expect(other.status).toBe(201);
    const { id: otherId } = (await other.json()) as { id: string };

    const added = await send("POST", "/api/v1/events", event("Mike's Folk", venue.id, poster), admin.cookie);
    expect(added.status).toBe(400);
    expect(await errorOf(added)).toEqual({ code: "validation", message: EVENT_IMAGE_IN_USE, fields: { imagePath: EVENT_IMAGE_IN_USE } });
    const changed = await send("PUT", `/api/v1/events/${otherId}`, event("Mike's Blues", venue.id, poster), admin.cookie);
    expect(changed.status).toBe(400);
    expect((await errorOf(changed)).fields).toEqual({ imagePath: EVENT_IMAGE_IN_USE });
    const asked = await send("PUT", `/api/v1/events/${otherId}`, event("Mike's Blues", venue.id, poster), owner.cookie);
    expect(asked.status).toBe(400);
    expect((await errorOf(asked)).fields).toEqual({ imagePath: NOT_YOURS });

    expect(await storedEvent("Mike's Folk")).toBeUndefined();
    expect(await storedEvent("Mike's Blues")).toMatchObject({ imageStoragePath: null });
    expect(await storedEvent("Mike's Jazz")).toMatchObject({ imageStoragePath: poster });
    expect(await served(poster)).toBe(200);
  });

  it("that a waiting request holds, is the image of no other item of the business until the request is approved", async () => {
    const venue = await createBusiness(t.database.db, { categoryId: category.id, name: "November Hall" });
    const owner = await ownerOf(venue.id);
    const poster = await uploaded("eventImage", owner.user, venue.id);
    const eventRequest = await requested(await send("POST", "/api/v1/events", event("November Dance", venue.id, poster), owner.cookie));
    const logo = await uploaded("logo", owner.user, venue.id);
    const listingRequest = await requested(await send("PUT", `/api/v1/businesses/${venue.id}`, listing(venue, { logoPath: logo }), owner.cookie));

    const borrowed = await send("POST", "/api/v1/events", event("November Ball", venue.id, poster), admin.cookie);
    expect(borrowed.status).toBe(400);
    expect((await errorOf(borrowed)).fields).toEqual({ imagePath: EVENT_IMAGE_IN_USE });
    expect(await storedEvent("November Ball")).toBeUndefined();
    // The business's own edit does not take it past its request either.
    const taken = await send("PUT", `/api/v1/businesses/${venue.id}`, listing(venue, { logoPath: logo }), admin.cookie);
    expect(taken.status).toBe(400);
    expect((await errorOf(taken)).fields).toEqual({ logoPath: LOGO_IN_USE });

    expect((await approve(eventRequest)).status).toBe(200);
    expect((await approve(listingRequest)).status).toBe(200);
    expect(await storedEvent("November Dance")).toMatchObject({ imageStoragePath: poster });
    expect(((await (await t.request(`/api/v1/businesses/${venue.id}`)).json()) as { logoUrl: string }).logoUrl).toBe(`/files/${logo}`);
    expect([await served(poster), await served(logo)]).toEqual([200, 200]);
  });

  it("made with one of the owner's businesses chosen, is accepted for an event of another of theirs, and approved with it", async () => {
    const first = await createBusiness(t.database.db, { categoryId: category.id, name: "Oscar Oven" });
    const second = await createBusiness(t.database.db, { categoryId: category.id, name: "Papa Pantry" });
    const owner = await ownerOf(first.id, second.id);
    const poster = await uploaded("eventImage", owner.user, first.id);
    const requestId = await requested(await send("POST", "/api/v1/events", event("Pantry Tasting", second.id, poster), owner.cookie));

    expect((await approve(requestId)).status).toBe(200);
    expect(await storedEvent("Pantry Tasting")).toMatchObject({ location: second.id, imageStoragePath: poster });
    expect(await served(poster)).toBe(200);
  });
});
