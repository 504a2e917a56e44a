// The Markers, Categories and Tags writes over HTTP: the spec's rules and messages, what follows from
// each change (offers' business name, logo files, category and tag links, the search index).
import { describe, expect, it } from "vitest";
import { createBusiness, createCategory, createOffer, createTag } from "#server/db/factories.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const cafes = setUp(() => createCategory(t.database.db, { name: "Cafés and Bakeries" }));

const send = (method: string, path: string, json?: unknown) => t.request(path, { method, json, cookie: admin.cookie });
const body = async (response: Response) => (await response.json()) as Record<string, unknown> & { error: { message: string; fields?: Record<string, string> } };

function marker(overrides: Record<string, unknown> = {}) {
  return { name: "Lock Street Roasters", categoryId: cafes.id, description: "Small-batch coffee.", address: "12 Lock St", website: "https://roasters.example", phone: "905-555-0101", lat: 43.1234567, lng: -79.0712345, tags: [], ...overrides };
}

async function logoUpload(name: string) {
  return t.services.files.upload({ user: admin.user, kind: "logo", fileName: "logo.png", name, bytes: await makeImage("png", 300, 200) });
}

describe("businesses", () => {
  it("requires name, latitude, longitude and category with the spec's message", async () => {
    for (const missing of ["name", "lat", "lng", "categoryId"]) {
      const response = await send("POST", "/api/v1/businesses", { ...marker(), [missing]: undefined });
      expect(response.status, missing).toBe(400);
      expect((await body(response)).error.fields?.[missing]).toBe("Name, Latitude, Longitude, and Category are required.");
    }
    const blank = await send("POST", "/api/v1/businesses", marker({ name: "   " }));
    expect((await body(blank)).error.fields?.name).toBe("Name, Latitude, Longitude, and Category are required.");
  });

  it("refuses a website that is not a URL, a category or tag that does not exist", async () => {
    const website = await send("POST", "/api/v1/businesses", marker({ website: "roasters dot com" }));
    expect(website.status).toBe(400);
    expect((await body(website)).error.fields?.website).toBe("Website must be a web address starting with http:// or https://.");
    const category = await send("POST", "/api/v1/businesses", marker({ categoryId: "nope" }));
    expect(category.status).toBe(400);
    expect((await body(category)).error.message).toBe("The chosen category no longer exists. Please choose another.");
    const tags = await send("POST", "/api/v1/businesses", marker({ tags: ["nope"] }));
    expect(tags.status).toBe(400);
  });

  it("adds a business with any decimals, its tags and logo, and the public API and search show it", async () => {
    const tag = await createTag(t.database.db, { name: "Fair Trade" });
    const logo = await logoUpload("Lantern Books");
    const response = await send("POST", "/api/v1/businesses", marker({ name: "Lantern Books", lat: 43.10987654321, lng: -79.06, tags: [tag.id], logoPath: logo.fullPath }));
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; logoUrl: string };
    expect(created.logoUrl).toBe(logo.url);

    const publicView = (await (await t.request(`/api/v1/businesses/${created.id}`)).json()) as Record<string, unknown>;
    expect(publicView).toMatchObject({ name: "Lantern Books", category: "Cafés and Bakeries", coordinates: { lat: 43.10987654321, lng: -79.06 }, tags: [tag.id] });

    const search = (await (await t.request(`/api/v1/search?q=${encodeURIComponent("Lantern Books")}`)).json()) as unknown;
    expect(JSON.stringify(search)).toContain(created.id);
  });

  it("renaming a business renames it on its offers; a new logo deletes the old file", async () => {
    const business = await createBusiness(t.database.db, { name: "Old Mill Pub", categoryId: cafes.id });
    const offer = await createOffer(t.database.db, { businessId: business.id, businessName: "Old Mill Pub" });
    const first = await logoUpload("Old Mill Pub");
    expect((await send("PUT", `/api/v1/businesses/${business.id}`, marker({ name: "Old Mill Pub", logoPath: first.fullPath }))).status).toBe(200);
    const second = await logoUpload("Old Mill Tavern");
    const response = await send("PUT", `/api/v1/businesses/${business.id}`, marker({ name: "Old Mill Tavern", logoPath: second.fullPath }));
    expect(response.status).toBe(200);
    expect((await response.json()) as object).toMatchObject({ name: "Old Mill Tavern", logoUrl: second.url });

    const offers = (await (await t.request(`/api/v1/businesses/${business.id}/offers`)).json()) as Array<{ id: string; businessName: string }>;
    expect(offers.find((o) => o.id === offer.id)?.businessName).toBe("Old Mill Tavern");
    expect((await t.request(first.url)).status).toBe(404);
    expect((await t.request(second.url)).status).toBe(200);

    // Left out, the logo stays; null removes it (and its file).
    expect((await body(await send("PUT", `/api/v1/businesses/${business.id}`, marker({ name: "Old Mill Tavern" })))).logoUrl).toBe(second.url);
    expect((await body(await send("PUT", `/api/v1/businesses/${business.id}`, marker({ name: "Old Mill Tavern", logoPath: null })))).logoUrl).toBeNull();
    expect((await t.request(second.url)).status).toBe(404);
  });

  it("deleting a business deletes its logo file and its offers", async () => {
    const logo = await logoUpload("Closing Soon");
    const created = (await (await send("POST", "/api/v1/businesses", marker({ name: "Closing Soon", logoPath: logo.fullPath }))).json()) as { id: string };
    await createOffer(t.database.db, { businessId: created.id, businessName: "Closing Soon" });
    expect((await send("DELETE", `/api/v1/businesses/${created.id}`)).status).toBe(204);
    expect((await t.request(`/api/v1/businesses/${created.id}`)).status).toBe(404);
    expect((await t.request(logo.url)).status).toBe(404);
    expect((await send("DELETE", `/api/v1/businesses/${created.id}`)).status).toBe(404);
  });

  it("lists a page at a time, by name, filtered by a name fragment", async () => {
    for (const name of ["Zeta Page Test 1", "Zeta Page Test 2", "Zeta Page Test 3"]) await createBusiness(t.database.db, { name, categoryId: cafes.id });
    const first = (await body(await send("GET", "/api/v1/admin/businesses?q=zeta%20page&page=1&pageSize=2"))) as unknown as { items: Array<{ name: string }>; total: number };
    expect(first.total).toBe(3);
    expect(first.items.map((b) => b.name)).toEqual(["Zeta Page Test 1", "Zeta Page Test 2"]);
    const second = (await body(await send("GET", "/api/v1/admin/businesses?q=zeta%20page&page=2&pageSize=2"))) as unknown as { items: Array<{ name: string }> };
    expect(second.items.map((b) => b.name)).toEqual(["Zeta Page Test 3"]);
    const literal = (await body(await send("GET", "/api/v1/admin/businesses?q=%25"))) as unknown as { total: number };
    expect(literal.total).toBe(0);
  });

  it("finds a name ignoring case, accents and punctuation", async () => {
    await createBusiness(t.database.db, { name: "Émile's Fine Cheese", categoryId: cafes.id });
    for (const q of ["Émile's", "émile", "EMILE", "emile\u2019s fine", "emile s", "fine cheese"]) {
      const found = (await body(await send("GET", `/api/v1/admin/businesses?q=${encodeURIComponent(q)}`))) as unknown as { items: Array<{ name: string }> };
      expect(found.items.map((b) => b.name), q).toEqual(["Émile's Fine Cheese"]);
    }
    const other = (await body(await send("GET", "/api/v1/admin/businesses?q=emilie"))) as unknown as { total: number };
    expect(other.total).toBe(0);
  });
});

