// A business's gallery over HTTP: photos are attached with the business, and a photo that cannot be attached (its
// upload removed by the clean-up while the form was open, a file of another kind) is refused before anything is saved.
import { describe, expect, it } from "vitest";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { errorOf, setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { cleanUpLater } from "#tests/setup/uploads.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const galleries = setUp(() => createCategory(t.database.db, { name: "Galleries and Studios" }));

const send = (method: string, path: string, json?: unknown) => t.request(path, { method, json, cookie: admin.cookie });

function marker(overrides: Record<string, unknown> = {}) {
  return { name: "Harbour Light Studio", categoryId: galleries.id, description: "Prints and framing.", address: "3 Dock Rd", lat: 43.12, lng: -79.07, tags: [], ...overrides };
}

async function photoUpload(name: string) {
  return t.services.files.upload({ user: admin.user, kind: "businessPhoto", fileName: "shop.png", name, bytes: await makeImage("png", 400, 300) });
}

/** The admin list's businesses whose name contains `q`. */
async function named(q: string): Promise<Array<{ id: string; name: string; photos: Array<{ url: string }> }>> {
  const page = (await (await send("GET", `/api/v1/admin/businesses?q=${encodeURIComponent(q)}`)).json()) as { items: Array<{ id: string; name: string; photos: Array<{ url: string }> }> };
  return page.items;
}

const unavailable = (position: number) => `Photo ${position} is no longer available. Please remove it and upload it again.`;

describe("business photos", () => {
  it("saves the gallery with the business, and the clean-up then leaves its files alone", async () => {
    const first = await photoUpload("Kiln Room");
    const second = await photoUpload("Kiln Room");
    const response = await send("POST", "/api/v1/businesses", marker({ name: "Kiln Room", photos: [{ path: first.fullPath, alt: "The kilns" }, { path: second.fullPath, alt: "The shelves" }] }));
    expect(response.status).toBe(201);
    expect(((await response.json()) as { photos: unknown[] }).photos).toEqual([
      { path: first.fullPath, url: first.url, alt: "The kilns" },
      { path: second.fullPath, url: second.url, alt: "The shelves" },
    ]);
    await cleanUpLater(t);
    expect((await t.request(first.url)).status).toBe(200);
    expect((await t.request(second.url)).status).toBe(200);
  });

  it("refuses a new business whose photo upload was cleaned up, beside Photos, and saves nothing however often it is sent", async () => {
    const kept = await photoUpload("Driftwood Gallery");
    await cleanUpLater(t);
    const gone = kept.fullPath;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const response = await send("POST", "/api/v1/businesses", marker({ name: "Driftwood Gallery", photos: [{ path: gone, alt: "The front window" }] }));
      expect(response.status, `attempt ${attempt}`).toBe(400);
      const error = await errorOf(response);
      expect(error.message).toBe(unavailable(1));
      expect(error.fields).toEqual({ photos: unavailable(1) });
    }
    expect(await named("Driftwood Gallery")).toEqual([]);
  });

  it("refuses a file of another kind as a photo, beside Photos, saving nothing", async () => {
    const photo = await photoUpload("Anchor Frames");
    const logo = await t.services.files.upload({ user: admin.user, kind: "logo", fileName: "logo.png", name: "Anchor Frames", bytes: await makeImage("png", 200, 200) });
    const response = await send("POST", "/api/v1/businesses", marker({ name: "Anchor Frames", photos: [{ path: photo.fullPath, alt: "The counter" }, { path: logo.fullPath, alt: "The sign" }] }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ photos: unavailable(2) });
    expect(await named("Anchor Frames")).toEqual([]);
    // The photo that could have been used is still an unused upload: sent again on its own, it is saved.
    const retry = await send("POST", "/api/v1/businesses", marker({ name: "Anchor Frames", photos: [{ path: photo.fullPath, alt: "The counter" }] }));
    expect(retry.status).toBe(201);
    expect((await named("Anchor Frames")).map((b) => b.photos.length)).toEqual([1]);
  });

  it("refuses a change whose new photo upload was cleaned up, keeping the business as it was", async () => {
    const business = await createBusiness(t.database.db, { name: "Tidewater Prints", categoryId: galleries.id });
    const saved = await photoUpload("Tidewater Prints");
    expect((await send("PUT", `/api/v1/businesses/${business.id}`, marker({ name: "Tidewater Prints", photos: [{ path: saved.fullPath, alt: "The press" }] }))).status).toBe(200);

    const fresh = await photoUpload("Tidewater Prints");
    await cleanUpLater(t);
    const response = await send("PUT", `/api/v1/businesses/${business.id}`, marker({ name: "Tidewater Print Shop", photos: [{ path: saved.fullPath, alt: "The press" }, { path: fresh.fullPath, alt: "The drying racks" }] }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ photos: unavailable(2) });

    const after = (await (await t.request(`/api/v1/businesses/${business.id}`)).json()) as { name: string; photos: Array<{ url: string; alt: string }> };
    expect(after.name).toBe("Tidewater Prints");
    expect(after.photos).toEqual([{ path: saved.fullPath, url: saved.url, alt: "The press" }]);
    expect((await t.request(saved.url)).status).toBe(200);
  });
  it("gives back the uploads it claimed when the business cannot be saved, so the clean-up removes them unless a retry takes them", async () => {
    const photo = await photoUpload("Lighthouse Prints");
    const attachedAt = async () => (await t.database.db.selectFrom("stored_file").select("attachedAt").where("fullPath", "=", photo.fullPath).executeTakeFirstOrThrow()).attachedAt;
    const repository = (t.services.businesses as unknown as { repository: { create: (...args: unknown[]) => Promise<unknown> } }).repository;
    const create = repository.create;
    repository.create = () => Promise.reject(new Error("the database went away"));
    try {
      expect((await send("POST", "/api/v1/businesses", marker({ name: "Lighthouse Prints", photos: [{ path: photo.fullPath, alt: "Prints" }] }))).status).toBe(500);
    } finally {
      repository.create = create;
    }
    expect(await attachedAt()).toBeNull();
    const retried = await send("POST", "/api/v1/businesses", marker({ name: "Lighthouse Prints", photos: [{ path: photo.fullPath, alt: "Prints" }] }));
    expect(retried.status).toBe(201);
    expect(await attachedAt()).not.toBeNull();
  });
});
