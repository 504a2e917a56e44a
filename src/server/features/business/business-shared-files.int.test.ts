// One file, one owner: a business's logo or photo cannot be an upload already attached to another business, an event
// or a post (replacing or deleting it for one would break the other). Refused beside its field, with nothing saved;
// the business's own files, and an owner's uploads for it held by its waiting request, stay its to keep.
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory, createUser } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { errorOf, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { served as servedAt } from "#tests/setup/uploads.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
let categoryId: string;
beforeAll(async () => {
  categoryId = (await createCategory(t.database.db, { name: "Shops" })).id;
});

const send = (method: string, path: string, json?: unknown, as = admin.cookie) => t.request(path, { method, json, cookie: as });

const LOGO_IN_USE = "This logo is already used elsewhere on the site, such as by another business. Upload it again for this business.";
const photoInUse = (position: number) => `Photo ${position} is already used elsewhere on the site, such as by another business. Upload it again for this business.`;

function marker(name: string, overrides: Record<string, unknown> = {}) {
  return { name, categoryId, description: "A shop.", address: "1 Main St", lat: 43.1, lng: -79.07, tags: [], ...overrides };
}

async function uploaded(kind: UploadKind, user: CurrentUser = admin.user, businessId?: string) {
  return (await t.services.files.upload({ user, kind, fileName: "image.png", name: "Shop", businessId, bytes: await makeImage("png", 400, 300) })).fullPath;
}

async function addBusiness(name: string, images: { logoPath?: string; photos?: string[] }) {
  const response = await send("POST", "/api/v1/businesses", marker(name, { logoPath: images.logoPath, photos: images.photos?.map((path) => ({ path, alt: "The shop" })) }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A business as visitors see it: its logo's address and its photos' paths. */
async function seen(id: string) {
  const business = (await (await t.request(`/api/v1/businesses/${id}`)).json()) as { logoUrl: string | null; photos: Array<{ path: string }> };
  return { logoUrl: business.logoUrl, photos: business.photos.map((p) => p.path) };
}

const served = (path: string) => servedAt(t, path);

describe("a business's logo and photos", () => {
  it("cannot be another business's, beside the field, and each business keeps its own files", async () => {
    const [logoA, photoA, logoB, photoB] = [await uploaded("logo"), await uploaded("businessPhoto"), await uploaded("logo"), await uploaded("businessPhoto")];
    const alpha = await addBusiness("Alpha Books", { logoPath: logoA, photos: [photoA] });
    const beta = await addBusiness("Beta Bikes", { logoPath: logoB, photos: [photoB] });
    const fresh = await uploaded("businessPhoto");
    const gallery = (...paths: string[]) => paths.map((path) => ({ path, alt: "The shop" }));

    const logo = await send("PUT", `/api/v1/businesses/${alpha}`, marker("Alpha Books", { logoPath: logoB }));
    expect(logo.status).toBe(400);
    expect(await errorOf(logo)).toEqual({ code: "validation", message: LOGO_IN_USE, fields: { logoPath: LOGO_IN_USE } });

    const third = await send("PUT", `/api/v1/businesses/${alpha}`, marker("Alpha Books", { photos: gallery(photoA, fresh, photoB) }));
    expect(third.status).toBe(400);
    expect((await errorOf(third)).fields).toEqual({ "photos.2.path": photoInUse(3) });

    const both = await send("PUT", `/api/v1/businesses/${alpha}`, marker("Alpha Books", { logoPath: logoB, photos: gallery(photoB) }));
    expect((await errorOf(both)).fields).toEqual({ logoPath: LOGO_IN_USE, "photos.0.path": photoInUse(1) });

    const added = await send("POST", "/api/v1/businesses", marker("Gamma Games", { logoPath: logoB, photos: gallery(photoB) }));
    expect(added.status).toBe(400);
    expect((await errorOf(added)).fields).toEqual({ logoPath: LOGO_IN_USE, "photos.0.path": photoInUse(1) });
    const listed = (await (await send("GET", "/api/v1/admin/businesses?q=Gamma")).json()) as { total: number };
    expect(listed.total).toBe(0);

    expect(await seen(alpha)).toEqual({ logoUrl: `/files/${logoA}`, photos: [photoA] });
    // Beta replaces its logo and empties its gallery: its old files go, and Alpha's stay.
    const replacement = await uploaded("logo");
    expect((await send("PUT", `/api/v1/businesses/${beta}`, marker("Beta Bikes", { logoPath: replacement, photos: [] }))).status).toBe(200);
    expect([await served(logoB), await served(photoB)]).toEqual([404, 404]);
    expect([await served(logoA), await served(photoA)]).toEqual([200, 200]);

    // Its own files sent back, with the fresh photo the refused change named: saved.
    const kept = await send("PUT", `/api/v1/businesses/${alpha}`, marker("Alpha Books", { logoPath: logoA, photos: gallery(photoA, fresh) }));
    expect(kept.status).toBe(200);
    expect(await seen(alpha)).toEqual({ logoUrl: `/files/${logoA}`, photos: [photoA, fresh] });
    // Deleting Beta leaves Alpha whole.
    expect((await send("DELETE", `/api/v1/businesses/${beta}`)).status).toBe(204);
    expect([await served(logoA), await served(photoA), await served(fresh)]).toEqual([200, 200, 200]);
  });

  it("cannot be an event's or a post's image", async () => {
    const eventImage = await uploaded("eventImage");
    const event = await send("POST", "/api/v1/events", { name: "Poster Night", eventDate: "2031-07-04T23:30:00.000Z", location: "outdoor", outdoorLocationDescription: "Market Square", imagePath: eventImage });
    expect(event.status).toBe(201);
    const author = await createUser(t.database.db, { displayName: "Pat Writer" });
    const postImage = await uploaded("postImage");
    const post = await send("POST", "/api/v1/posts", { title: "Street fair", authorUid: author.id, content: "<p>Saturday.</p>", datetime: "2031-03-01T15:00:00.000Z", imagePath: postImage });
    expect(post.status).toBe(201);
    const shop = await createBusiness(t.database.db, { name: "Delta Deli", categoryId });

    const response = await send("PUT", `/api/v1/businesses/${shop.id}`, marker("Delta Deli", { logoPath: eventImage, photos: [{ path: postImage, alt: "A poster" }] }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ logoPath: LOGO_IN_USE, "photos.0.path": photoInUse(1) });
    expect(await seen(shop.id)).toEqual({ logoUrl: null, photos: [] });
    const { id: eventId } = (await event.json()) as { id: string };
    expect(((await (await t.request(`/api/v1/events/${eventId}`)).json()) as { imageUrl: string }).imageUrl).toBe(`/files/${eventImage}`);
    expect([await served(eventImage), await served(postImage)]).toEqual([200, 200]);
  });

  it("may be an owner's upload for it that its waiting request holds, and for no other business", async () => {
    const owner = await t.signIn("business");
    const shop = await createBusiness(t.database.db, { name: "Echo Espresso", categoryId });
    const other = await createBusiness(t.database.db, { name: "Foxtrot Flowers", categoryId });
    await t.services.owners.addOwner(admin.user, shop.id, owner.user.email);
    const logo = await uploaded("logo", owner.user, shop.id);
    const asked = await send("PUT", `/api/v1/businesses/${shop.id}`, marker("Echo Espresso", { logoPath: logo }), owner.cookie);
    expect(asked.status).toBe(202);
    const { requestId } = (await asked.json()) as { requestId: string };

    const borrowed = await send("PUT", `/api/v1/businesses/${other.id}`, marker("Foxtrot Flowers", { logoPath: logo }));
    expect((await errorOf(borrowed)).fields).toEqual({ logoPath: LOGO_IN_USE });

    expect((await send("POST", `/api/v1/requests/${requestId}/approve`, {})).status).toBe(200);
    expect(await seen(shop.id)).toEqual({ logoUrl: `/files/${logo}`, photos: [] });
    expect(await seen(other.id)).toEqual({ logoUrl: null, photos: [] });
  });
});
