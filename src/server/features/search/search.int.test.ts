import { describe, expect, it } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";
import { createBusiness, createCategory, createEvent, createOffer, createPost, createTag } from "#server/db/factories.ts";
import type { SearchResponse, SearchResult } from "#shared/schemas/search.ts";

const t = setUpTestApp();

async function search(q: string, params: Record<string, string> = {}): Promise<SearchResult[]> {
  const response = await t.request(`/api/v1/search?${new URLSearchParams({ q, ...params })}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as SearchResponse).results;
}
const titles = (results: SearchResult[]) => results.map((r) => r.title);
const suggest = (q: string) => search(q, { types: "business,category,tag", limit: "10" });

describe("search matching", () => {
  it("matches the start of words, ignoring case and accents", async () => {
    const cafe = await createBusiness(t.database.db, { name: "Café Roma", description: "Espresso and gelato." });
    await createBusiness(t.database.db, { name: "Crème Brûlée Patisserie" });

    expect(await suggest("caf")).toContainEqual(expect.objectContaining({ title: "Café Roma", type: "business", url: `/business/${cafe.id}` }));
    expect(titles(await suggest("CAFE ROMA"))).toEqual(["Café Roma"]);
    expect(titles(await suggest("café ro"))).toEqual(["Café Roma"]);
    expect(titles(await suggest("creme brulee"))).toEqual(["Crème Brûlée Patisserie"]);
    expect(titles(await suggest("CRÈME"))).toContain("Crème Brûlée Patisserie");
    // Every word must match.
    expect(await suggest("roma patisserie")).toEqual([]);
  });

  it("finds businesses by their tags, category, description and address, and the categories and tags themselves", async () => {
    const bakeries = await createCategory(t.database.db, { name: "Cafés & Bakeries" });
    const vegan = await createTag(t.database.db, { name: "Vegan" });
    const leaf = await createBusiness(t.database.db, {
      name: "Greenleaf Kitchen",
      categoryId: bakeries.id,
      tagIds: [vegan.id],
      description: "Sourdough and oat-milk lattes.",
      address: "42 Quayside Lane",
    });

    expect(titles(await search("vegan", { types: "business" }))).toEqual(["Greenleaf Kitchen"]);
    expect(titles(await search("bakeries", { types: "business" }))).toEqual(["Greenleaf Kitchen"]);
    expect(titles(await search("sourdough"))).toEqual(["Greenleaf Kitchen"]);
    expect(titles(await search("quaysi"))).toEqual(["Greenleaf Kitchen"]);

    const suggestions = await suggest("vegan");
    expect(suggestions[0]).toMatchObject({ type: "tag", title: "Vegan", url: "/tag/vegan" });
    expect(suggestions[1]).toMatchObject({ type: "business", title: "Greenleaf Kitchen", url: `/business/${leaf.id}` });
    expect(await suggest("cafés & bak")).toContainEqual(
      expect.objectContaining({ type: "category", title: "Cafés & Bakeries", url: "/category/cafes-bakeries" }),
    );
  });

  it("forgives one typo in words of 5 or more letters", async () => {
    await createBusiness(t.database.db, { name: "Lakeview Restaurant" });
    await createCategory(t.database.db, { name: "Restaurants" });

    const results = await suggest("resturant");
    expect(titles(results)).toEqual(expect.arrayContaining(["Lakeview Restaurant", "Restaurants"]));
    expect(results.find((r) => r.title === "Lakeview Restaurant")?.titleMatches).toEqual([[9, 19]]);
    expect(titles(await suggest("lakeveiw"))).toEqual(["Lakeview Restaurant"]); // two letters swapped
    expect(titles(await suggest("lakevew restaurnt"))).toEqual(["Lakeview Restaurant"]);
    // Shorter words must be typed right; so must all but one letter of a longer one.
    expect(await suggest("laek")).toEqual([]);
    expect(await suggest("rastuarant")).toEqual([]);
  });

  it("searches events, offers and posts as well", async () => {
    const bistro = await createBusiness(t.database.db, { name: "Harbourfront Bistro" });
    const event = await createEvent(t.database.db, { name: "Lantern Parade", description: "Paper lanterns along the river." });
    const offer = await createOffer(t.database.db, { businessId: bistro.id, businessName: null, type: "BOGO", description: "Two lantern-lit dinners for one" });
    const post = await createPost(t.database.db, { title: "Lantern makers wanted", content: "<p>Volunteers needed for the parade.</p>" });

    const results = await search("lantern");
    expect(results.map((r) => [r.type, r.title, r.url])).toEqual(
      expect.arrayContaining([
        ["event", "Lantern Parade", `/events#event-${event.id}`],
        ["post", "Lantern makers wanted", `/#post-${post.id}`],
        ["offer", "BOGO at Harbourfront Bistro", `/offers#offer-${offer.id}`],
      ]),
    );
    expect(results.find((r) => r.type === "post")?.snippet).toBe("Volunteers needed for the parade.");
    // Suggestions hold businesses, categories and tags only.
    expect(await suggest("lantern")).toEqual([]);
  });
});

