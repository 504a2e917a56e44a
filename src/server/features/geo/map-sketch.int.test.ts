import { describe, expect, it } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";
import { createBusiness, createCategory, createTag } from "#server/db/factories.ts";

const t = setUpTestApp();
const all = { categoryId: null, tagIds: [] };

describe("the map page's first view (MapDataService.sketch)", () => {
  it("shows the businesses of the page's category or tags, and follows every change of content", async () => {
    const db = t.database.db;
    // No sketch before the map's first read of every business (decision 0064).
    expect(await t.services.mapData.sketch(all)).toBeUndefined();

    const cafes = await createCategory(db, { name: "Cafés", color: "#a47148" });
    const shops = await createCategory(db, { name: "Shops", color: "#2e86ab" });
    const patio = await createTag(db, { name: "Patio" });
    await createBusiness(db, { name: "Bean", lat: 43.108, lng: -79.072, categoryId: cafes.id, tagIds: [patio.id] });
    await createBusiness(db, { name: "Brew", lat: 43.101, lng: -79.061, categoryId: cafes.id });
    await createBusiness(db, { name: "Books", lat: 43.104, lng: -79.066, categoryId: shops.id, tagIds: [patio.id] });

    // The map's index built, as a server builds it when it starts: until then, the page has no sketch (decision 0064).
    await t.services.mapClusters.warm();
    const first = await t.services.mapData.sketch(all);
    expect(first?.total).toBe(3);
    // Colours by category, in the order of the first business of each (the map's order: by name).
    expect(first?.colors).toEqual(["#a47148", "#2e86ab"]);
    // Asked again with nothing changed: the same sketch, not made again.
    expect(await t.services.mapData.sketch(all)).toBe(first);
    expect((await t.services.mapData.sketch({ categoryId: cafes.id, tagIds: [] }))?.total).toBe(2);
    expect((await t.services.mapData.sketch({ categoryId: null, tagIds: [patio.id] }))?.total).toBe(2);
    // One business alone is framed by a point: no sketch.
    expect(await t.services.mapData.sketch({ categoryId: shops.id, tagIds: [] })).toBeNull();

    // A new business, and a category's new colour, show at once.
    await createBusiness(db, { name: "Bagels", lat: 43.106, lng: -79.069, categoryId: shops.id });
    expect((await t.services.mapData.sketch(all))?.total).toBe(4);
    expect((await t.services.mapData.sketch({ categoryId: shops.id, tagIds: [] }))?.total).toBe(2);
    await db.updateTable("category").set({ color: "#123456" }).where("id", "=", cafes.id).execute();
    expect((await t.services.mapData.sketch(all))?.colors).toEqual(["#2e86ab", "#123456"]);
  });
});