describe("categories", () => {
  it("requires a name, defaults the colour to #ffffff, refuses a duplicate in any case", async () => {
    const blank = await send("POST", "/api/v1/categories", { name: "  " });
    expect(blank.status).toBe(400);
    expect((await body(blank)).error.fields?.name).toBe("Category name is required.");
    const created = await send("POST", "/api/v1/categories", { name: "  Galleries " });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: "Galleries", color: "#ffffff" });
    const duplicate = await send("POST", "/api/v1/categories", { name: "GALLERIES", color: "#123456" });
    expect(duplicate.status).toBe(409);
    expect((await body(duplicate)).error.message).toBe('Category "GALLERIES" already exists.');
    expect((await send("POST", "/api/v1/categories", { name: "Bad colour", color: "red" })).status).toBe(400);
  });

  it("renaming keeps its businesses in it; deleting keeps them without a category", async () => {
    const category = await createCategory(t.database.db, { name: "Outfitters" });
    const business = await createBusiness(t.database.db, { name: "Trail Gear", categoryId: category.id });
    const renamed = await send("PUT", `/api/v1/categories/${category.id}`, { name: "Outdoor Outfitters", color: "#00AA00" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: "Outdoor Outfitters", color: "#00aa00" });
    expect(await (await t.request(`/api/v1/businesses/${business.id}`)).json()).toMatchObject({ category: "Outdoor Outfitters", categoryColor: "#00aa00" });

    expect((await send("DELETE", `/api/v1/categories/${category.id}`)).status).toBe(204);
    expect(await (await t.request(`/api/v1/businesses/${business.id}`)).json()).toMatchObject({ name: "Trail Gear", category: null });
  });

  it("serves the plain GET /api/getCategories and POST /api/addCategory", async () => {
    const missing = await send("POST", "/api/addCategory", { name: "Museums", description: "", hex_color: "#336699" });
    expect(missing.status).toBe(400);
    expect((await body(missing)).error.message).toBe("Please fill in all fields.");
    expect((await body(await send("POST", "/api/addCategory", {}))).error.message).toBe("Please fill in all fields.");
    const notJson = await t.request("/api/addCategory", { method: "POST", cookie: admin.cookie, headers: { "Content-Type": "text/plain" }, body: "name=x" });
    expect(notJson.status).toBe(400);
    const broken = await t.request("/api/addCategory", { method: "POST", cookie: admin.cookie, headers: { "Content-Type": "application/json" }, body: "{" });
    expect(broken.status).toBe(400);
    expect((await send("POST", "/api/addCategory", { name: "Museums", description: "History", hex_color: "blue" })).status).toBe(400);

    const added = await send("POST", "/api/addCategory", { name: "Museums", description: "Local history", hex_color: "#336699" });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ name: "Museums", description: "Local history", hex_color: "#336699" });
    const list = (await (await t.request("/api/getCategories")).json()) as Array<Record<string, unknown>>;
    expect(list.find((c) => c.name === "Museums")).toEqual({ id: expect.any(String), name: "Museums", description: "Local history", hex_color: "#336699" });
    expect(list.map((c) => c.name)).toEqual([...list.map((c) => c.name as string)].sort());
  });
});

