// The read API of the public site (spec section 7), over HTTP on a real database.
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";
import { createBusiness, createCategory, createEvent, createOffer, createPost, createTag } from "#server/db/factories.ts";

const t = setUpTestApp();

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const json = async (path: string) => {
  const response = await t.request(path);
  expect(response.status, path).toBe(200);
  return response.json();
};

describe("public read API", () => {
  it("lists posts newest first by datetime, with a limit", async () => {
    await createPost(t.database.db, { title: "Older", datetime: at(-5) });
    await createPost(t.database.db, { title: "Newest", datetime: at(-1) });
    await createPost(t.database.db, { title: "Middle", datetime: at(-3) });
    const posts = await json("/api/v1/posts?limit=2");
    expect(posts.map((p: { title: string }) => p.title)).toEqual(["Newest", "Middle"]);
    expect((await t.request("/api/v1/posts?limit=0")).status).toBe(400);
  });

  it("lists upcoming events soonest first and past events newest first", async () => {
    await createEvent(t.database.db, { name: "In a week", eventDate: at(7) });
    await createEvent(t.database.db, { name: "Tomorrow", eventDate: at(1) });
    await createEvent(t.database.db, { name: "Yesterday", eventDate: at(-1) });
    await createEvent(t.database.db, { name: "Last month", eventDate: at(-30) });
    const upcoming = (await json("/api/v1/events")).map((e: { name: string }) => e.name);
    expect(upcoming.indexOf("Tomorrow")).toBeLessThan(upcoming.indexOf("In a week"));
    expect(upcoming).not.toContain("Yesterday");
    const past = (await json("/api/v1/events?when=past")).map((e: { name: string }) => e.name);
    expect(past.indexOf("Yesterday")).toBeLessThan(past.indexOf("Last month"));
    expect(past).not.toContain("Tomorrow");
    expect(await json("/api/v1/events?limit=1")).toHaveLength(1);
  });

  it("filters businesses by tag and by category, ordered by name, and serves one business with its events and offers", async () => {
    const food = await createCategory(t.database.db, { name: "Food Places" });
    const vegan = await createTag(t.database.db, { name: "Vegan Options" });
    const patio = await createTag(t.database.db, { name: "Has Patio" });
    const zed = await createBusiness(t.database.db, { name: "Zed's", categoryId: food.id, tagIds: [vegan.id] });
    const abe = await createBusiness(t.database.db, { name: "Abe's", categoryId: food.id, tagIds: [vegan.id, patio.id] });
    await createBusiness(t.database.db, { name: "Other", tagIds: [patio.id] });

    const tagged = await json(`/api/v1/businesses?tagId=${vegan.id}`);
    expect(tagged.map((b: { name: string }) => b.name)).toEqual(["Abe's", "Zed's"]);
    expect(tagged[0].tags.sort()).toEqual([vegan.id, patio.id].sort());
    const inCategory = await json(`/api/v1/businesses?categoryId=${food.id}`);
    expect(inCategory.map((b: { name: string }) => b.name)).toEqual(["Abe's", "Zed's"]);
    expect(inCategory[0]).toMatchObject({ category: "Food Places", categoryColor: food.color, coordinates: { lat: abe.lat, lng: abe.lng } });

    const one = await json(`/api/v1/businesses/${zed.id}`);
    expect(one).toMatchObject({ id: zed.id, name: "Zed's", category: "Food Places", address: zed.address, phone: zed.phone });

    await createEvent(t.database.db, { name: "Old", location: zed.id, eventDate: at(-10) });
    await createEvent(t.database.db, { name: "New", location: zed.id, eventDate: at(10) });
    const events = await json(`/api/v1/businesses/${zed.id}/events`);
    expect(events.map((e: { name: string }) => e.name)).toEqual(["New", "Old"]);

    await createOffer(t.database.db, { businessId: zed.id, businessName: "Zed's", description: "first", createdAt: at(-2) });
    await createOffer(t.database.db, { businessId: zed.id, businessName: "Zed's", description: "second", createdAt: at(-1) });
    const offers = await json(`/api/v1/businesses/${zed.id}/offers`);
    expect(offers.map((o: { description: string }) => o.description)).toEqual(["second", "first"]);

    const missing = await t.request("/api/v1/businesses/nosuchbusiness000000");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe("Business not found.");
  });

  it("lists offers newest first", async () => {
    await createOffer(t.database.db, { description: "Older offer", createdAt: at(-9) });
    await createOffer(t.database.db, { description: "Newer offer", createdAt: at(-8) });
    const offers = (await json("/api/v1/offers")).map((o: { description: string }) => o.description);
    expect(offers.indexOf("Newer offer")).toBeLessThan(offers.indexOf("Older offer"));
  });

  it("orders businesses, categories, tags and the map's list by name as a reader does: case, accents and punctuation aside", async () => {
    const order = ["apple Annex", "Bakery on Queen", "(Closed) Cider House", "Émile's Cheese", "the Mill", "Zoo Café"];
    const mixed = [order[5]!, order[3]!, order[0]!, order[2]!, order[4]!, order[1]!];
    const category = await createCategory(t.database.db, { name: "Reader Order" });
    for (const name of mixed) {
      await createBusiness(t.database.db, { name, categoryId: category.id });
      await createCategory(t.database.db, { name: `${name} (category)` });
      await createTag(t.database.db, { name: `${name} (tag)` });
    }
    const listed = (await json(`/api/v1/businesses?categoryId=${category.id}`)).map((b: { name: string }) => b.name);
    expect(listed).toEqual(order);

    const ours = (names: string[], suffix: string) => names.filter((name) => name.endsWith(suffix)).map((name) => name.slice(0, -suffix.length));
    const categories = (await json("/api/v1/categories")).map((c: { name: string }) => c.name);
    expect(ours(categories, " (category)")).toEqual(order);
    const tags = (await json("/api/v1/tags")).map((c: { name: string }) => c.name);
    expect(ours(tags, " (tag)")).toEqual(order);
    // The map's list, in the order the server sends it.
    const features = (await json("/api/v1/geo/businesses")).features as Array<{ properties: { name: string; categoryId: string } }>;
    expect(features.filter((f) => f.properties.categoryId === category.id).map((f) => f.properties.name)).toEqual(order);
  });

  it("documents every read in the OpenAPI document", async () => {
    const doc = await json("/api/v1/openapi.json");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/posts",
        "/events",
        "/events/{id}",
        "/offers",
        "/businesses",
        "/businesses/{id}",
        "/businesses/{id}/events",
        "/businesses/{id}/offers",
        "/categories",
        "/tags",
      ]),
    );
  });
});
