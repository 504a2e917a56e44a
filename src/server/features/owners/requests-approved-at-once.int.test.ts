// An owner's change the association approves in advance, with uploads sent over the tus endpoint as a browser sends
// them: when saving it fails, no request is left and its uploads are unused again, as they were before it was sent
// (kept, not deleted), so the owner sends the same form again, corrected, with the same uploads; an upload the
// corrected form no longer names is removed by the clean-up of unused uploads like any other.
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setModeration, setUpOwnersTest, signInOwnerOf } from "#tests/setup/owners.ts";
import { cleanUpLater as cleanUpLaterOn, fileState as stored, refuseWriting as refuse, served as servedAt, uploadImage } from "#tests/setup/uploads.ts";

const { t, admin, category } = setUpOwnersTest({}, "Venues");
beforeAll(async () => {
  await setModeration(t, admin.cookie, { listings: true, events: true, offers: true });
});

/** A signed-in owner of the business. */
const ownerOf = (businessId: string) => signInOwnerOf(t, admin.cookie, businessId);

/** An image uploaded for the business as the owner's browser sends it; the stored file's path. */
const upload = (cookie: string, kind: "eventImage" | "logo" | "businessPhoto", businessId: string) => uploadImage(t, cookie, { kind, filename: "poster.png", businessId });

const send = (method: string, path: string, json: unknown, cookie: string) => t.request(path, { method, json, cookie });
const served = (path: string) => servedAt(t, path);
const cleanUpLater = () => cleanUpLaterOn(t);

const fileState = (path: string) => stored(t, path);

const myRequests = async (cookie: string) => (await (await t.request("/api/v1/me/requests", { cookie })).json()) as Array<{ id: string; status: string }>;

async function approvedAtOnce(response: Response) {
  expect(response.status).toBe(202);
  expect(await response.json()).toMatchObject({ status: "approved" });
}

/** The business's events as visitors see them: name and image address. */
async function eventsAt(businessId: string) {
  const events = (await (await t.request(`/api/v1/businesses/${businessId}/events`)).json()) as Array<{ id: string; name: string; imageUrl: string | null }>;
  return events.map(({ id, name, imageUrl }) => ({ id, name, imageUrl }));
}

function event(name: string, location: string, imagePath: string | null) {
  return { name, eventDate: "2031-07-04T23:30:00.000Z", location, imagePath };
}

const refuseWriting = (table: "event" | "business", operation: "insert" | "update", name: string) => refuse(t, table, operation, name);

describe("an owner's change approved at once whose saving fails", () => {
  it("for a new event: leaves no request, gives its image back unused, and the same upload is taken when the corrected event is sent again", async () => {
    const venue = await createBusiness(t.database.db, { categoryId: category.id, name: "Quebec Hall" });
    const owner = await ownerOf(venue.id);
    const poster = await upload(owner.cookie, "eventImage", venue.id);

    const lift = await refuseWriting("event", "insert", "Quebec Quiz");
    try {
      expect((await send("POST", "/api/v1/events", event("Quebec Quiz", venue.id, poster), owner.cookie)).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await eventsAt(venue.id)).toEqual([]);
    expect(await myRequests(owner.cookie)).toEqual([]);
    expect([await served(poster), await fileState(poster)]).toEqual([200, "unattached"]);

    await approvedAtOnce(await send("POST", "/api/v1/events", event("Quebec Quiz Night", venue.id, poster), owner.cookie));
    expect(await eventsAt(venue.id)).toMatchObject([{ name: "Quebec Quiz Night", imageUrl: `/files/${poster}` }]);
    await cleanUpLater();
    expect([await served(poster), await fileState(poster)]).toEqual([200, "attached"]);
  });

  it("for a change to an event: the event keeps its image, the new one is given back unused, and taken when the corrected change is sent again", async () => {
    const venue = await createBusiness(t.database.db, { categoryId: category.id, name: "Romeo Rooms" });
    const owner = await ownerOf(venue.id);
    const before = await upload(owner.cookie, "eventImage", venue.id);
    await approvedAtOnce(await send("POST", "/api/v1/events", event("Romeo Reading", venue.id, before), owner.cookie));
    const id = (await eventsAt(venue.id))[0]!.id;
    const poster = await upload(owner.cookie, "eventImage", venue.id);

    const lift = await refuseWriting("event", "update", "Romeo Readings");
    try {
      expect((await send("PUT", `/api/v1/events/${id}`, event("Romeo Readings", venue.id, poster), owner.cookie)).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await eventsAt(venue.id)).toEqual([{ id, name: "Romeo Reading", imageUrl: `/files/${before}` }]);
    expect([await fileState(before), await fileState(poster)]).toEqual(["attached", "unattached"]);
    expect([await served(before), await served(poster)]).toEqual([200, 200]);

    await approvedAtOnce(await send("PUT", `/api/v1/events/${id}`, event("Romeo Poetry Readings", venue.id, poster), owner.cookie));
    expect(await eventsAt(venue.id)).toEqual([{ id, name: "Romeo Poetry Readings", imageUrl: `/files/${poster}` }]);
    await cleanUpLater();
    // The image it replaced goes.
    expect([await served(poster), await served(before)]).toEqual([200, 404]);
  });

  it("for a listing change: its logo and photo are given back unused; sent again corrected, the logo is taken and the photo left out is cleaned up", async () => {
    const shop = await createBusiness(t.database.db, { categoryId: category.id, name: "Sierra Soaps" });
    const owner = await ownerOf(shop.id);
    const logo = await upload(owner.cookie, "logo", shop.id);
    const photo = await upload(owner.cookie, "businessPhoto", shop.id);
    const listing = (changes: Record<string, unknown>) => ({ name: shop.name, categoryId: category.id, lat: shop.lat, lng: shop.lng, tags: [], ...changes });

    const lift = await refuseWriting("business", "update", "Sierra Soaps & Scents");
    try {
      const change = listing({ name: "Sierra Soaps & Scents", logoPath: logo, photos: [{ path: photo, alt: "The shelves" }] });
      expect((await send("PUT", `/api/v1/businesses/${shop.id}`, change, owner.cookie)).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await myRequests(owner.cookie)).toEqual([]);
    expect([await fileState(logo), await fileState(photo)]).toEqual(["unattached", "unattached"]);

    await approvedAtOnce(await send("PUT", `/api/v1/businesses/${shop.id}`, listing({ name: "Sierra Soaps and Scents", logoPath: logo, photos: [] }), owner.cookie));
    await cleanUpLater();
    const live = (await (await t.request(`/api/v1/businesses/${shop.id}`)).json()) as { name: string; logoUrl: string; photos: unknown[] };
    expect([live.name, live.logoUrl, live.photos]).toEqual(["Sierra Soaps and Scents", `/files/${logo}`, []]);
    expect([await served(logo), await served(photo)]).toEqual([200, 404]);
  });
});
