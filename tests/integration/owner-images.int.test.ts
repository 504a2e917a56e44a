// Owners' images: a logo, photos and event images uploaded over the tus endpoint for a business they own, carried by
// a request until an administrator decides, kept by the clean-up of unused uploads meanwhile, and deleted when the
// request closes without them. Nobody else's upload, and no upload for another business, gets into a request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import { createTestApp, type TestApp } from "../setup/app.ts";
import { createUpload, uploadImage } from "../setup/uploads.ts";

let t: TestApp;
let categoryId: string;
const people: Record<"user" | "ownerA" | "ownerB" | "admin", { cookie: string; me: CurrentUser }> = {} as never;
let businessA: string;
let businessB: string;

/** Creates an upload; the answer to the creation. */
const create = (cookie: string | undefined, size: number, metadata: Record<string, string>) => createUpload(t, cookie, size, metadata);

/** A whole image sent as a browser sends it; the stored file's path. */
const upload = (cookie: string, kind: string, businessId: string) => uploadImage(t, cookie, { kind, filename: "shopfront.png", businessId });

async function freshBusiness(owner: "ownerA" | "ownerB") {
  const business = await createBusiness(t.database.db, { categoryId });
  await t.services.owners.addOwner(people.admin.me, business.id, people[owner].me.email);
  return business.id;
}

const listing = (extra: Record<string, unknown> = {}) => ({ name: "Picture Cafe", categoryId, lat: 43.1, lng: -79.07, tags: [], ...extra });

async function fileExists(path: string): Promise<boolean> {
  return (await t.request(`/files/${path}`)).status === 200;
}

async function publicBusiness(id: string) {
  return (await (await t.request(`/api/v1/businesses/${id}`)).json()) as { logoUrl: string | null; photos: Array<{ path: string; alt: string }> };
}

async function sendListing(cookie: string, id: string, json: Record<string, unknown>) {
  return t.request(`/api/v1/businesses/${id}`, { method: "PUT", cookie, json: listing(json) });
}

beforeAll(async () => {
  t = await createTestApp();
  for (const persona of ["user", "ownerA", "ownerB", "admin"] as const) {
    const { cookie } = await t.signIn(persona === "admin" ? "admin" : persona === "user" ? "user" : "business");
    people[persona] = { cookie, me: (await (await t.request("/api/v1/me", { cookie })).json()) as CurrentUser };
  }
  categoryId = (await createCategory(t.database.db)).id;
  businessA = await freshBusiness("ownerA");
  businessB = await freshBusiness("ownerB");
});
afterAll(() => t.close());

describe("who may upload a business's images", () => {
  it("lets an owner upload for their business only, and refuses everyone else", async () => {
    const size = 1000;
    const answers: Record<string, number[]> = {};
    for (const kind of ["logo", "businessPhoto", "eventImage"]) {
      answers[kind] = [
        (await create(undefined, size, { kind, filename: "a.png", businessId: businessA })).status,
        (await create(people.user.cookie, size, { kind, filename: "a.png", businessId: businessA })).status,
        (await create(people.ownerA.cookie, size, { kind, filename: "a.png", businessId: businessA })).status,
        (await create(people.ownerA.cookie, size, { kind, filename: "a.png" })).status,
        (await create(people.ownerB.cookie, size, { kind, filename: "a.png", businessId: businessA })).status,
        (await create(people.admin.cookie, size, { kind, filename: "a.png" })).status,
      ];
    }
    // anonymous, plain user, owner of A for A, owner of A for no business, owner of B for A, administrator
    const expected = [401, 403, 201, 403, 403, 201];
    expect(answers).toEqual({ logo: expected, businessPhoto: expected, eventImage: expected });
    // Owners upload only their businesses' images, not news images.
    expect((await create(people.ownerA.cookie, size, { kind: "postImage", filename: "a.png", businessId: businessA })).status).toBe(403);
  });
});

