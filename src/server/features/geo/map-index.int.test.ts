// What is kept per content version (decision 0046): the map's cluster index is built once per change, whoever asks
// while it is built waits for that build, and the category counts and site settings follow a change at once.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";
import { createBusiness, createCategory, createTag } from "#server/db/factories.ts";
import { countByCategory } from "#shared/map.ts";
import { MapDataRepository } from "./map-data.repository.ts";
import { MapClusterService } from "./map-cluster.service.ts";

const t = setUpTestApp({ env: { MAP_STYLE_URL: "offline" } });
const TOWN = "-79.2,43.0,-78.9,43.3";

let bakeries: string;

beforeAll(async () => {
  bakeries = (await createCategory(t.database.db, { name: "Index Bakeries" })).id;
  for (let i = 0; i < 30; i++) await createBusiness(t.database.db, { name: `Index ${i}`, categoryId: bakeries, lat: 43.1 + i * 0.001, lng: -79.05 });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Counts the index's reads of the content: every business read whole, or those written since the last read
 * (decision 0050); either marks where the writes stood first.
 */
const indexReads = () => vi.spyOn(MapDataRepository.prototype, "changeMark");

const clusters = async (query = "") => {
  const response = await t.request(`/api/v1/geo/clusters?bbox=${TOWN}&zoom=12${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { total: number; clusters: Array<{ count: number }>; businesses: Array<{ name: string }> };
};

describe("the map's index", () => {
  it("is built once for requests that arrive while it is built, and again after a change of content", async () => {
    const reads = indexReads();
    await createBusiness(t.database.db, { name: "Index Fresh", categoryId: bakeries, lat: 43.2, lng: -79.1 });
    const [first, second, , listed] = await Promise.all([clusters(), clusters(), clusters(`&categoryId=${bakeries}`), t.request(`/api/v1/geo/in-view?bbox=${TOWN}`)]);
    expect(listed.status).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
    // Those asked before it was built were answered from the database (decision 0064), the others from the index:
    // the same businesses, if not in the same clusters.
    const shown = (view: Awaited<ReturnType<typeof clusters>>) => view.clusters.reduce((sum, c) => sum + c.count, 0) + view.businesses.length;
    expect([first, second].map((view) => [view.total, shown(view)])).toEqual([
      [31, 31],
      [31, 31],
    ]);
    await t.services.mapClusters.warm();
    expect(reads).toHaveBeenCalledTimes(1);

    await createBusiness(t.database.db, { name: "Index Later", categoryId: bakeries, lat: 43.21, lng: -79.11 });
    expect((await clusters()).total).toBe(32);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it("made ahead (at start, after a write) is the one the next view uses, and a view asking meanwhile waits for it", async () => {
    await createBusiness(t.database.db, { name: "Index Ahead", categoryId: bakeries, lat: 43.22, lng: -79.12 });
    const reads = indexReads();
    const [, view] = await Promise.all([t.services.mapClusters.warm(), clusters()]);
    expect(view.total).toBe(33);
    await t.services.mapClusters.warm();
    expect((await clusters()).total).toBe(33);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("after a write through the app, is built ahead of the next view, which finds it made", async () => {
    const admin = await t.signIn("admin");
    await clusters();
    const reads = indexReads();
    const added = await t.request("/api/v1/tags", { method: "POST", cookie: admin.cookie, json: { name: "Index Ahead Tag" } });
    expect(added.status).toBe(201);
    // Built in the background a moment after the write, with no view asking.
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(1), { timeout: 5000, interval: 50 });
    await clusters();
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("answers the businesses it shows in full, read when they are shown", async () => {
    await t.database.db.updateTable("business").set({ description: "Fresh bread at six" }).where("name", "=", "Index Ahead").execute();
    const listed = (await (await t.request(`/api/v1/geo/in-view?bbox=-79.13,43.215,-79.11,43.225`)).json()) as { businesses: Array<{ name: string; description: string }> };
    expect(listed.businesses).toEqual([expect.objectContaining({ name: "Index Ahead", description: "Fresh bread at six" })]);
  });
});

describe("the read of every business (decision 0058)", () => {
  const byKey = (links: Array<{ businessId: string; tagId: string }>) => links.map((l) => `${l.businessId} ${l.tagId}`).sort();

  it("a page at a time, finds what one read finds, in the same order, names folding alike included", async () => {
    const [vegan, patio] = [await createTag(t.database.db, { name: "Index Vegan" }), await createTag(t.database.db, { name: "Index Patio" })];
    for (const name of ["Café Index", "cafe index", "CAFE INDEX", "Cafe  Index"]) {
      await createBusiness(t.database.db, { name, categoryId: bakeries, lat: 43.11, lng: -79.06, tagIds: [vegan.id, patio.id] });
    }
    const whole = await new MapDataRepository(t.database.db).getIndexRows();
    let pauses = 0;
    const paged = await new MapDataRepository(t.database.db, { indexPage: 3 }).getIndexRows(async () => void pauses++);
    expect(paged.rows.map((row) => row.name)).toEqual(whole.rows.map((row) => row.name));
    expect(paged.rows).toEqual(whole.rows);
    expect(byKey(paged.links)).toEqual(byKey(whole.links));
    expect(paged.links.length).toBeGreaterThanOrEqual(8);
    expect(pauses).toBeGreaterThan(whole.rows.length / 3);
  });

  it("made ahead, lets other work run while it is read and built", async () => {
    await createBusiness(t.database.db, { name: "Index Turns", categoryId: bakeries, lat: 43.12, lng: -79.07 });
    const service = new MapClusterService(new MapDataRepository(t.database.db, { indexPage: 5 }), async () => ({ timeZone: "UTC", holidayRegion: "CA-ON" }), () => t.database.contentVersion());
    let turns = 0;
    let warmed = false;
    const warming = service.warm().then(() => (warmed = true));
    const tick = () => {
      if (warmed) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await warming;
    // A turn of the event loop (where a request is answered) between each page read and each zoom built.
    expect(turns).toBeGreaterThan(10);
    const view = await service.clusters([-79.2, 43.0, -78.9, 43.3], 12, { categoryId: null, tagIds: [], openNow: false, attributes: [] });
    expect(view.total).toBe((await t.services.mapClusters.clusters([-79.2, 43.0, -78.9, 43.3], 12, { categoryId: null, tagIds: [], openNow: false, attributes: [] })).total);
  });
});

describe("the map's category counts for open now and features", () => {
  it("count from the index what the page would count from every business", async () => {
    const alwaysOpen = JSON.stringify({ week: Object.fromEntries(["mo", "tu", "we", "th", "fr", "sa", "su"].map((day) => [day, [{ open: "00:00", close: "24:00" }]])) });
    await createBusiness(t.database.db, { name: "Index Open Patio", categoryId: bakeries, lat: 43.24, lng: -79.14, openingHours: alwaysOpen, attributes: JSON.stringify(["patio"]) });
    await createBusiness(t.database.db, { name: "Index Open", categoryId: null, lat: 43.25, lng: -79.15, openingHours: alwaysOpen });
    const every = ((await (await t.request("/api/v1/geo/businesses")).json()) as { features: Array<{ properties: Parameters<typeof countByCategory>[0][number] }> }).features.map((f) => f.properties);
    for (const filters of [{ openNow: true, features: [] }, { openNow: false, features: ["patio"] }, { openNow: true, features: ["patio"] }]) {
      expect(await t.services.mapClusters.categoryCounts(filters), JSON.stringify(filters)).toEqual(countByCategory(every, filters));
    }
    expect((await t.services.mapClusters.categoryCounts({ openNow: true, features: [] })).total).toBe(2);
  });
});

describe("kept per content version", () => {
  it("the map's category counts follow a new business at once", async () => {
    const before = (await t.services.mapData.categories()).find((c) => c.id === bakeries)!.count;
    const businessesBefore = await t.services.mapData.businessCount();
    expect(await t.services.mapData.categories()).toBe(await t.services.mapData.categories());
    await createBusiness(t.database.db, { name: "Index Counted", categoryId: bakeries, lat: 43.23, lng: -79.13 });
    expect((await t.services.mapData.categories()).find((c) => c.id === bakeries)!.count).toBe(before + 1);
    expect(await t.services.mapData.businessCount()).toBe(businessesBefore + 1);
  });

  it("the site settings follow a change at once, made here or by another instance straight in the database", async () => {
    const admin = await t.signIn("admin");
    const current = (await (await t.request("/api/v1/site-settings")).json()) as Record<string, unknown>;
    const saved = await t.request("/api/v1/site-settings", { method: "PUT", cookie: admin.cookie, json: { ...current, associationName: "Kept Once Association" } });
    expect(saved.status).toBe(200);
    expect(((await (await t.request("/api/v1/site-settings")).json()) as { associationName: string }).associationName).toBe("Kept Once Association");

    await t.database.db.updateTable("site_settings").set({ associationName: "Changed Elsewhere" }).execute();
    expect(((await (await t.request("/api/v1/site-settings")).json()) as { associationName: string }).associationName).toBe("Changed Elsewhere");
  });
});
