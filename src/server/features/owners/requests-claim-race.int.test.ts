// An owner's listing change whose fresh uploads are held one after another: when one of them cannot be held after all
// (its upload removed just after it was checked), the change is refused as before, nothing is saved, and the uploads
// held already are unused again, so the same form, corrected, can be sent again with them, whether the change waits
// for an administrator or is approved in advance. A waiting request amended with an image that cannot be held stays
// as it was.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { errorOf } from "#tests/setup/app.ts";
import { setModeration, setUpOwnersTest, signInOwnerOf } from "#tests/setup/owners.ts";
import { fileState as stored, uploadImage, removedOnceChecked } from "#tests/setup/uploads.ts";

const { t, admin, category } = setUpOwnersTest({}, "Bakeries");

/** A signed-in owner of the business. */
const ownerOf = (businessId: string) => signInOwnerOf(t, admin.cookie, businessId);

/** An image uploaded for the business as the owner's browser sends it; the stored file's path. */
const upload = (cookie: string, kind: "logo" | "businessPhoto" | "eventImage", businessId: string, filename: string) => uploadImage(t, cookie, { kind, filename, businessId });

const fileState = (path: string) => stored(t, path);
const myRequests = async (cookie: string) => (await (await t.request("/api/v1/me/requests", { cookie })).json()) as Array<{ id: string; status: string }>;
const live = async (businessId: string) => (await (await t.request(`/api/v1/businesses/${businessId}`)).json()) as { name: string; logoUrl: string | null; photos: Array<{ path: string }> };

function listing(business: { name: string; lat: number; lng: number }, changes: { name?: string; logoPath?: string; photos?: string[] }) {
  return {
    name: changes.name ?? business.name,
    categoryId: category.id,
    lat: business.lat,
    lng: business.lng,
    tags: [],
    logoPath: changes.logoPath,
    photos: changes.photos?.map((path) => ({ path, alt: "The counter" })),
  };
}

const setAutoApprove = (on: boolean) => setModeration(t, admin.cookie, { listings: on, events: false, offers: false });

describe("an owner's listing change whose later upload cannot be held", () => {
  it("waiting for an administrator: refused as before, nothing waits, and the photos held first are unused again, to be sent with it", async () => {
    const business = await createBusiness(t.database.db, { categoryId: category.id, name: "Crumb & Crust" });
    const someone = await ownerOf(business.id);
    const send = (changes: Parameters<typeof listing>[1]) => t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", cookie: someone.cookie, json: listing(business, changes) });
    const [first, second, logo] = [
      await upload(someone.cookie, "businessPhoto", business.id, "crumb-counter.png"),
      await upload(someone.cookie, "businessPhoto", business.id, "crumb-oven.png"),
      await upload(someone.cookie, "logo", business.id, "crumb-logo.png"),
    ];

    // The photos are held before the logo: the logo's removal fails the change once both are held.
    const refused = await removedOnceChecked(t, logo, () => send({ name: "Crumb & Crust Bakery", logoPath: logo, photos: [first, second] }));
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toEqual({ code: "not_found", message: `Object '${logo}' does not exist.` });
    expect(await myRequests(someone.cookie)).toEqual([]);
    expect({ first: await fileState(first), second: await fileState(second), logo: await fileState(logo) }).toEqual({ first: "unattached", second: "unattached", logo: "gone" });

    // Sent again without the logo that is gone, the same photos are taken and wait with the request.
    const sent = await send({ name: "Crumb & Crust Bakery", photos: [first, second] });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toMatchObject({ status: "pending" });
    expect(await myRequests(someone.cookie)).toMatchObject([{ status: "pending" }]);
    expect({ first: await fileState(first), second: await fileState(second) }).toEqual({ first: "attached", second: "attached" });
    expect(await live(business.id)).toMatchObject({ name: "Crumb & Crust", photos: [] });
  });

  it("approved in advance: refused as before, the business and its requests unchanged, and the fresh uploads are unused again, to be saved with it", async () => {
    const business = await createBusiness(t.database.db, { categoryId: category.id, name: "Rye Corner" });
    const someone = await ownerOf(business.id);
    const send = (changes: Parameters<typeof listing>[1]) => t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", cookie: someone.cookie, json: listing(business, changes) });
    await setAutoApprove(true);
    try {
      const [logo, photo, late, after] = [
        await upload(someone.cookie, "logo", business.id, "rye-logo.png"),
        await upload(someone.cookie, "businessPhoto", business.id, "rye-counter.png"),
        await upload(someone.cookie, "businessPhoto", business.id, "rye-oven.png"),
        await upload(someone.cookie, "businessPhoto", business.id, "rye-shelves.png"),
      ];

      const refused = await removedOnceChecked(t, late, () => send({ name: "Rye Corner Bakery", logoPath: logo, photos: [photo, late, after] }));
      expect(refused.status).toBe(404);
      expect(await errorOf(refused)).toEqual({ code: "not_found", message: `Object '${late}' does not exist.` });
      expect(await myRequests(someone.cookie)).toEqual([]);
      expect(await live(business.id)).toMatchObject({ name: "Rye Corner", logoUrl: null, photos: [] });
      expect({ logo: await fileState(logo), photo: await fileState(photo), late: await fileState(late), after: await fileState(after) }).toEqual({
        logo: "unattached",
        photo: "unattached",
        late: "gone",
        after: "unattached",
      });

      // Sent again without the photo that is gone, the same logo and photos are the business's.
      const sent = await send({ name: "Rye Corner Bakery", logoPath: logo, photos: [photo, after] });
      expect(sent.status).toBe(202);
      expect(await sent.json()).toMatchObject({ status: "approved" });
      expect(await live(business.id)).toMatchObject({ name: "Rye Corner Bakery", logoUrl: expect.stringContaining(logo), photos: [{ path: photo }, { path: after }] });
      expect({ logo: await fileState(logo), photo: await fileState(photo), after: await fileState(after) }).toEqual({ logo: "attached", photo: "attached", after: "attached" });
    } finally {
      await setAutoApprove(false);
    }
  });
});

