// An administrator's save of a business whose uploads are claimed one after another: when one of them cannot be
// claimed after all (its upload removed just after it was checked), the save is refused as before, and the uploads it
// had claimed already are unused again, so the same form, corrected, can be sent again with them.
import { beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "#server/db/factories.ts";
import { errorOf, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { fileState as stored, uploadImage, removedOnceChecked } from "#tests/setup/uploads.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
let categoryId: string;
beforeAll(async () => {
  categoryId = (await createCategory(t.database.db, { name: "Bakeries" })).id;
});

const send = (method: string, path: string, json: unknown) => t.request(path, { method, json, cookie: admin.cookie });
const fileState = (path: string) => stored(t, path);

/** An image uploaded as the admin's browser sends it; the stored file's path. */
const upload = (kind: "logo" | "businessPhoto", filename: string) => uploadImage(t, admin.cookie, { kind, filename });

function marker(name: string, images: { logoPath?: string; photos?: string[] }) {
  return {
    name,
    categoryId,
    description: "Bread and pastries.",
    address: "12 Queen St",
    lat: 43.11,
    lng: -79.06,
    tags: [],
    logoPath: images.logoPath,
    photos: images.photos?.map((path) => ({ path, alt: "The counter" })),
  };
}

/** The admin list's businesses whose name contains `q`. */
async function named(q: string) {
  const page = (await (await send("GET", `/api/v1/admin/businesses?q=${encodeURIComponent(q)}`, undefined)).json()) as { items: Array<{ name: string }> };
  return page.items.map((b) => b.name);
}

describe("an administrator's save whose later upload cannot be claimed", () => {
  it("a new business: refused as before, and the fresh logo and photo claimed first are unused again, to be saved with it", async () => {
    const [logo, photo, late] = [await upload("logo", "crumb-logo.png"), await upload("businessPhoto", "crumb-counter.png"), await upload("businessPhoto", "crumb-oven.png")];

    const refused = await removedOnceChecked(t, late, () => send("POST", "/api/v1/businesses", marker("Crumb & Crust", { logoPath: logo, photos: [photo, late] })));
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toEqual({ code: "not_found", message: `Object '${late}' does not exist.` });
    expect(await named("Crumb & Crust")).toEqual([]);
    expect({ logo: await fileState(logo), photo: await fileState(photo), late: await fileState(late) }).toEqual({ logo: "unattached", photo: "unattached", late: "gone" });

    // Sent again without the photo that is gone, the same logo and photo are taken.
    const saved = await send("POST", "/api/v1/businesses", marker("Crumb & Crust", { logoPath: logo, photos: [photo] }));
    expect(saved.status).toBe(201);
    expect(await saved.json()).toMatchObject({ name: "Crumb & Crust", logoStoragePath: logo, photos: [{ path: photo }] });
    expect({ logo: await fileState(logo), photo: await fileState(photo) }).toEqual({ logo: "attached", photo: "attached" });
  });

  it("a business changed: refused as before, its own files kept, and the fresh logo and photo claimed first are unused again", async () => {
    const [oldLogo, oldPhoto] = [await upload("logo", "rye-old-logo.png"), await upload("businessPhoto", "rye-shelves.png")];
    const created = await send("POST", "/api/v1/businesses", marker("Rye Corner", { logoPath: oldLogo, photos: [oldPhoto] }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const [logo, photo, late] = [await upload("logo", "rye-new-logo.png"), await upload("businessPhoto", "rye-counter.png"), await upload("businessPhoto", "rye-oven.png")];
    const refused = await removedOnceChecked(t, late, () => send("PUT", `/api/v1/businesses/${id}`, marker("Rye Corner Bakery", { logoPath: logo, photos: [oldPhoto, photo, late] })));
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toEqual({ code: "not_found", message: `Object '${late}' does not exist.` });
    expect(await (await t.request(`/api/v1/businesses/${id}`)).json()).toMatchObject({ name: "Rye Corner", photos: [{ path: oldPhoto }] });
    expect({ oldLogo: await fileState(oldLogo), oldPhoto: await fileState(oldPhoto), logo: await fileState(logo), photo: await fileState(photo) }).toEqual({
      oldLogo: "attached",
      oldPhoto: "attached",
      logo: "unattached",
      photo: "unattached",
    });

    const saved = await send("PUT", `/api/v1/businesses/${id}`, marker("Rye Corner Bakery", { logoPath: logo, photos: [oldPhoto, photo] }));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ name: "Rye Corner Bakery", logoStoragePath: logo, photos: [{ path: oldPhoto }, { path: photo }] });
    expect({ oldLogo: await fileState(oldLogo), logo: await fileState(logo), photo: await fileState(photo) }).toEqual({ oldLogo: "gone", logo: "attached", photo: "attached" });
  });
});
