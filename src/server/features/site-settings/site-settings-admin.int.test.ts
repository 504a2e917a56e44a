// An administrator changes the association's details through the API; visitors see them at once.
import { beforeAll, describe, expect, it } from "vitest";
import type { RenderPage } from "#server/app.ts";
import { errorOf, setUpTestApp } from "#tests/setup/app.ts";
import { DEFAULT_SITE_SETTINGS } from "./site-settings.repository.ts";
import type { SiteSettings } from "#shared/schemas/site-settings.ts";

/** A home page that shows the association's name and tagline, as the real one does in its header and hero. */
let renders = 0;
const renderPage: RenderPage = async (_request, context) => {
  renders++;
  const site = await context.services.siteSettings.get();
  return new Response(`<!doctype html><title>${site.associationName}</title><h1>${site.associationName}</h1><p>${site.tagline}</p>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
};

const t = setUpTestApp({ renderPage });
let admin: string;
beforeAll(async () => {
  admin = (await t.signIn("admin")).cookie;
  // The hero photo the settings below name, uploaded as the form uploads one.
  await t.services.files.save({ fullPath: "site_settings/hero_1.webp", body: new Uint8Array([1, 2, 3]), contentType: "image/webp", attached: false });
});

const put = (json: unknown, cookie?: string) => t.request("/api/v1/site-settings", { method: "PUT", json, ...(cookie ? { cookie } : {}) });
const current = async () => (await (await t.request("/api/v1/site-settings", { cookie: admin })).json()) as SiteSettings;

const SETTINGS: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  associationName: "Queen Street Merchants",
  tagline: "Find Your Niche",
  mailingAddress: "4500 Queen Street\nNiagara Falls, ON L2E 2L7",
  generalEmail: "info@queenstreet.example",
  volunteerEmail: "volunteer@queenstreet.example",
  heroPhotos: [{ url: "/files/site_settings/hero_1.webp", alt: "Queen Street at dusk" }],
  sponsorLogos: [{ name: "Falls Bank", imageUrl: "https://cdn.example/bank.webp", url: "https://bank.example" }],
  mapCenter: { lat: 43.1, lng: -79.07 },
  mapZoom: 16,
  timeZone: "America/Vancouver",
  holidayRegion: "CA-BC",
};

describe("saving the site settings", () => {
  it("saves what an administrator sends, answers it, and records the change", async () => {
    const response = await put(SETTINGS, admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...SETTINGS, translations: {} });
    expect(await current()).toEqual({ ...SETTINGS, translations: {} });

    const log = (await (await t.request("/api/v1/audit-log?entityType=settings", { cookie: admin })).json()) as { items: { action: string; entityId: string; summary: string }[] };
    expect(log.items[0]).toMatchObject({ action: "update", entityId: "site", summary: "Site settings: Queen Street Merchants" });
  });

  it("shows a visitor the new association name on the home page at once, not the page kept from before", async () => {
    await put({ ...SETTINGS, associationName: "Before The Change" }, admin);
    const before = await t.request("/");
    expect(await before.text()).toContain("Before The Change");
    // The same page again comes from the anonymous cache until the content changes.
    const rendered = renders;
    expect(await (await t.request("/")).text()).toContain("Before The Change");
    expect(renders).toBe(rendered);

    expect((await put({ ...SETTINGS, associationName: "After The Change" }, admin)).status).toBe(200);
    const after = await (await t.request("/")).text();
    expect(after).toContain("After The Change");
    expect(after).not.toContain("Before The Change");
    expect(((await (await t.request("/api/v1/site-settings")).json()) as SiteSettings).associationName).toBe("After The Change");
  });

  it("refuses a time zone and an email address that are not real, with the message beside each field", async () => {
    await put(SETTINGS, admin);
    const response = await put({ ...SETTINGS, timeZone: "Mars/Olympus", generalEmail: "not an address", associationName: "Not Saved" }, admin);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.fields).toEqual({
      generalEmail: "Enter a valid email address.",
      timeZone: "Enter a time zone such as America/Toronto.",
    });
    expect((await current()).associationName).toBe(SETTINGS.associationName);
  });

  it("keeps the weekly digest's day and time, Monday 08:00 until changed, and refuses others beside their fields", async () => {
    const { digestWeekday: _day, digestAt: _at, ...older } = SETTINGS;
    // A client that predates them leaves them out: the defaults.
    expect(await (await put(older, admin)).json()).toMatchObject({ digestWeekday: "monday", digestAt: "08:00" });
    expect((await put({ ...SETTINGS, digestWeekday: "friday", digestAt: "17:30" }, admin)).status).toBe(200);
    expect(await current()).toMatchObject({ digestWeekday: "friday", digestAt: "17:30" });
    const response = await put({ ...SETTINGS, digestWeekday: "Funday", digestAt: "25:00" }, admin);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ digestWeekday: "Choose the day of the week the digest goes out.", digestAt: "Enter a time such as 08:00." });
    expect(await current()).toMatchObject({ digestWeekday: "friday", digestAt: "17:30" });
  });

  it("refuses a blank name, a map centre off the globe and a zoom past the map's, each beside its field", async () => {
    const response = await put({ ...SETTINGS, associationName: "  ", mapCenter: { lat: 91, lng: -79 }, mapZoom: 23 }, admin);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({
      associationName: "Association name is required.",
      "mapCenter.lat": "Latitude must be a number between -90 and 90.",
      mapZoom: "Map zoom must be a whole number from 0 to 22.",
    });
  });

  it("keeps the texts to a size a page can show, on one line", async () => {
    const long = await put({ ...SETTINGS, associationName: "A".repeat(201), tagline: "T".repeat(201) }, admin);
    expect((await errorOf(long)).fields).toEqual({ associationName: "Keep it to at most 200 characters.", tagline: "Keep it to at most 200 characters." });
    const saved = await put({ ...SETTINGS, tagline: "Find\u202e Your\nNiche" }, admin);
    expect(((await saved.json()) as SiteSettings).tagline).toBe("Find Your Niche");
    await put(SETTINGS, admin);
  });

  it.each([
    ["a hero photo", { heroPhotos: [{ url: "javascript:alert(1)", alt: "" }] }, "heroPhotos.0.url"],
    ["a sponsor logo", { sponsorLogos: [{ name: "Bank", imageUrl: "JavaScript:alert(document.cookie)", url: null }] }, "sponsorLogos.0.imageUrl"],
    ["a sponsor logo from another site without https", { sponsorLogos: [{ name: "Bank", imageUrl: "http://cdn.example/bank.png", url: null }] }, "sponsorLogos.0.imageUrl"],
    ["a sponsor logo of another host without a scheme", { sponsorLogos: [{ name: "Bank", imageUrl: "//evil.example/x.png", url: null }] }, "sponsorLogos.0.imageUrl"],
    ["a hero photo outside the site's files", { heroPhotos: [{ url: "/files/../api/v1/me", alt: "" }] }, "heroPhotos.0.url"],
    ["a hero photo outside the site's files, its dots encoded", { heroPhotos: [{ url: "/files/%2e%2e/api/v1/me", alt: "" }] }, "heroPhotos.0.url"],
    ["a hero photo outside the site's files, one dot encoded", { heroPhotos: [{ url: "/files/.%2E/auth/sign-out", alt: "" }] }, "heroPhotos.0.url"],
    ["a hero photo as data", { heroPhotos: [{ url: "data:image/svg+xml,<svg onload=alert(1)>", alt: "" }] }, "heroPhotos.0.url"],
    ["a sponsor's link", { sponsorLogos: [{ name: "Bank", imageUrl: "/files/site_settings/bank.webp", url: "javascript:alert(1)" }] }, "sponsorLogos.0.url"],
  ])("refuses %s that is not an uploaded file or an https address", async (_what, change, field) => {
    const response = await put({ ...SETTINGS, ...change }, admin);
    expect(response.status).toBe(400);
    expect(Object.keys((await errorOf(response)).fields ?? {})).toEqual([field]);
    expect(await current()).toEqual({ ...SETTINGS, translations: {} });
  });

  it("keeps an uploaded image that becomes a hero photo, so the clean-up of unused uploads leaves it", async () => {
    const file = await t.services.files.save({ fullPath: "posts_images/temp_x/post_1_hero.webp", body: new Uint8Array([1, 2, 3]), contentType: "image/webp", attached: false });
    const response = await put({ ...SETTINGS, heroPhotos: [...SETTINGS.heroPhotos, { url: file.url, alt: "The square" }] }, admin);
    expect(response.status).toBe(200);
    const row = await t.database.db.selectFrom("stored_file").select("attachedAt").where("fullPath", "=", file.fullPath).executeTakeFirstOrThrow();
    expect(row.attachedAt).not.toBeNull();

    const gone = await put({ ...SETTINGS, heroPhotos: [{ url: "/files/event_images/never-uploaded_1.webp", alt: "" }] }, admin);
    expect(gone.status).toBe(400);
    expect((await errorOf(gone)).fields).toEqual({ "heroPhotos.0.url": "This image is no longer available. Please upload it again." });
    await put(SETTINGS, admin);
  });

  it("refuses anyone but an administrator before reading what they sent", async () => {
    expect((await put(SETTINGS)).status).toBe(401);
    for (const role of ["user", "business"] as const) {
      const { cookie } = await t.signIn(role);
      const response = await put({ ...SETTINGS, associationName: "Taken Over" }, cookie);
      expect(response.status).toBe(403);
      // Not even the validation messages of a bad body.
      expect((await put({ timeZone: "nowhere" }, cookie)).status).toBe(403);
    }
    expect((await put({})).status).toBe(401);
    expect((await current()).associationName).not.toBe("Taken Over");
  });
});
