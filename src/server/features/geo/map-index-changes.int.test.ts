// The map's index brought up to date from the businesses written since it was read (decision 0050): after an update,
// an insert, a delete, and a write through a second instance on the same database, the next view shows exactly what an
// index read whole shows; a write that changes nothing on the map reads neither every business nor the list's order.
import Supercluster from "supercluster";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, setUpTestApp, type SignedIn, type TestApp } from "#tests/setup/app.ts";
import { createBusiness, createCategory, createTag } from "#server/db/factories.ts";
import { MAP_CLUSTER } from "#shared/constants.ts";
import type { Database } from "#server/db/database.ts";
import type { TestDatabase } from "#tests/setup/database.ts";
import { MapClusterService, type ViewFilters } from "./map-cluster.service.ts";
import { MapDataRepository } from "./map-data.repository.ts";

const ENV = { MAP_STYLE_URL: "offline" };
const t = setUpTestApp({ env: ENV });
const TOWN = [-79.2, 43.0, -78.9, 43.3] as const;
const STREETS = [-79.06, 43.1, -79.04, 43.115] as const;

let other: TestApp;
let admin: SignedIn;
let bakeries: string;
let books: string;
let patio: string;
const every: ViewFilters = { categoryId: null, tagIds: [], openNow: false, attributes: [] };
let views: Array<{ name: string; filters: ViewFilters; query: string }>;
const opened: Database[] = [];
/** Another connection to the file's database, as a second instance has. */
const reopen = () => (t.database as TestDatabase).reopen();
/** The full reads' own repositories, whose reads the counts below leave out. */
const references = new Set<MapDataRepository>();

beforeAll(async () => {
  other = await createTestApp({ database: reopen(), env: ENV });
  admin = await t.signIn("admin");
  bakeries = (await createCategory(t.database.db, { name: "Delta Bakeries" })).id;
  books = (await createCategory(t.database.db, { name: "Delta Books" })).id;
  patio = (await createTag(t.database.db, { name: "Delta Patio" })).id;
  for (let i = 0; i < 40; i++) {
    const business = await createBusiness(t.database.db, { name: `Delta ${String(i).padStart(2, "0")}`, categoryId: i % 3 ? bakeries : books, lat: 43.1 + (i % 8) * 0.002, lng: -79.05 + Math.floor(i / 8) * 0.002 });
    if (i % 4 === 0) await t.database.db.insertInto("business_tag").values({ businessId: business.id, tagId: patio }).execute();
  }
  views = [
    { name: "every business", filters: every, query: "" },
    { name: "a category", filters: { ...every, categoryId: books }, query: `&categoryId=${books}` },
    { name: "a tag", filters: { ...every, tagIds: [patio] }, query: `&tagIds=${patio}` },
  ];
});