describe("an owner's new logo and photos", () => {
  it("wait in the request, survive the clean-up of unused uploads, and go live once approved", async () => {
    const id = await freshBusiness("ownerA");
    const logo = await upload(people.ownerA.cookie, "logo", id);
    const photo = await upload(people.ownerA.cookie, "businessPhoto", id);
    const sent = await sendListing(people.ownerA.cookie, id, { logoPath: logo, photos: [{ path: photo, alt: "The counter" }] });
    expect(sent.status).toBe(202);
    const { requestId } = (await sent.json()) as { requestId: string };

    // The public listing is unchanged while the request waits.
    expect(await publicBusiness(id)).toMatchObject({ logoUrl: null, photos: [] });
    // A day and more later the clean-up of unused uploads runs: the request's images are in use.
    await t.services.uploads.cleanup(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    expect([await fileExists(logo), await fileExists(photo)]).toEqual([true, true]);

    // The administrator sees both images beside the live (empty) ones.
    const detail = (await (await t.request(`/api/v1/requests/${requestId}`, { cookie: people.admin.cookie })).json()) as { fields: Array<{ name: string; live: unknown; requested: unknown; changed: boolean }> };
    expect(detail.fields.filter((f) => f.name === "photos" || f.name === "logoPath").map((f) => [f.name, f.changed, f.live, f.requested])).toEqual([
      ["photos", true, [], [{ path: photo, alt: "The counter" }]],
      ["logoPath", true, null, logo],
    ]);

    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", cookie: people.admin.cookie, json: {} })).status).toBe(200);
    const live = await publicBusiness(id);
    expect(live.logoUrl).toBe(`/files/${logo}`);
    expect(live.photos.map((p) => [p.path, p.alt])).toEqual([[photo, "The counter"]]);
    expect([await fileExists(logo), await fileExists(photo)]).toEqual([true, true]);
  });

  it("are deleted when the request is rejected, withdrawn or amended without them", async () => {
    const id = await freshBusiness("ownerA");
    const first = await upload(people.ownerA.cookie, "logo", id);
    const { requestId } = (await (await sendListing(people.ownerA.cookie, id, { logoPath: first })).json()) as { requestId: string };
    // Amended with another logo: the first is let go, the second held.
    const second = await upload(people.ownerA.cookie, "logo", id);
    expect((await sendListing(people.ownerA.cookie, id, { logoPath: second })).status).toBe(202);
    expect([await fileExists(first), await fileExists(second)]).toEqual([false, true]);
    // Amended without naming the logo: the waiting request keeps it.
    expect((await sendListing(people.ownerA.cookie, id, { description: "Now with pictures." })).status).toBe(202);
    const amended = (await (await t.request(`/api/v1/requests/${requestId}`, { cookie: people.ownerA.cookie })).json()) as { payload: Record<string, unknown> };
    expect(amended.payload).toMatchObject({ logoPath: second, description: "Now with pictures." });

    expect((await t.request(`/api/v1/requests/${requestId}/reject`, { method: "POST", cookie: people.admin.cookie, json: { reason: "Blurry" } })).status).toBe(200);
    expect(await fileExists(second)).toBe(false);
    expect((await publicBusiness(id)).logoUrl).toBeNull();

    const third = await upload(people.ownerA.cookie, "businessPhoto", id);
    const { requestId: again } = (await (await sendListing(people.ownerA.cookie, id, { photos: [{ path: third, alt: "Patio" }] })).json()) as { requestId: string };
    expect((await t.request(`/api/v1/requests/${again}/withdraw`, { method: "POST", cookie: people.ownerA.cookie })).status).toBe(200);
    expect(await fileExists(third)).toBe(false);
  });

  it("keep the live logo when only other fields are approved, and delete the unapproved upload", async () => {
    const id = await freshBusiness("ownerA");
    const live = await upload(people.admin.cookie, "logo", id);
    expect((await t.request(`/api/v1/businesses/${id}`, { method: "PUT", cookie: people.admin.cookie, json: listing({ logoPath: live }) })).status).toBe(200);
    const fresh = await upload(people.ownerA.cookie, "logo", id);
    const { requestId } = (await (await sendListing(people.ownerA.cookie, id, { logoPath: fresh, description: "New words." })).json()) as { requestId: string };
    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", cookie: people.admin.cookie, json: { fields: ["description"] } })).status).toBe(200);
    expect((await publicBusiness(id)).logoUrl).toBe(`/files/${live}`);
    expect([await fileExists(live), await fileExists(fresh)]).toEqual([true, false]);
  });

  it("refuses an image that is not the owner's own fresh upload for a business they own, beside the field", async () => {
    const id = await freshBusiness("ownerA");
    const ofB = await upload(people.ownerB.cookie, "logo", businessB);
    const adminsLogo = await upload(people.admin.cookie, "logo", id);
    const photoOfB = await upload(people.ownerB.cookie, "businessPhoto", businessB);
    const wrongKind = await upload(people.ownerA.cookie, "eventImage", id);
    for (const json of [
      { logoPath: ofB },
      { logoPath: adminsLogo },
      { logoPath: "markers_logos/made-up_1700000000000.webp" },
      { logoPath: wrongKind },
      { photos: [{ path: photoOfB, alt: "Not mine" }] },
    ]) {
      const response = await sendListing(people.ownerA.cookie, id, json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      const field = Object.keys(json)[0]!;
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        [field]: "This image is not one you uploaded for your business. Upload it again.",
      });
    }
    // Nothing was taken: B's files are still B's and unused.
    expect([await fileExists(ofB), await fileExists(photoOfB)]).toEqual([true, true]);
    expect(await t.services.files.isFreshUpload(people.ownerB.me, "logo", ofB, [businessB])).toBe(true);
  });

  it("is not the owner's to use once another business's request holds it", async () => {
    const other = await freshBusiness("ownerA");
    const id = await freshBusiness("ownerA");
    const logo = await upload(people.ownerA.cookie, "logo", id);
    expect((await sendListing(people.ownerA.cookie, id, { logoPath: logo })).status).toBe(202);
    const response = await sendListing(people.ownerA.cookie, other, { logoPath: logo });
    expect(response.status).toBe(400);
  });

  it("go live at once when the association approves listing changes in advance", async () => {
    await t.services.moderationSettings.save(people.admin.me, { autoApproveListings: true, autoApproveEvents: false, autoApproveOffers: false, notificationEmail: "" });
    try {
      const id = await freshBusiness("ownerA");
      const logo = await upload(people.ownerA.cookie, "logo", id);
      const response = await sendListing(people.ownerA.cookie, id, { logoPath: logo });
      expect(response.status).toBe(202);
      expect((await publicBusiness(id)).logoUrl).toBe(`/files/${logo}`);
    } finally {
      await t.services.moderationSettings.save(people.admin.me, { autoApproveListings: false, autoApproveEvents: false, autoApproveOffers: false, notificationEmail: "" });
    }
  });
});

