// The site settings' hero photos and sponsor logos as an administrator uploads, replaces and removes them: the images
// named are kept from the clean-up of unused uploads, the ones let go are removed by it, and an image that a
// business, an event or a post uses is refused beside the field that names it.
import { describe, expect, it } from "vitest";
import { createCategory } from "#server/db/factories.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { errorOf, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { cleanUpLater, sendUpload } from "#tests/setup/uploads.ts";
import { DEFAULT_SITE_SETTINGS } from "./site-settings.repository.ts";
import type { SiteSettings } from "#shared/schemas/site-settings.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");

const IN_USE = "This image is already used elsewhere on the site (by a business, an event or a post). Please upload a copy of it for the site settings.";

const put = (json: unknown, as = admin.cookie) => t.request("/api/v1/site-settings", { method: "PUT", json, cookie: as });
const current = async () => (await (await t.request("/api/v1/site-settings")).json()) as SiteSettings;
const settings = (change: Partial<SiteSettings>): SiteSettings => ({ ...DEFAULT_SITE_SETTINGS, associationName: "Queen Street Merchants", ...change });

/** Whether the site still serves the image at `url`. */
const served = async (url: string) => (await t.request(url)).status === 200;

/** Uploads a picture over the tus endpoint in one request, as the form's upload field sends it; answers the stored file. */
const uploadOverHttp = async (as: string, fileName: string) => sendUpload(t, as, await makeImage("png", 600, 300), { kind: "siteImage", filename: fileName });

/** An image uploaded for the site settings, not yet named by them. */
async function siteImage(fileName: string) {
  return t.services.files.upload({ user: admin.user, kind: "siteImage", fileName, bytes: await makeImage("png", 400, 200) });
}

describe("the site settings' images", () => {
  it("takes a hero photo an administrator uploads, and keeps it from the clean-up once the settings name it", async () => {
    const response = await uploadOverHttp(admin.cookie, "Queen Street at dusk.png");
    expect(response.status).toBe(200);
    const photo = (await response.json()) as { url: string; srcset: string };
    expect(photo.url).toMatch(/^\/files\/site_settings\/queen-street-at-dusk_\d+_\w+\.webp$/);

    const saved = await put(settings({ heroPhotos: [{ url: photo.url, alt: "Queen Street at dusk" }] }));
    expect(saved.status).toBe(200);
    await cleanUpLater(t);
    expect(await served(photo.url)).toBe(true);
    // The narrower copies the slideshow picks from are kept with it.
    for (const candidate of photo.srcset.split(", ")) expect(await served(candidate.split(" ")[0]!)).toBe(true);
    expect((await current()).heroPhotos).toEqual([{ url: photo.url, alt: "Queen Street at dusk" }]);
  });

  it("takes uploads for the site settings from administrators only", async () => {
    for (const role of ["user", "business"] as const) {
      const { cookie: other } = await t.signIn(role);
      expect((await uploadOverHttp(other, "banner.png")).status).toBe(403);
    }
  });

  it("gives a replaced hero photo and a removed sponsor logo to the clean-up, which removes them, and keeps the rest", async () => {
    const [first, second, replacement, logo] = await Promise.all([siteImage("first.png"), siteImage("second.png"), siteImage("third.png"), siteImage("bank.png")]);
    const before = settings({
      heroPhotos: [
        { url: first.url, alt: "The square" },
        { url: second.url, alt: "The market" },
      ],
      sponsorLogos: [{ name: "Falls Bank", imageUrl: logo.url, url: "https://bank.example" }],
    });
    expect((await put(before)).status).toBe(200);

    const after = settings({
      heroPhotos: [
        { url: replacement.url, alt: "The square at night" },
        { url: second.url, alt: "The market" },
      ],
      sponsorLogos: [],
    });
    const response = await put(after);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...after, translations: {} });

    await cleanUpLater(t);
    expect(await served(first.url)).toBe(false);
    expect(await served(first.srcset.split(" ")[0]!)).toBe(false);
    expect(await served(logo.url)).toBe(false);
    expect(await served(second.url)).toBe(true);
    expect(await served(replacement.url)).toBe(true);
    expect(await current()).toEqual({ ...after, translations: {} });
  });

  it("refuses an image a business or an event uses, beside the field naming it, and claims nothing of a refused save", async () => {
    const categoryId = (await createCategory(t.database.db, { name: "Bakeries" })).id;
    const shopPhoto = await t.services.files.upload({ user: admin.user, kind: "businessPhoto", fileName: "shop.png", name: "Crust", bytes: await makeImage("png", 400, 300) });
    const business = await t.request("/api/v1/businesses", {
      method: "POST",
      cookie: admin.cookie,
      json: { name: "Crust Bakery", categoryId, description: "Bread.", address: "5 Queen St", lat: 43.1, lng: -79.07, tags: [], photos: [{ path: shopPhoto.fullPath, alt: "The counter" }] },
    });
    expect(business.status).toBe(201);
    const poster = await t.services.files.upload({ user: admin.user, kind: "eventImage", fileName: "poster.png", name: "Jazz Night", bytes: await makeImage("png", 400, 300) });
    const event = await t.request("/api/v1/events", {
      method: "POST",
      cookie: admin.cookie,
      json: { name: "Jazz Night", eventDate: "2031-07-04T23:30:00.000Z", location: "outdoor", outdoorLocationDescription: "Market Square", imagePath: poster.fullPath },
    });
    expect(event.status).toBe(201);
    const kept = await current();
    const fresh = await siteImage("fresh.png");

    const response = await put(
      settings({
        heroPhotos: [
          { url: fresh.url, alt: "New" },
          { url: shopPhoto.url, alt: "A bakery's counter" },
        ],
        sponsorLogos: [{ name: "Jazz Society", imageUrl: poster.url, url: null }],
      }),
    );
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.fields).toEqual({ "heroPhotos.1.url": IN_USE, "sponsorLogos.0.imageUrl": IN_USE });
    expect(error.message).toBe(IN_USE);
    expect(await current()).toEqual(kept);

    // The business and the event keep their images; the upload the refused save named was not claimed by it.
    await cleanUpLater(t);
    expect(await served(shopPhoto.url)).toBe(true);
    expect(await served(poster.url)).toBe(true);
    expect(await served(fresh.url)).toBe(false);
  });
});
