// The category and tag pages and the map's filters as the server renders them on /fr/: the name and description in
// French where a translation is saved, else the original marked as English; the English pages stay as they were.
import { createElement, type ComponentType } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { createI18n, type Language } from "#shared/i18n/index.ts";
import { setUpTestApp, ORIGIN } from "#tests/setup/app.ts";
import { appContextFor, renderAt, shown, translatedListings } from "#tests/setup/translated-listings.ts";
import CategoryPage, { loader as categoryLoader, meta as categoryMeta } from "#web/routes/category.tsx";
import TagPage, { loader as tagLoader } from "#web/routes/tag.tsx";

const t = setUpTestApp();

beforeAll(() => translatedListings(t));

/** A list page at `path` (/fr/category/bakeries): its loader's data and its HTML in the address's language. */
async function listPage(kind: "category" | "tag", slug: string, language: Language) {
  const pattern = kind === "category" ? "/category/:categorySlug?" : "/tag/:tagSlug?";
  const url = new URL(`${ORIGIN}${language === "fr" ? "/fr" : ""}/${kind}/${slug}`);
  const args = { context: appContextFor(t), request: new Request(url), url, pattern, params: kind === "category" ? { categorySlug: slug } : { tagSlug: slug } };
  const loaded = await (kind === "category" ? categoryLoader : tagLoader)(args as never);
  const loaderData = (loaded as unknown as { data: unknown }).data;
  const i18n = await createI18n(language, ["common", "public"]);
  const Route = (kind === "category" ? CategoryPage : TagPage) as unknown as ComponentType<{ loaderData: unknown }>;
  const document = await renderAt(() => createElement(Route, { loaderData }), url, i18n);
  const title = categoryMeta({ matches: [{ id: "root", loaderData: { language, site: { associationName: "Niche" } } }], loaderData } as never).find((tag) => "title" in tag) as { title: string };
  return { document, title: title.title, loaderData: loaderData as { slug: string } };
}


describe("a category's and a tag's pages in French", () => {
  it("shows the category's French name and description, and the businesses' French descriptions, else the English marked", async () => {
    const { document, title, loaderData } = await listPage("category", "bakeries", "fr");
    expect(shown(document, "h1")).toEqual([{ text: "Boulangeries", lang: null }]);
    expect(shown(document, "h1 + p")).toEqual([{ text: "Du pain chaque matin.", lang: null }]);
    expect(title).toBe("Boulangeries | Niche");
    // The address keeps the stored name's slug.
    expect(loaderData.slug).toBe("bakeries");
    expect(shown(document, "li.card p:last-child")).toEqual(expect.arrayContaining([{ text: "Pains au levain.", lang: null }, { text: "Dark rye.", lang: "en" }]));
  });

  it("falls back to the English description, marked lang=en, where only the name is translated", async () => {
    const { document } = await listPage("category", "florists", "fr");
    expect(shown(document, "h1")).toEqual([{ text: "Fleuristes", lang: null }]);
    expect(shown(document, "h1 + p")).toEqual([{ text: "Flowers for all.", lang: "en" }]);
  });

  it("shows a tag's French name, and an untranslated tag's English name marked lang=en", async () => {
    expect(shown((await listPage("tag", "vegan", "fr")).document, "h1")).toEqual([{ text: "Végétalien", lang: null }]);
    expect(shown((await listPage("tag", "patio", "fr")).document, "h1")).toEqual([{ text: "Patio", lang: "en" }]);
  });

  it("keeps the English page in English", async () => {
    const { document, title } = await listPage("category", "bakeries", "en");
    expect(shown(document, "h1")).toEqual([{ text: "Bakeries", lang: null }]);
    expect(shown(document, "h1 + p")).toEqual([{ text: "Bread every morning.", lang: null }]);
    expect(title).toBe("Bakeries | Niche");
    expect(shown(document, "li.card p:last-child")).toEqual(expect.arrayContaining([{ text: "Sourdough loaves.", lang: null }]));
  });
});