describe("an owner's event image", () => {
  it("comes with a new event and is on the event once approved", async () => {
    const image = await upload(people.ownerA.cookie, "eventImage", businessA);
    const sent = await t.request("/api/v1/events", {
      method: "POST",
      cookie: people.ownerA.cookie,
      json: { name: "Poster night", eventDate: "2031-05-01T22:00:00.000Z", location: businessA, description: "Come by.", imagePath: image },
    });
    expect(sent.status).toBe(202);
    const { requestId } = (await sent.json()) as { requestId: string };
    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", cookie: people.admin.cookie, json: {} })).status).toBe(200);
    const events = (await (await t.request(`/api/v1/businesses/${businessA}/events`)).json()) as Array<{ name: string; imageUrl: string | null }>;
    expect(events.find((e) => e.name === "Poster night")?.imageUrl).toBe(`/files/${image}`);
  });

  it("is refused when uploaded for another business", async () => {
    const image = await upload(people.ownerB.cookie, "eventImage", businessB);
    const response = await t.request("/api/v1/events", {
      method: "POST",
      cookie: people.ownerA.cookie,
      json: { name: "Borrowed poster", eventDate: "2031-05-01T22:00:00.000Z", location: businessA, imagePath: image },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.imagePath).toBe("This image is not one you uploaded for your business. Upload it again.");
  });

  it("a proposed listing carries no images", async () => {
    const logo = await upload(people.ownerA.cookie, "logo", businessA);
    const sent = await t.request("/api/v1/businesses", { method: "POST", cookie: people.ownerA.cookie, json: listing({ name: "Proposed Place", logoPath: logo }) });
    expect(sent.status).toBe(202);
    const { requestId } = (await sent.json()) as { requestId: string };
    const detail = (await (await t.request(`/api/v1/requests/${requestId}`, { cookie: people.ownerA.cookie })).json()) as { payload: Record<string, unknown> };
    expect(detail.payload.logoPath).toBeNull();
  });
});
