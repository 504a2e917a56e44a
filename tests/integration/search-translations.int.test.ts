// Search results in the page's language: the index finds either language, and a French page (or a client asking
// `language=fr`) is shown each result's translated title and text, the originals marked with their language where a
// translation is missing; without a language the answer is in the site's language, its original texts alone.
import { describe, expect, it } from "vitest";
import type { SearchResponse, SearchResult } from "#shared/schemas/search.ts";
import { ORIGIN, setUp, setUpTestApp } from "#tests/setup/app.ts";
import { createElement, type ComponentType } from "react";
import { createI18n } from "#shared/i18n/index.ts";
import { appContextFor, renderAt, shown as shownIn, translatedEventsAndOffers, translatedListings } from "#tests/setup/translated-listings.ts";
import SearchPage, { loader as searchLoader } from "#web/routes/search.tsx";

const t = setUpTestApp();
const ids = setUp(async () => {
  await translatedListings(t);
  return translatedEventsAndOffers(t);
});

const search = async (query: string) => ((await (await t.request(`/api/v1/search?${query}`)).json()) as SearchResponse).results;
const shown = (results: SearchResult[], type: string) => results.filter((r) => r.type === type).map(({ title, snippet, lang }) => ({ title, snippet, lang }));

describe("search results in French", () => {
  it("give categories' and tags' French names, and mark the ones without one as English", async () => {
    const results = await search("q=florists&types=category&language=fr");
    expect(shown(results, "category")).toEqual([{ title: "Fleuristes", snippet: "Flowers for all.", lang: { snippet: "en" } }]);
    expect(shown(await search("q=patio&types=tag&language=fr"), "tag")).toEqual([{ title: "Patio", snippet: expect.any(String), lang: { title: "en" } }]);
    // Found by the French name too, and shown in French.
    expect(shown(await search("q=vegetalien&types=tag&language=fr"), "tag").map((r) => r.title)).toEqual(["Végétalien"]);
  });

  it("give a business's French description, and its original where it has none", async () => {
    const results = await search("q=stone oven&types=business&language=fr");
    expect(shown(results, "business")).toEqual([{ title: "Stone Oven", snippet: "Pains au levain.", lang: undefined }]);
    const rye = shown(await search("q=rye house&types=business&language=fr"), "business");
    expect(rye[0]!.lang).toEqual({ snippet: "en" });
    expect(rye[0]!.snippet).toContain("Dark rye.");
  });

  it("give an event's French name, on the French search page as well", async () => {
    expect(shown(await search("q=night market&types=event&language=fr"), "event")).toEqual([{ title: "Marché de nuit", snippet: "Kiosques de bouffe jusqu'à tard.", lang: undefined }]);
    const url = new URL(`${ORIGIN}/fr/search?q=night+market`);
    const page = (await searchLoader({ context: appContextFor(t), request: new Request(url), url, params: {} } as never)) as unknown as { results: SearchResult[] };
    expect(page.results.find((r) => r.id === ids.market)).toMatchObject({ title: "Marché de nuit", url: expect.stringContaining(ids.market) });
    expect(page.results.find((r) => r.id === ids.plain)).toBeUndefined();
  });

  it("are marked on the French page, whose search form stays French", async () => {
    const url = new URL(`${ORIGIN}/fr/search?q=florists`);
    const loaderData = await searchLoader({ context: appContextFor(t), request: new Request(url), url, params: {} } as never);
    const Page = SearchPage as unknown as ComponentType<{ loaderData: unknown }>;
    const document = await renderAt(() => createElement(Page, { loaderData }), url, await createI18n("fr", ["common", "public"]));
    expect(document.querySelector('form[role="search"]')?.getAttribute("action")).toBe("/fr/search");
    expect(shownIn(document, "li.card p[lang]")).toEqual([{ text: "Flowers for all.", lang: "en" }]);
  });

  it("stay as they always were without a language, and on the English page", async () => {
    const results = await search("q=bakeries&types=category");
    expect(shown(results, "category").map(({ title, lang }) => ({ title, lang }))).toEqual([{ title: "Bakeries", lang: undefined }]);
    const url = new URL(`${ORIGIN}/search?q=night+market`);
    const page = (await searchLoader({ context: appContextFor(t), request: new Request(url), url, params: {} } as never)) as unknown as { results: SearchResult[] };
    expect(page.results.find((r) => r.id === ids.market)).toMatchObject({ title: "Night market" });
    expect(page.results.find((r) => r.id === ids.market)!.lang).toBeUndefined();
  });

  it("show the original's text alone in English, without the translations the index holds after it", async () => {
    for (const query of ["q=stone oven&types=business", "q=stone oven&types=business&language=en"]) {
      const [oven] = shown(await search(query), "business");
      expect(oven!.title).toBe("Stone Oven");
      expect(oven!.snippet).not.toContain("Pains au levain");
    }
    // Found by a word of its French text alone, it still shows its English one.
    const [market] = shown(await search("q=kiosques&types=event"), "event");
    expect(market).toMatchObject({ title: "Night market" });
    expect(market!.snippet).not.toContain("Kiosques");
  });

  it("refuse a language Niche does not speak, beside the query", async () => {
    expect((await t.request("/api/v1/search?q=florists&language=xx")).status).toBe(400);
  });
});
