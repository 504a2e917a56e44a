import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, setUpTestApp, type TestApp } from "#tests/setup/app.ts";
import { DEMO_ASSOCIATION_NAME, seedDemoContent } from "./seed.ts";
import { SiteSettingsRepository } from "#server/features/site-settings/index.ts";
import { OFFER_TYPES } from "#shared/constants.ts";

const now = new Date("2026-06-15T16:00:00.000Z");
const t = setUpTestApp();
let counts: Awaited<ReturnType<typeof seedDemoContent>>;
beforeAll(async () => {
  counts = await seedDemoContent({ database: t.database, files: t.services.files, now });
});

describe("demo content", () => {
  it("fills a downtown: about 40 businesses in 8 categories with 15 tags, events, offers, posts and pages", async () => {
    expect(counts).toEqual({ businesses: 40, categories: 8, tags: 15, events: 13, offers: 10, posts: 5, pages: 3 });
    const db = t.database.db;
    expect(await db.selectFrom("business").select("id").execute()).toHaveLength(40);
    const categories = await db.selectFrom("category").select(["name", "color"]).execute();
    expect(new Set(categories.map((c) => c.color)).size).toBe(8);
    for (const c of categories) expect(c.color).toMatch(/^#[0-9a-f]{6}$/i);
    const offerTypes = new Set((await db.selectFrom("offer").select("type").execute()).map((o) => o.type));
    for (const type of offerTypes) expect(OFFER_TYPES).toContain(type);
    expect(offerTypes.size).toBeGreaterThan(3);
  });

  it("lists its offers newest first in the order they are written, whatever their random ids", async () => {
    const offers = await t.services.offers.list({ limit: 3, now });
    expect(offers.map((offer) => offer.businessName)).toEqual(["Queen Street Diner", "Threads & Co. Boutique", "Smokestack BBQ Co."]);
  });

  it("gives most businesses realistic hours (some past midnight, some closed on Sundays, holiday closures, a few without) and social links", async () => {
    const businesses = await t.services.businesses.list();
    const withHours = businesses.filter((b) => b.openingHours);
    expect(businesses.length - withHours.length).toBe(4);
    expect(withHours.some((b) => Object.values(b.openingHours!.week).some((day) => day?.some((i) => i.close !== "24:00" && i.close <= i.open)))).toBe(true);
    expect(withHours.filter((b) => b.openingHours!.week.su?.length === 0).length).toBeGreaterThan(3);
    expect(withHours.filter((b) => b.openingHours!.closedOnPublicHolidays).length).toBeGreaterThan(5);
    expect(withHours.filter((b) => b.openingHours!.exceptions.length > 0).length).toBeGreaterThan(2);
    expect(businesses.filter((b) => b.socialLinks.length > 0).length).toBeGreaterThan(20);
    const withPhotos = businesses.filter((b) => b.photos.length > 0);
    expect(withPhotos.length).toBe(3);
    for (const b of withPhotos) for (const photo of b.photos) expect(photo.alt.length).toBeGreaterThan(10);
    expect(businesses.find((b) => b.name === "Noodle Bar Niagara")?.openingHours?.osm).toBe("Mo-Th 11:30-01:00, Fr,Sa 11:30-02:00, Su 12:00-23:00");
  });

  it("places businesses around the map's default centre", async () => {
    const rows = await t.database.db.selectFrom("business").select(["lat", "lng"]).execute();
    for (const { lat, lng } of rows) {
      expect(Math.abs(lat - 43.106651)).toBeLessThan(0.01);
      expect(Math.abs(lng - -79.066782)).toBeLessThan(0.01);
    }
  });

  it("dates events around now: upcoming and past, outdoor and at businesses", async () => {
    const events = await t.database.db.selectFrom("event").select(["eventDate", "location", "outdoorLocationDescription"]).execute();
    const upcoming = events.filter((e) => new Date(e.eventDate) >= now);
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(events.length - upcoming.length).toBeGreaterThanOrEqual(3);
    const outdoor = events.filter((e) => e.location === "outdoor");
    expect(outdoor.length).toBeGreaterThan(0);
    for (const e of outdoor) expect(e.outdoorLocationDescription).toBeTruthy();
    const businessIds = new Set((await t.database.db.selectFrom("business").select("id").execute()).map((b) => b.id));
    for (const e of events.filter((e) => e.location !== "outdoor")) expect(businessIds.has(e.location)).toBe(true);
  });

  it("writes the association's settings with six hero photos and sponsor logos", async () => {
    const settings = await new SiteSettingsRepository(t.database.db).get();
    expect(settings?.associationName).toBe(DEMO_ASSOCIATION_NAME);
    expect(settings?.tagline).toBe("Find Your Niche");
    expect(settings?.heroPhotos).toHaveLength(6);
    expect(settings?.sponsorLogos.length).toBeGreaterThan(0);
    expect(settings?.mapCenter).toEqual({ lat: 43.106651, lng: -79.066782 });
    expect(settings?.mapZoom).toBe(15);
  });

  it("stores its generated images as WebP files that are served back", async () => {
    const business = await t.database.db
      .selectFrom("business")
      .select(["logoUrl", "logoStoragePath"])
      .where("logoUrl", "is not", null)
      .executeTakeFirstOrThrow();
    expect(business.logoStoragePath).toMatch(/^markers_logos\/[a-z0-9-]+_\d+\.webp$/);
    const response = await t.request(business.logoUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");

    const settings = await new SiteSettingsRepository(t.database.db).get();
    const hero = await t.request(settings!.heroPhotos[0]!.url);
    expect(hero.status).toBe(200);
    expect((await hero.arrayBuffer()).byteLength).toBeLessThan(150 * 1024);
  });

  it("is the same every time: the same businesses, categories and tags", async () => {
    const other = await createTestApp();
    try {
      await seedDemoContent({ database: other.database, files: other.services.files, now });
      const names = (app: TestApp) => app.database.db.selectFrom("business").select(["name", "address", "lat", "lng"]).orderBy("name").execute();
      expect(await names(other)).toEqual(await names(t));
    } finally {
      await other.close();
    }
  });
});