afterAll(async () => {
  await other?.close();
  await Promise.all(opened.map((database) => database.close()));
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** What an index read whole shows now: a service of its own on its own connection, which has read nothing before, its index built. */
async function fullRead() {
  const database = reopen();
  opened.push(database);
  const repository = new MapDataRepository(database.db);
  references.add(repository);
  const service = new MapClusterService(repository, () => t.services.siteSettings.get(), () => database.contentVersion());
  // Built before it is asked (views before its first index are answered from the database: decision 0064).
  await service.warm();
  return service;
}

/** How many times the app's map (not a full read made to compare with) called the repository's method. */
function callsOf(method: "getIndexRows" | "getOrder") {
  const spy = vi.spyOn(MapDataRepository.prototype, method);
  return () => spy.mock.contexts.filter((repository) => !references.has(repository as MapDataRepository)).length;
}

async function api(app: TestApp, path: string) {
  const response = await app.request(path);
  expect(response.status).toBe(200);
  return response.json();
}

/**
 * Every view (the town and a few streets, clusters and the list) through the app's API, beside what a full read shows,
 * once the indexes answered from with corrections since a write (decision 0052) are built whole.
 */
async function expectLikeFullRead(app: TestApp) {
  for (const { query } of views) await api(app, `/api/v1/geo/clusters?bbox=${TOWN.join(",")}&zoom=12${query}`);
  await app.services.mapClusters.rebuilt();
  const reference = await fullRead();
  for (const { name, filters, query } of views) {
    for (const [bbox, zoom] of [
      [TOWN, 12],
      [STREETS, 16],
    ] as const) {
      expect(await api(app, `/api/v1/geo/clusters?bbox=${bbox.join(",")}&zoom=${zoom}${query}`), `${name} at ${zoom}`).toEqual(JSON.parse(JSON.stringify(await reference.clusters(bbox, zoom, filters))));
      expect(await api(app, `/api/v1/geo/in-view?bbox=${bbox.join(",")}&limit=100${query}`), `${name}'s list at ${zoom}`).toEqual(JSON.parse(JSON.stringify(await reference.listed(bbox, filters, 0, 100))));
    }
  }
}

interface View {
  total: number;
  clusters: Array<{ count: number }>;
  businesses: Array<{ id: string; name: string; lat: number; lng: number }>;
}

/**
 * The views right after a write, before the index is built whole again (decision 0052): answered without building one
 * on the request's path, each business shown once where it is now, and the clusters' counts adding up to the total.
 */
async function expectRightAtOnce(app: TestApp) {
  const loads = vi.spyOn(Supercluster.prototype, "load");
  // Not the builds of the full reads made before to compare with.
  loads.mockClear();
  const seen: Array<{ query: string; filters: ViewFilters; zoom12: View; zoom17: View; list: View }> = [];
  for (const { query, filters } of views) {
    const zoom12 = (await api(app, `/api/v1/geo/clusters?bbox=${TOWN.join(",")}&zoom=12${query}`)) as View;
    const zoom17 = (await api(app, `/api/v1/geo/clusters?bbox=${TOWN.join(",")}&zoom=17${query}`)) as View;
    const list = (await api(app, `/api/v1/geo/in-view?bbox=${TOWN.join(",")}&limit=200${query}`)) as View;
    seen.push({ query, filters, zoom12, zoom17, list });
  }
  expect(loads).not.toHaveBeenCalled();
  const reference = await fullRead();
  const placed = (view: View) => view.businesses.map(({ id, lat, lng }) => ({ id, lat, lng })).sort((a, b) => a.id.localeCompare(b.id));
  for (const { query, filters, zoom12, zoom17, list } of seen) {
    const exact = await reference.clusters(TOWN, 17, filters);
    expect(zoom12.total, query).toBe(exact.total);
    expect(zoom12.clusters.reduce((sum, cluster) => sum + cluster.count, 0) + zoom12.businesses.length, query).toBe(exact.total);
    expect(zoom17.clusters, query).toEqual([]);
    expect(placed(zoom17), query).toEqual(placed(exact));
    expect(list, query).toEqual(JSON.parse(JSON.stringify(await reference.listed(TOWN, filters, 0, 200))));
  }
}

describe("the map's next view after a write, before its index is built whole again", () => {
  it("shows a business moved, added, removed and renamed once, where it is, on this instance and another", async () => {
    await expectLikeFullRead(t);
    await expectLikeFullRead(other);
    const moved = await t.database.db.selectFrom("business").select("id").where("name", "=", "Delta 30").executeTakeFirstOrThrow();
    await t.database.db.updateTable("business").set({ lat: 43.125, lng: -79.03 }).where("id", "=", moved.id).execute();
    await expectRightAtOnce(t);
    const added = await createBusiness(t.database.db, { name: "Delta Newcomer", categoryId: books, lat: 43.1015, lng: -79.0485 });
    await t.database.db.insertInto("business_tag").values({ businessId: added.id, tagId: patio }).execute();
    await expectRightAtOnce(t);
    const gone = await t.database.db.selectFrom("business").select("id").where("name", "=", "Delta 31").executeTakeFirstOrThrow();
    expect((await t.request(`/api/v1/businesses/${gone.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    await expectRightAtOnce(t);
    await t.database.db.updateTable("business").set({ name: "Delta Renamed" }).where("name", "=", "Delta 32").execute();
    await expectRightAtOnce(t);
    // The other instance saw none of these yet: its next view catches up on all four at once.
    await expectRightAtOnce(other);
    const otherAdmin = await other.signIn("admin");
    const body = { name: "Delta Thirty-Three", categoryId: bakeries, description: "Across the road.", lat: 43.119, lng: -79.047, tags: [] };
    const written = await t.database.db.selectFrom("business").select("id").where("name", "=", "Delta 33").executeTakeFirstOrThrow();
    expect((await other.request(`/api/v1/businesses/${written.id}`, { method: "PUT", cookie: otherAdmin.cookie, json: body })).status).toBe(200);
    await expectRightAtOnce(t);
    await expectLikeFullRead(t);
    await expectLikeFullRead(other);
  });
});

describe("the map's index after a write", () => {
  it("shows a business renamed, moved, refiled and retagged where a full read shows it, without reading every business", async () => {
    await expectLikeFullRead(t);
    const full = callsOf("getIndexRows");
    const moved = await t.database.db.selectFrom("business").select("id").where("name", "=", "Delta 05").executeTakeFirstOrThrow();
    await t.database.db.updateTable("business").set({ name: "A Delta First", lat: 43.111, lng: -79.049, categoryId: books }).where("id", "=", moved.id).execute();
    await t.database.db.insertInto("business_tag").values({ businessId: moved.id, tagId: patio }).execute();
    await expectLikeFullRead(t);
    expect(full()).toBe(0);
    const town = (await api(t, `/api/v1/geo/in-view?bbox=${TOWN.join(",")}&limit=1&categoryId=${books}`)) as { businesses: Array<{ name: string }> };
    expect(town.businesses.map((b) => b.name)).toEqual(["A Delta First"]);
  });

  it("shows a business added and one deleted through the app", async () => {
    await expectLikeFullRead(t);
    const added = await createBusiness(t.database.db, { name: "Delta Added", categoryId: books, lat: 43.105, lng: -79.045 });
    await t.database.db.insertInto("business_tag").values({ businessId: added.id, tagId: patio }).execute();
    await expectLikeFullRead(t);
    const gone = await t.database.db.selectFrom("business").select("id").where("name", "=", "Delta 08").executeTakeFirstOrThrow();
    expect((await t.request(`/api/v1/businesses/${gone.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    await expectLikeFullRead(t);
    const list = (await api(t, `/api/v1/geo/in-view?bbox=${TOWN.join(",")}&limit=100`)) as { total: number; businesses: Array<{ name: string }> };
    expect(list.businesses.map((b) => b.name)).toContain("Delta Added");
    expect(list.businesses.map((b) => b.name)).not.toContain("Delta 08");
  });

  it("shows on one instance what another wrote on the same database", async () => {
    await expectLikeFullRead(t);
    await expectLikeFullRead(other);
    const otherAdmin = await other.signIn("admin");
    const changed = await t.database.db.selectFrom("business").select("id").where("name", "=", "Delta 13").executeTakeFirstOrThrow();
    const body = { name: "Delta Thirteen", categoryId: books, description: "Moved up the street.", lat: 43.113, lng: -79.041, tags: [patio] };
    expect((await other.request(`/api/v1/businesses/${changed.id}`, { method: "PUT", cookie: otherAdmin.cookie, json: body })).status).toBe(200);
    const created = await other.request("/api/v1/businesses", { method: "POST", cookie: otherAdmin.cookie, json: { ...body, name: "Delta From Elsewhere", lat: 43.112 } });
    expect(created.status).toBe(201);
    await expectLikeFullRead(t);
    await expectLikeFullRead(other);
    const names = ((await api(t, `/api/v1/geo/in-view?bbox=${TOWN.join(",")}&limit=100&categoryId=${books}`)) as { businesses: Array<{ name: string }> }).businesses.map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(["Delta Thirteen", "Delta From Elsewhere"]));
  });

  it("keeps its index when a write changes nothing the map places or filters by", async () => {
    await expectLikeFullRead(t);
    const full = callsOf("getIndexRows");
    const order = callsOf("getOrder");
    await t.database.db.updateTable("business").set({ description: "Open late on Fridays" }).where("name", "=", "Delta 20").execute();
    await createTag(t.database.db, { name: "Delta Unused" });
    const listed = (await api(t, `/api/v1/geo/in-view?bbox=${TOWN.join(",")}&limit=100`)) as { businesses: Array<{ name: string; description: string }> };
    expect(listed.businesses).toContainEqual(expect.objectContaining({ name: "Delta 20", description: "Open late on Fridays" }));
    await expectLikeFullRead(t);
    expect(full()).toBe(0);
    expect(order()).toBe(0);
  });

  it("is read whole again when more businesses were written than are worth reading one by one", async () => {
    await expectLikeFullRead(t);
    const full = callsOf("getIndexRows");
    vi.spyOn(MapDataRepository.prototype, "changesSince").mockResolvedValueOnce(null);
    await createBusiness(t.database.db, { name: "Delta Imported", categoryId: bakeries, lat: 43.104, lng: -79.043 });
    await expectLikeFullRead(t);
    expect(full()).toBe(1);
  });

  it("is built whole by a later view when building it whole once failed", async () => {
    // A service of its own, whose content version the test moves, so that no write through the app builds its index.
    let version = 1;
    const database = reopen();
    opened.push(database);
    const service = new MapClusterService(new MapDataRepository(database.db), () => t.services.siteSettings.get(), () => version);
    await service.warm();
    await t.database.db.updateTable("business").set({ lat: 43.108 }).where("name", "=", "Delta 22").execute();
    version = 2;
    // Supercluster's tree of a zoom, made for every index built whole (and by no view answered with corrections).
    type Trees = { _createTree: (data: number[]) => unknown };
    const failing = vi.spyOn(Supercluster.prototype as unknown as Trees, "_createTree").mockImplementation(() => {
      throw new Error("Out of memory");
    });
    await service.clusters(TOWN, 12, every);
    await service.rebuilt();
    expect(failing).toHaveBeenCalled();
    failing.mockRestore();
    const trees = vi.spyOn(Supercluster.prototype as unknown as Trees, "_createTree");
    await service.clusters(TOWN, 12, every);
    await service.rebuilt();
    // Every zoom's tree and the points' own.
    expect(trees.mock.calls.length).toBeGreaterThan(MAP_CLUSTER.maxZoom);
    const reference = await fullRead();
    for (const [bbox, zoom] of [
      [TOWN, 12],
      [STREETS, 16],
    ] as const) {
      expect(await service.clusters(bbox, zoom, every)).toEqual(await reference.clusters(bbox, zoom, every));
    }
  });
});
