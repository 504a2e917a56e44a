import { describe, expect, it } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";
import { DEFAULT_SITE_SETTINGS, SiteSettingsRepository } from "./site-settings.repository.ts";
import { SiteSettingsSchema } from "#shared/schemas/site-settings.ts";

const t = setUpTestApp();

describe("site settings", () => {
  it("serves the defaults of a fresh install: tagline, default map centre and zoom", async () => {
    const response = await t.request("/api/v1/site-settings");
    expect(response.status).toBe(200);
    const settings = await response.json();
    expect(settings.tagline).toBe("Find Your Niche");
    expect(settings.mapCenter).toEqual({ lat: 43.106651, lng: -79.066782 });
    expect(settings.mapZoom).toBe(15);
    expect(settings.timeZone).toBe("America/Toronto");
    expect(settings.holidayRegion).toBe("CA-ON");
  });

  it("keeps a time zone and holiday region only when they name real ones", async () => {
    const saved = { ...DEFAULT_SITE_SETTINGS, timeZone: "Europe/Paris", holidayRegion: "FR" };
    await new SiteSettingsRepository(t.database.db).save(saved);
    const settings = await (await t.request("/api/v1/site-settings")).json();
    expect([settings.timeZone, settings.holidayRegion]).toEqual(["Europe/Paris", "FR"]);
    const refused = SiteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, timeZone: "Mars/Olympus", holidayRegion: "ontario" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["timeZone", "Enter a time zone such as America/Toronto."],
      ["holidayRegion", "Enter a country or region code such as CA-ON."],
    ]);
    await new SiteSettingsRepository(t.database.db).save(DEFAULT_SITE_SETTINGS);
  });

  it("serves what was saved, with coordinates kept exactly", async () => {
    await new SiteSettingsRepository(t.database.db).save({
      ...DEFAULT_SITE_SETTINGS,
      associationName: "Queen Street Association",
      mailingAddress: "1 Queen St, Niagara Falls",
      generalEmail: "hello@example.org",
      volunteerEmail: "help@example.org",
      heroPhotos: Array.from({ length: 6 }, (_, i) => ({ url: `/files/hero/${i}.webp`, alt: `Photo ${i}` })),
      sponsorLogos: [{ name: "Bank", imageUrl: "/files/sponsors/bank.webp", url: "https://bank.example" }],
    });
    const settings = await (await t.request("/api/v1/site-settings")).json();
    expect(settings.associationName).toBe("Queen Street Association");
    expect(settings.heroPhotos).toHaveLength(6);
    expect(settings.sponsorLogos[0]).toEqual({ name: "Bank", imageUrl: "/files/sponsors/bank.webp", url: "https://bank.example" });
    expect(settings.mapCenter).toEqual({ lat: 43.106651, lng: -79.066782 });
  });
});
