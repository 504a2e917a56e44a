// The hero photos' descriptions and the sponsors' names in the site's other languages: saved with the settings by an
// administrator (by each one's place in its list), answered beside them, and read by the French home page and footer,
// the original (marked with its language) where one is missing.
import { describe, expect, it } from "vitest";
import { errorOf, ORIGIN, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { appContextFor } from "#tests/setup/translated-listings.ts";
import { loader as homeLoader } from "#web/routes/home.tsx";
import { loader as rootLoader } from "#web/root.tsx";
import { DEFAULT_SITE_SETTINGS } from "#server/features/site-settings/index.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const member = setUpSignIn(t, "user");

const SETTINGS = {
  ...DEFAULT_SITE_SETTINGS,
  heroPhotos: [
    { url: "/files/hero/market.jpg", alt: "Stalls on Main Street" },
    { url: "/files/hero/parade.jpg", alt: "The winter parade" },
  ],
  sponsorLogos: [
    { name: "City Bank", imageUrl: "/files/sponsors/bank.png", url: null },
    { name: "Hardware Store", imageUrl: "/files/sponsors/hardware.png", url: null },
  ],
};
const FRENCH = { "heroPhotos.0.alt": "Les kiosques de la rue Main", "sponsorLogos.0.name": "Banque de la ville" };
const put = (json: unknown, cookie: string | null = admin.cookie) => t.request("/api/v1/site-settings", { method: "PUT", json, ...(cookie ? { cookie } : {}) });

async function loaded<T>(loader: (args: never) => unknown, path: string): Promise<T> {
  const url = new URL(`${ORIGIN}${path}`);
  return (await loader({ context: appContextFor(t), request: new Request(url), url, params: {} } as never)) as T;
}
type Home = { heroPhotos: Array<{ alt: string; lang?: string }> };
type Root = { site: { sponsorLogos: Array<{ name: string }>; fallback: Record<string, string | undefined> } };

describe("translating the hero photos' descriptions and the sponsors' names", () => {
  it("saves them beside the originals and answers them", async () => {
    const response = await put({ ...SETTINGS, translations: { fr: { associationName: "Marchands", ...FRENCH } } });
    expect(response.status).toBe(200);
    expect((await response.json()).translations).toEqual({ fr: { associationName: "Marchands", ...FRENCH } });
  });

  it("shows the French description and name on /fr/, the untranslated ones in English marked with their language, and the originals at the English address", async () => {
    expect((await put({ ...SETTINGS, translations: { fr: FRENCH } })).status).toBe(200);
    const french = await loaded<Home>(homeLoader, "/fr/");
    expect(french.heroPhotos.map(({ alt, lang }) => ({ alt, lang }))).toEqual([
      { alt: "Les kiosques de la rue Main", lang: undefined },
      { alt: "The winter parade", lang: "en" },
    ]);
    const frenchRoot = await loaded<Root>(rootLoader, "/fr/");
    expect(frenchRoot.site.sponsorLogos.map((s) => s.name)).toEqual(["Banque de la ville", "Hardware Store"]);
    expect([frenchRoot.site.fallback["sponsorLogos.0.name"], frenchRoot.site.fallback["sponsorLogos.1.name"]]).toEqual([undefined, "en"]);

    const english = await loaded<Home>(homeLoader, "/");
    expect(english.heroPhotos.map(({ alt, lang }) => ({ alt, lang }))).toEqual([
      { alt: "Stalls on Main Street", lang: undefined },
      { alt: "The winter parade", lang: undefined },
    ]);
    expect((await loaded<Root>(rootLoader, "/")).site.sponsorLogos.map((s) => s.name)).toEqual(["City Bank", "Hardware Store"]);
  });

  it("refuses a description longer than its original may be, beside its field", async () => {
    const tooLong = await put({ ...SETTINGS, translations: { fr: { "heroPhotos.1.alt": "x".repeat(301) } } });
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).fields).toEqual({ "translations.fr.heroPhotos.1.alt": "Keep it to at most 300 characters." });
  });

  it("lets only an administrator save them: anonymous 401, a plain user 403", async () => {
    expect((await put({ ...SETTINGS, translations: { fr: FRENCH } })).status).toBe(200);
    const body = { ...SETTINGS, translations: { fr: { "sponsorLogos.0.name": "Pris" } } };
    expect((await put(body, null)).status).toBe(401);
    expect((await put(body, member.cookie)).status).toBe(403);
    expect((await (await t.request("/api/v1/site-settings")).json()).translations.fr).toEqual(FRENCH);
  });

  it("keeps each translation with its photo and sponsor when a save without translations moves or removes them", async () => {
    expect((await put({ ...SETTINGS, translations: { fr: { ...FRENCH, "heroPhotos.1.alt": "Le défilé d'hiver" } } })).status).toBe(200);
    const moved = { ...SETTINGS, heroPhotos: [...SETTINGS.heroPhotos].reverse(), sponsorLogos: [SETTINGS.sponsorLogos[1]!] };
    expect((await put(moved)).status).toBe(200);
    const french = await loaded<Home>(homeLoader, "/fr/");
    expect(french.heroPhotos.map(({ alt }) => alt)).toEqual(["Le défilé d'hiver", "Les kiosques de la rue Main"]);
    // The bank's French name left with the bank; the hardware store, untranslated, shows its own.
    expect((await loaded<Root>(rootLoader, "/fr/")).site.sponsorLogos.map((s) => s.name)).toEqual(["Hardware Store"]);
    expect((await (await t.request("/api/v1/site-settings")).json()).translations.fr).toEqual({
      "heroPhotos.0.alt": "Le défilé d'hiver",
      "heroPhotos.1.alt": "Les kiosques de la rue Main",
    });
  });
});
