// Pages in two languages over HTTP: the anonymous page cache keeps each language's page apart (in the app and on
// Node's fast path), a first visit follows Accept-Language once and never for a crawler, English pages say they
// vary by it, the account keeps a person's language, Site settings choose the languages, and the sitemap lists
// each language's address.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RenderPage } from "#server/app.ts";
import { listen } from "#server/http/listen.ts";
import { prefixOf } from "#shared/i18n/languages.ts";
import { DEFAULT_SITE_SETTINGS } from "#server/features/site-settings/site-settings.repository.ts";
import { createTestApp, type TestApp } from "../setup/app.ts";

/** A page that says its language and path, as the site's pages say theirs in <html lang>. */
const renderPage: RenderPage = async (request) => {
  const path = new URL(request.url).pathname;
  return new Response(`<html lang="${prefixOf(path) ?? "en"}"><p>${path}</p></html>`, { headers: { "Content-Type": "text/html; charset=utf-8" } });
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ renderPage });
  admin = (await t.signIn("admin")).cookie;
});
afterAll(() => t.close());

const settings = (change: Record<string, unknown>) => t.request("/api/v1/site-settings", { method: "PUT", json: { ...DEFAULT_SITE_SETTINGS, ...change }, cookie: admin });

async function onServer(test: (get: (path: string, headers?: Record<string, string>) => Promise<Response>) => Promise<void>) {
  const server: Server = await new Promise((resolve) => {
    const started = listen({ fetch: t.app.fetch, serveKept: t.app.serveKept }, { port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // As a browser (fetch's own "node" is taken for a robot).
    const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
    await test((path, headers = {}) => fetch(url + path, { redirect: "manual", headers: { "Accept-Encoding": "identity", "User-Agent": browser, ...headers } }));
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

describe("a page in English and in French", () => {
  it("is kept once per language: neither request is ever answered with the other's page", async () => {
    for (let round = 0; round < 2; round++) {
      expect(await (await t.request("/map")).text()).toContain('lang="en"');
      expect(await (await t.request("/fr/map")).text()).toContain('lang="fr"');
    }
    await onServer(async (get) => {
      for (let round = 0; round < 2; round++) {
        const english = await get("/events", { Cookie: "niche_lang=fr" });
        const french = await get("/fr/events", { "Accept-Language": "fr-CA,fr;q=0.9" });
        expect([english.status, french.status]).toEqual([200, 200]);
        expect(await english.text()).toContain('lang="en"');
        expect(await french.text()).toContain('lang="fr"');
      }
    });
  });

  it("sends a first visit whose browser prefers French to the French page once, and remembers it", async () => {
    await onServer(async (get) => {
      // Kept first, so that the fast path has the English page at hand.
      expect((await get("/offers")).status).toBe(200);
      const first = await get("/offers?page=1", { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.8" });
      expect(first.status).toBe(302);
      expect(first.headers.get("location")).toBe("/fr/offers?page=1");
      expect(first.headers.get("set-cookie")).toMatch(/^niche_lang=fr;/);
      expect(first.headers.get("vary")).toMatch(/Accept-Language/);
      const kept = await get("/offers", { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.8" });
      expect(kept.status).toBe(302);
      // Once remembered (or chosen in the switcher), the English page is theirs to read.
      const chosen = await get("/offers", { "Accept-Language": "fr-CA,fr;q=0.9", Cookie: "niche_lang=fr" });
      expect(chosen.status).toBe(200);
      expect(await chosen.text()).toContain('lang="en"');
    });
  });

  it("never sends a crawler elsewhere, and says English pages vary by Accept-Language", async () => {
    const crawler = await t.request("/contact", { headers: { "Accept-Language": "fr", "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    expect(crawler.status).toBe(200);
    expect(crawler.headers.get("vary")).toMatch(/Accept-Language/);
    const english = await t.request("/contact", { headers: { "Accept-Language": "en-CA" } });
    expect(english.status).toBe(200);
    expect(english.headers.get("vary")).toMatch(/Accept-Language/);
    // Signed-in pages and the API are at one address: never sent anywhere.
    expect((await t.request("/api/v1/categories", { headers: { "Accept-Language": "fr" } })).status).toBe(200);
  });
});

describe("a person's language", () => {
  it("is kept in their account, one the site offers or the site's default", async () => {
    const { cookie } = await t.signIn("user");
    expect((await (await t.request("/api/v1/account", { cookie })).json()).language).toBeNull();
    const set = await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie });
    expect(set.status).toBe(200);
    expect((await (await t.request("/api/v1/account", { cookie })).json()).language).toBe("fr");
    const refused = await t.request("/api/v1/account/language", { method: "PUT", json: { language: "de" }, cookie });
    expect(refused.status).toBe(400);
    // Told in the account's language, French by now (docs/decisions/0045).
    expect((await refused.json()).error.fields.language).toBe("Choisissez une langue que le site offre.");
    const back = await t.request("/api/v1/account/language", { method: "PUT", json: { language: null }, cookie });
    expect((await back.json()).language).toBeNull();
    expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" } })).status).toBe(401);
  });
});

describe("the site's languages", () => {
  it("are validated beside their fields and only an administrator's to change", async () => {
    const none = await settings({ languages: [] });
    expect(none.status).toBe(400);
    expect((await none.json()).error.fields.languages).toBe("Choose at least one language.");
    const outside = await settings({ languages: ["en"], defaultLanguage: "fr" });
    expect(outside.status).toBe(400);
    expect((await outside.json()).error.fields.defaultLanguage).toBe("The default language must be one of the languages offered.");
    const { cookie } = await t.signIn("user");
    expect((await t.request("/api/v1/site-settings", { method: "PUT", json: DEFAULT_SITE_SETTINGS, cookie })).status).toBe(403);
  });

  it("give the sitemap each language's address, and none of a language turned off", async () => {
    const both = await (await t.request("/sitemap.xml")).text();
    expect(both).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(both).toContain('<xhtml:link rel="alternate" hreflang="fr" href="http://localhost:3000/fr/map"/>');
    expect(both).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="http://localhost:3000/map"/>');

    expect((await settings({ languages: ["en"], defaultLanguage: "en" })).status).toBe(200);
    const english = await (await t.request("/sitemap.xml")).text();
    expect(english).not.toContain("/fr");
    expect(english).toContain("<loc>http://localhost:3000/map</loc>");
    // A person whose language the site no longer offers cannot choose it.
    const { cookie } = await t.signIn("user");
    expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie })).status).toBe(400);
    // Nor is a first visit sent to it.
    expect((await t.request("/news", { headers: { "Accept-Language": "fr" } })).status).toBe(200);
    expect((await settings({ languages: ["en", "fr"], defaultLanguage: "en" })).status).toBe(200);
  });
});
