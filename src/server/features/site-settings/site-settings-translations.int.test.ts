// The association's name and tagline in the site's other languages: saved with the settings by an administrator,
// answered beside them, shown in French feeds and pages, the original (marked with its language) where one is missing.
import { beforeAll, describe, expect, it } from "vitest";
import { parseFeed } from "@rowanmanning/feed-parser";
import type { RenderPage } from "#server/app.ts";
import { errorOf, setUpTestApp } from "#tests/setup/app.ts";
import { DEFAULT_SITE_SETTINGS } from "./site-settings.repository.ts";

/** A page that shows the header's name and the hero's tagline in the page's language, as the root loader reads them. */
const renderPage: RenderPage = async (request, context) => {
  const site = await context.services.siteSettings.localized(new URL(request.url).pathname.startsWith("/fr") ? "fr" : "en");
  const lang = (field: "associationName" | "tagline") => (site.fallback[field] ? ` lang="${site.fallback[field]}"` : "");
  return new Response(`<!doctype html><header${lang("associationName")}>${site.associationName}</header><h1${lang("tagline")}>${site.tagline}</h1>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
};

const t = setUpTestApp({ renderPage });
let admin: string;
let member: string;
beforeAll(async () => {
  admin = (await t.signIn("admin")).cookie;
  member = (await t.signIn("user")).cookie;
});

const SETTINGS = { ...DEFAULT_SITE_SETTINGS, associationName: "Downtown Merchants", tagline: "Shop local" };
const put = (json: unknown, cookie: string | null = admin) => t.request("/api/v1/site-settings", { method: "PUT", json, ...(cookie ? { cookie } : {}) });
const read = async () => (await (await t.request("/api/v1/site-settings")).json()) as typeof SETTINGS & { translations: Record<string, Record<string, string>> };

describe("translating the site settings' texts", () => {
  it("saves the French name and tagline beside the originals and answers them", async () => {
    const response = await put({ ...SETTINGS, translations: { fr: { associationName: "Marchands du centre-ville", tagline: "Achetez local" } } });
    expect(response.status).toBe(200);
    expect((await response.json()).translations).toEqual({ fr: { associationName: "Marchands du centre-ville", tagline: "Achetez local" } });
    const settings = await read();
    expect([settings.associationName, settings.tagline]).toEqual(["Downtown Merchants", "Shop local"]);
    expect(settings.translations.fr).toEqual({ associationName: "Marchands du centre-ville", tagline: "Achetez local" });
  });

  it("shows the French texts on /fr/ pages and feeds, and the English ones at the English addresses", async () => {
    await put({ ...SETTINGS, translations: { fr: { associationName: "Marchands du centre-ville", tagline: "Achetez local" } } });
    const french = await (await t.request("/fr/")).text();
    expect(french).toContain("<header>Marchands du centre-ville</header><h1>Achetez local</h1>");
    const english = await (await t.request("/")).text();
    expect(english).toContain("<header>Downtown Merchants</header><h1>Shop local</h1>");

    expect(parseFeed(await (await t.request("/fr/news/feed.xml")).text()).title).toBe("Marchands du centre-ville : nouvelles");
    expect(parseFeed(await (await t.request("/news/feed.xml")).text()).title).toMatch(/^Downtown Merchants: /);
  });

  it("keeps the original, marked English, where a translation is missing, and a blank translation removes it", async () => {
    await put({ ...SETTINGS, translations: { fr: { associationName: "Marchands du centre-ville", tagline: "Achetez local" } } });
    const response = await put({ ...SETTINGS, translations: { fr: { associationName: "Marchands du centre-ville", tagline: "  " } } });
    expect(response.status).toBe(200);
    expect((await read()).translations).toEqual({ fr: { associationName: "Marchands du centre-ville" } });
    expect(await (await t.request("/fr/")).text()).toContain('<header>Marchands du centre-ville</header><h1 lang="en">Shop local</h1>');
  });

  it("keeps the translations when the settings are saved without them", async () => {
    await put({ ...SETTINGS, translations: { fr: { associationName: "Marchands du centre-ville" } } });
    expect((await put({ ...SETTINGS, mapZoom: 14 })).status).toBe(200);
    expect((await read()).translations).toEqual({ fr: { associationName: "Marchands du centre-ville" } });
  });

  it("refuses a translation into the default language or into a language the site does not offer, beside that language", async () => {
    const intoDefault = await put({ ...SETTINGS, translations: { en: { associationName: "Downtown" } } });
    expect(intoDefault.status).toBe(400);
    expect((await errorOf(intoDefault)).fields).toEqual({ "translations.en": "English is the site's default language: edit the original text instead." });

    const notOffered = await put({ ...SETTINGS, languages: ["en"], translations: { fr: { associationName: "Centre-ville" } } });
    expect(notOffered.status).toBe(400);
    expect((await errorOf(notOffered)).fields).toEqual({
      "translations.fr": "The site does not offer Français: turn it on in Site settings before translating into it.",
    });

    const tooLong = await put({ ...SETTINGS, translations: { fr: { tagline: "x".repeat(201) } } });
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).fields).toEqual({ "translations.fr.tagline": "Keep it to at most 200 characters." });
  });

  it("takes a French translation in the same save that turns French on and makes it the default's other language", async () => {
    await put({ ...SETTINGS, languages: ["en"], defaultLanguage: "en" });
    const response = await put({ ...SETTINGS, languages: ["en", "fr"], translations: { fr: { tagline: "Achetez local" } } });
    expect(response.status).toBe(200);
    expect((await read()).translations.fr).toEqual({ tagline: "Achetez local" });
  });

  it("lets only an administrator save translations: anonymous 401, a member 403", async () => {
    await put({ ...SETTINGS, translations: { fr: { associationName: "Marchands du centre-ville" } } });
    const body = { ...SETTINGS, translations: { fr: { associationName: "Pris" } } };
    expect((await put(body, null)).status).toBe(401);
    expect((await put(body, member)).status).toBe(403);
    expect((await read()).translations.fr).toEqual({ associationName: "Marchands du centre-ville" });
  });
});
