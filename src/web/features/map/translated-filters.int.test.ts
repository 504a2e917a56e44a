// The map's category and tag filters on /fr/map: the French names where a translation is saved, else the original
// marked as English; the address's filters keep reading the stored names.
import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "#shared/i18n/index.ts";
import { setUpTestApp, ORIGIN } from "#tests/setup/app.ts";
import { appContextFor, renderAt, shown, translatedListings } from "#tests/setup/translated-listings.ts";
import { loader as mapLoader } from "#web/routes/map.tsx";
import { CategoryFilters } from "./category-filters.tsx";

const t = setUpTestApp();

beforeAll(() => translatedListings(t));

describe("the map's filters in French", () => {
  async function mapData(prefix: string) {
    const url = new URL(`${ORIGIN}${prefix}/map?category=Bakeries`);
    return (await mapLoader({ context: appContextFor(t), request: new Request(url), url, pattern: "/map", params: {} } as never)) as {
      categories: { ok: true; data: Array<{ name: string; label?: string; lang?: string }> };
      tags: { ok: true; data: Array<{ name: string; label?: string; lang?: string }> };
      filters: { categoryId: string | null };
    };
  }

  it("names the categories and tags in French, else in English marked, and reads the address's stored names", async () => {
    const data = await mapData("/fr");
    expect(data.categories.data.find((c) => c.name === "Bakeries")).toMatchObject({ label: "Boulangeries" });
    expect(data.categories.data.find((c) => c.name === "Bakeries")?.lang).toBeUndefined();
    expect(data.tags.data.find((tag) => tag.name === "Vegan")).toMatchObject({ label: "Végétalien" });
    expect(data.tags.data.find((tag) => tag.name === "Patio")).toMatchObject({ label: "Patio", lang: "en" });
    expect(data.filters.categoryId).not.toBeNull();
    const i18n = await createI18n("fr", ["common", "public"]);
    const filters = () => createElement(CategoryFilters, { categories: data.categories.data, filters: data.filters, onPick: () => {}, total: 2, openCounts: null, paramsFor: () => new URLSearchParams() } as never);
    const document = await renderAt(filters, new URL(`${ORIGIN}/fr/map`), i18n);
    expect(shown(document, "button")).toContainEqual({ text: "Boulangeries (2)", lang: null });
  });

  it("leaves the English map's names as stored", async () => {
    const data = await mapData("");
    expect(data.categories.data.find((c) => c.name === "Bakeries")?.label).toBeUndefined();
  });
});