describe("search ranking and limits", () => {
  it("ranks name matches first", async () => {
    const tag = await createTag(t.database.db, { name: "Tapas" });
    await createBusiness(t.database.db, { name: "Olive Tree", tagIds: [tag.id], description: "Tapas, tapas and more tapas." });
    await createBusiness(t.database.db, { name: "Tapas Corner" });
    await createBusiness(t.database.db, { name: "The Little Tapas Bar" });

    const ranked = titles(await suggest("tapas"));
    // Names starting with the word, then names holding it, then the rest (tag, description).
    expect(ranked.slice(0, 2).sort()).toEqual(["Tapas", "Tapas Corner"]);
    expect(ranked.slice(2)).toEqual(["The Little Tapas Bar", "Olive Tree"]);
  });

  it("suggests at most 10, and the limit can be lowered or raised to 50", async () => {
    for (let i = 1; i <= 14; i++) await createBusiness(t.database.db, { name: `Zephyr Outlet ${i}` });
    expect(await suggest("zephyr")).toHaveLength(10);
    expect(await search("zephyr")).toHaveLength(10);
    expect(await search("zephyr", { limit: "3" })).toHaveLength(3);
    expect(await search("zephyr", { limit: "50" })).toHaveLength(14);
    const tooMany = await t.request("/api/v1/search?q=zephyr&limit=51");
    expect(tooMany.status).toBe(400);
    const badType = await t.request("/api/v1/search?q=zephyr&types=business,marker");
    expect(badType.status).toBe(400);
  });

  it("searches nothing under 2 characters", async () => {
    await createBusiness(t.database.db, { name: "Q Lounge" });
    const response = await t.request("/api/v1/search?q=q");
    expect(await response.json()).toEqual({ query: "q", searched: false, results: [] });
    expect(titles(await search("q lounge"))).toEqual(["Q Lounge"]);
  });

  it("is described in the OpenAPI document", async () => {
    const document = await (await t.request("/api/v1/openapi.json")).json();
    const parameters = document.paths["/search"].get.parameters.map((p: { name: string }) => p.name);
    expect(parameters).toEqual(["q", "types", "limit", "language"]);
  });
});

describe("the index follows every change", () => {
  it("follows edits and deletes of businesses", async () => {
    const business = await createBusiness(t.database.db, { name: "Marigold Florist" });
    expect(titles(await suggest("marigold"))).toEqual(["Marigold Florist"]);

    await t.database.db.updateTable("business").set({ name: "Peony Florist", description: "Weddings and bouquets." }).where("id", "=", business.id).execute();
    expect(await suggest("marigold")).toEqual([]);
    expect(titles(await suggest("peony"))).toEqual(["Peony Florist"]);
    expect(titles(await search("bouquets"))).toEqual(["Peony Florist"]);

    await t.database.db.deleteFrom("business").where("id", "=", business.id).execute();
    expect(await suggest("peony")).toEqual([]);
  });

  it("follows tags and categories: renamed, attached, detached and deleted", async () => {
    const category = await createCategory(t.database.db, { name: "Ironmongery" });
    const tag = await createTag(t.database.db, { name: "Quokka Approved" });
    const business = await createBusiness(t.database.db, { name: "Hinge & Bracket", categoryId: category.id, tagIds: [tag.id] });
    expect(titles(await search("quokka", { types: "business" }))).toEqual(["Hinge & Bracket"]);

    await t.database.db.updateTable("tag").set({ name: "Wombat Approved" }).where("id", "=", tag.id).execute();
    expect(await search("quokka")).toEqual([]);
    expect(titles(await suggest("wombat"))).toEqual(["Wombat Approved", "Hinge & Bracket"]);
    expect((await suggest("wombat"))[0]?.url).toBe("/tag/wombat-approved");

    await t.database.db.deleteFrom("business_tag").where("businessId", "=", business.id).execute();
    expect(titles(await suggest("wombat"))).toEqual(["Wombat Approved"]);
    await t.database.db.insertInto("business_tag").values({ businessId: business.id, tagId: tag.id }).execute();
    expect(titles(await suggest("wombat"))).toEqual(["Wombat Approved", "Hinge & Bracket"]);

    await t.database.db.deleteFrom("tag").where("id", "=", tag.id).execute();
    expect(await suggest("wombat")).toEqual([]);

    await t.database.db.updateTable("category").set({ name: "Hardware Stores" }).where("id", "=", category.id).execute();
    expect(titles(await suggest("hardware"))).toEqual(["Hardware Stores", "Hinge & Bracket"]);
    expect(await suggest("ironmongery")).toEqual([]);

    await t.database.db.deleteFrom("category").where("id", "=", category.id).execute();
    expect(await suggest("hardware")).toEqual([]);
    expect(titles(await suggest("hinge"))).toEqual(["Hinge & Bracket"]);
  });

  it("follows events, offers and posts, and a business's new name in its offers", async () => {
    const business = await createBusiness(t.database.db, { name: "Juniper Cycles" });
    const offer = await createOffer(t.database.db, { businessId: business.id, type: "Free Item", description: "A free bell with every tune-up" });
    const event = await createEvent(t.database.db, { name: "Velodrome Night" });
    const post = await createPost(t.database.db, { title: "Velodrome reopens" });
    expect(titles(await search("juniper", { types: "offer" }))).toEqual(["Free Item at Juniper Cycles"]);

    await t.database.db.updateTable("business").set({ name: "Tamarack Cycles" }).where("id", "=", business.id).execute();
    expect(titles(await search("tamarack", { types: "offer" }))).toEqual(["Free Item at Tamarack Cycles"]);
    await t.database.db.updateTable("offer").set({ description: "A free pump with every tune-up" }).where("id", "=", offer.id).execute();
    expect(titles(await search("pump"))).toEqual(["Free Item at Tamarack Cycles"]);
    await t.database.db.deleteFrom("offer").where("id", "=", offer.id).execute();
    expect(await search("pump")).toEqual([]);

    await t.database.db.updateTable("event").set({ name: "Criterium Night" }).where("id", "=", event.id).execute();
    expect(titles(await search("velodrome"))).toEqual(["Velodrome reopens"]);
    await t.database.db.deleteFrom("post").where("id", "=", post.id).execute();
    await t.database.db.deleteFrom("event").where("id", "=", event.id).execute();
    expect(await search("velodrome")).toEqual([]);
    expect(await search("criterium")).toEqual([]);
  });
});