describe("tags", () => {
  it("trims and requires a name, and refuses a duplicate ignoring case with the spec's message", async () => {
    expect((await body(await send("POST", "/api/v1/tags", { name: " " }))).error.fields?.name).toBe("Tag name is required.");
    const created = await send("POST", "/api/v1/tags", { name: "  Patio " });
    expect(created.status).toBe(201);
    const tag = (await created.json()) as { id: string; name: string };
    expect(tag.name).toBe("Patio");
    const duplicate = await send("POST", "/api/v1/tags", { name: "patio" });
    expect(duplicate.status).toBe(409);
    expect((await body(duplicate)).error.message).toBe('Tag "patio" already exists.');
  });

  it("renames and deletes a tag; businesses lose a deleted tag", async () => {
    const tag = await createTag(t.database.db, { name: "Dog Friendly" });
    const business = await createBusiness(t.database.db, { name: "Paws Café", categoryId: cafes.id, tagIds: [tag.id] });
    expect(await (await send("PUT", `/api/v1/tags/${tag.id}`, { name: "Dog-Friendly" })).json()).toMatchObject({ name: "Dog-Friendly" });
    expect((await send("DELETE", `/api/v1/tags/${tag.id}`)).status).toBe(204);
    expect(await (await t.request(`/api/v1/businesses/${business.id}`)).json()).toMatchObject({ tags: [] });
    expect((await send("DELETE", `/api/v1/tags/${tag.id}`)).status).toBe(404);
  });
});

it("records every change in the audit log", async () => {
  const log = (await (await send("GET", "/api/v1/audit-log?pageSize=200")).json()) as { items: Array<{ entityType: string; action: string; summary: string }> };
  const seen = new Set(log.items.map((e) => `${e.entityType}:${e.action}`));
  for (const entry of ["business:create", "business:update", "business:delete", "category:create", "category:update", "category:delete", "tag:create", "tag:update", "tag:delete"]) {
    expect(seen, entry).toContain(entry);
  }
  expect(log.items.some((e) => e.summary === "Old Mill Pub → Old Mill Tavern")).toBe(true);
});