describe("an owner's waiting event amended with an image", () => {
  const values = (location: string, imagePath: string | null) => ({ name: "Bread Club", eventDate: "2031-06-04T23:00:00.000Z", location, imagePath });
  const requestOf = async (id: string) => (await (await t.request(`/api/v1/requests/${id}`, { cookie: admin.cookie })).json()) as { status: string; payload: Record<string, unknown> };

  it("that cannot be held: refused as before, and the request still asks for what it asked", async () => {
    const business = await createBusiness(t.database.db, { categoryId: category.id, name: "Loaf Lane" });
    const someone = await ownerOf(business.id);
    const proposed = await t.request("/api/v1/events", { method: "POST", json: values(business.id, null), cookie: someone.cookie });
    expect(proposed.status).toBe(202);
    const { requestId } = (await proposed.json()) as { requestId: string };
    const poster = await upload(someone.cookie, "eventImage", business.id, "bread-club.png");

    const amend = () => t.request(`/api/v1/requests/${requestId}`, { method: "PUT", json: { ...values(business.id, poster), name: "Bread Club Night" }, cookie: someone.cookie });
    const refused = await removedOnceChecked(t, poster, amend);
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toEqual({ code: "not_found", message: `Object '${poster}' does not exist.` });
    expect(await requestOf(requestId)).toMatchObject({ status: "pending", payload: { name: "Bread Club", imagePath: null } });
  });

  it("once it is no longer waiting: refused as before, and the image is unused again", async () => {
    const business = await createBusiness(t.database.db, { categoryId: category.id, name: "Knead & Co" });
    const someone = await ownerOf(business.id);
    const { requestId } = (await (await t.request("/api/v1/events", { method: "POST", json: values(business.id, null), cookie: someone.cookie })).json()) as { requestId: string };
    expect((await t.request(`/api/v1/requests/${requestId}/withdraw`, { method: "POST", cookie: someone.cookie })).status).toBe(200);
    const poster = await upload(someone.cookie, "eventImage", business.id, "knead-poster.png");

    const refused = await t.request(`/api/v1/requests/${requestId}`, { method: "PUT", json: values(business.id, poster), cookie: someone.cookie });
    expect(refused.status).toBe(409);
    expect(await fileState(poster)).toBe("unattached");
  });
});
