// A server's first map views (decision 0064): asked while its first read of every business has not finished, they are
// answered from the database (the views of every business from its counts kept by cell, decision 0071), with the
// totals, businesses and filters the index gives once it is built; after that, and for every later content version,
// they come from the index as before.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";
import { buildBusiness, createBusiness, createCategory, createTag } from "#server/db/factories.ts";
import { MAP_CLUSTER } from "#shared/constants.ts";
import { listen } from "#server/http/listen.ts";
import { requestsInFlight } from "#server/lib/requests-first.ts";
import type { MapBusiness } from "#shared/map.ts";
import { MapDataRepository } from "./map-data.repository.ts";
import { MapDataService } from "./map-data.service.ts";
import { MapClusterService, type BoundingBox, type ClusteredView, type ViewFilters } from "./map-cluster.service.ts";

const t = setUpTestApp({ env: { MAP_STYLE_URL: "offline" } });

const WORLD: BoundingBox = [-180, -90, 180, 90];
const TOWN: BoundingBox = [-79.2, 43.0, -78.9, 43.3];
const ALWAYS_OPEN = JSON.stringify({ week: Object.fromEntries(["mo", "tu", "we", "th", "fr", "sa", "su"].map((day) => [day, [{ open: "00:00", close: "24:00" }]])) });

/** A repository whose read of every business waits until `release` is called (or fails with `fail`). */
class HeldRepository extends MapDataRepository {
  reads = 0;
  private held: Promise<void>;
  release!: () => void;
  fail!: (error: Error) => void;

  constructor() {
    super(t.database.db);
    this.held = this.hold();
  }

  hold(): Promise<void> {
    this.held = new Promise<void>((resolve, reject) => {
      this.release = resolve;
      this.fail = reject;
    });
    // Failed before any read waits on it (the view's and the warming's reads start a statement first): not unhandled.
    this.held.catch(() => undefined);
    return this.held;
  }

  override async getIndexRows(pause?: () => Promise<void>) {
    this.reads++;
    await this.held;
    return super.getIndexRows(pause);
  }
}

interface Seeded {
  name: string;
  lat: number;
  lng: number;
  categoryId: string;
  tagged: boolean;
  patio: boolean;
  open: boolean;
}

let food: string;
let shops: string;
let patio: string;
const seeded: Seeded[] = [];
const every: ViewFilters = { categoryId: null, tagIds: [], openNow: false, attributes: [] };

beforeAll(async () => {
  const db = t.database.db;
  food = (await createCategory(db, { name: "Start Food" })).id;
  shops = (await createCategory(db, { name: "Start Shops" })).id;
  patio = (await createTag(db, { name: "Start Patio" })).id;
  // A town of 48 on an 8 × 6 grid about 100 m apart (in an order of names unlike the grid's), and 6 in Paris.
  for (let i = 0; i < 48; i++) {
    seeded.push({ name: `Start ${String((i * 7) % 48).padStart(2, "0")}`, lat: 43.05 + Math.floor(i / 8) * 0.001, lng: -79.1 + (i % 8) * 0.0012, categoryId: i % 2 === 0 ? food : shops, tagged: i % 3 === 0, patio: i % 4 === 0, open: i % 5 === 0 });
  }
  for (let i = 0; i < 6; i++) seeded.push({ name: `Start Paris ${i}`, lat: 48.85 + i * 0.002, lng: 2.35, categoryId: food, tagged: false, patio: false, open: false });
  const rows = seeded.map((b) => buildBusiness({ name: b.name, lat: b.lat, lng: b.lng, categoryId: b.categoryId, attributes: JSON.stringify(b.patio ? ["patio"] : []), openingHours: b.open ? ALWAYS_OPEN : null }));
  await db.insertInto("business").values(rows).execute();
  await db.insertInto("business_tag").values(rows.flatMap((row, i) => (seeded[i]!.tagged ? [{ businessId: row.id, tagId: patio }] : []))).execute();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const service = (repository: MapDataRepository) => new MapClusterService(repository, () => t.services.siteSettings.get(), () => t.database.contentVersion());

/** The filters each view is asked with, and which of the seeded businesses they keep. */
const filterSets = (): Array<[string, ViewFilters, (b: Seeded) => boolean]> => [
  ["no filter", every, () => true],
  ["a category", { ...every, categoryId: shops }, (b) => b.categoryId === shops],
  ["a tag", { ...every, tagIds: [patio] }, (b) => b.tagged],
  ["a feature", { ...every, attributes: ["patio"] }, (b) => b.patio],
  ["a category and a feature", { ...every, categoryId: food, attributes: ["patio"] }, (b) => b.categoryId === food && b.patio],
];

const inBox = ([west, south, east, north]: BoundingBox) => (b: { lat: number; lng: number }) => b.lat >= south && b.lat <= north && b.lng >= west && b.lng <= east;
const shown = (view: ClusteredView) => view.clusters.reduce((sum, c) => sum + c.count, 0) + view.businesses.length;
const names = (businesses: MapBusiness[]) => businesses.map((b) => b.name);
/** The map's list order (by name; these names differ only in digits). */
const byName = (list: Seeded[]) => list.map((b) => b.name).sort();

/** Every view asked of the map: the clusters of the world and the town at a few zooms, and the town's list a page at a time. */
async function viewsOf(map: MapClusterService, filters: ViewFilters) {
  const clusters = await Promise.all([0, 8, 12, 14, 17].flatMap((zoom) => [WORLD, TOWN].map((bbox) => map.clusters(bbox, zoom, filters))));
  const pages = await Promise.all([0, 5, 10].map((offset) => map.listed(TOWN, filters, offset, 5)));
  const world = await map.listed(WORLD, filters, 0, 200);
  return { clusters, pages, world };
}

describe("the map's views while a server reads every business for the first time", () => {
  it("are answered from the database, with the filters' businesses, and match the index's once it is built", async () => {
    const repository = new HeldRepository();
    const map = service(repository);
    const cells = vi.spyOn(repository, "viewCells");
    const keptCells = vi.spyOn(repository, "keptCells");
    void map.warm();
    for (const [label, filters, keeps] of filterSets()) {
      const kept = seeded.filter(keeps);
      const { clusters, pages, world } = await viewsOf(map, filters);
      await vi.waitFor(() => expect(repository.reads, label).toBe(1));
      for (const [at, view] of clusters.entries()) {
        const zoom = [0, 8, 12, 14, 17][Math.floor(at / 2)]!;
        const box = at % 2 === 0 ? WORLD : TOWN;
        expect(view.total, label).toBe(kept.length);
        expect(view.bounds, label).toEqual([Math.min(...kept.map((b) => b.lng)), Math.min(...kept.map((b) => b.lat)), Math.max(...kept.map((b) => b.lng)), Math.max(...kept.map((b) => b.lat))].map((n) => expect.closeTo(n, 6)));
        expect(shown(view), `${label} at zoom ${zoom}`).toBe(kept.filter(inBox(box)).length);
        expect(view.businesses.every((b) => keeps(seeded.find((s) => s.name === b.name)!) && inBox(box)(b)), label).toBe(true);
        // Far out, the town is a cluster, which a click zooms into; past the last zoom that clusters, none is left.
        if (zoom <= 8 && kept.length > 1) expect(view.clusters.length, label).toBeGreaterThan(0);
        if (zoom > MAP_CLUSTER.maxZoom) expect(view.clusters, label).toEqual([]);
        for (const cluster of view.clusters) {
          expect(cluster.expansionZoom, label).toBeGreaterThan(zoom);
          expect(cluster.expansionZoom, label).toBeLessThanOrEqual(MAP_CLUSTER.maxZoom + 1);
        }
      }
      const town = kept.filter(inBox(TOWN));
      for (const [at, page] of pages.entries()) {
        expect(page.total, label).toBe(town.length);
        expect(names(page.businesses), label).toEqual(byName(town).slice(at * 5, at * 5 + 5));
      }
      expect(names(world.businesses), label).toEqual(byName(kept));
    }
    // None of it waited for the read, still held: the filtered views counted the businesses in view, the others read
    // the counts kept by cell.
    expect(cells).toHaveBeenCalled();
    expect(keptCells).toHaveBeenCalled();
    expect(cells.mock.calls.every(([, , filters]) => filters.categoryId !== null || filters.tagIds.length > 0 || filters.attributes.length > 0)).toBe(true);

    repository.release();
    await map.warm();
    cells.mockClear();
    keptCells.mockClear();
    for (const [label, filters] of filterSets()) {
      const before = await (async () => {
        // Each filter's view from the database, asked of a service of its own that has not read yet either.
        const other = new HeldRepository();
        return viewsOf(service(other), filters);
      })();
      const after = await viewsOf(map, filters);
      expect(after.clusters.map((view) => [view.total, view.bounds, shown(view)]), label).toEqual(before.clusters.map((view) => [view.total, view.bounds, shown(view)]));
      expect(after.pages, label).toEqual(before.pages);
      expect(after.world, label).toEqual(before.world);
      // From the index: its clusters are Supercluster's (ids from 0 up).
      expect(after.clusters.flatMap((view) => view.clusters).every((c) => c.id >= 0), label).toBe(true);
    }
    expect(cells).not.toHaveBeenCalled();
    expect(keptCells).not.toHaveBeenCalled();
  });

  it("leads a click on a cluster to a zoom where it is more than one", async () => {
    const map = service(new HeldRepository());
    const view = await map.clusters(TOWN, 12, every);
    const cluster = view.clusters.sort((a, b) => b.count - a.count)[0]!;
    expect(cluster.count).toBeGreaterThan(1);
    expect(cluster.id).toBeLessThan(0);
    // Zoomed there: the town is more clusters and businesses than it was, holding the same businesses.
    const there = await map.clusters(TOWN, cluster.expansionZoom, every);
    expect(there.clusters.length + there.businesses.length).toBeGreaterThan(view.clusters.length + view.businesses.length);
    expect(shown(there)).toBe(48);
    // A cluster of businesses at one spot splits only past the last zoom that clusters: the first of the town (a
    // tagged one of the food with a patio) and another there.
    const [west, south] = [seeded[0]!.lng, seeded[0]!.lat];
    await createBusiness(t.database.db, { name: "Start Twin", lat: south, lng: west, categoryId: food, tagIds: [patio] });
    try {
      const box: BoundingBox = [west - 0.0001, south - 0.0001, west + 0.0001, south + 0.0001];
      // Counted in view by the database (a tag), the two alone are in the box.
      const corner = await map.clusters(box, 14, { ...every, tagIds: [patio] });
      expect(corner.clusters).toEqual([expect.objectContaining({ count: 2, expansionZoom: MAP_CLUSTER.maxZoom + 1 })]);
      // From the counts kept by cell, every business's and the category's: a cell holds these two alone at the last
      // zoom that clusters.
      for (const filters of [every, { ...every, categoryId: food }]) {
        const spot = await map.clusters(box, MAP_CLUSTER.maxZoom, filters);
        expect(spot.clusters).toEqual([expect.objectContaining({ count: 2, expansionZoom: MAP_CLUSTER.maxZoom + 1, lat: expect.closeTo(south, 6), lng: expect.closeTo(west, 6) })]);
      }
    } finally {
      await t.database.db.deleteFrom("business").where("name", "=", "Start Twin").execute();
    }
  });

  it("wait for the index when they ask for places open now, which the database cannot tell", async () => {
    const repository = new HeldRepository();
    const map = service(repository);
    let answered = false;
    const open = map.clusters(TOWN, 12, { ...every, openNow: true }).then((view) => ((answered = true), view));
    // Another view is answered meanwhile, and the open ones are not.
    expect((await map.clusters(TOWN, 12, every)).total).toBe(seeded.length);
    expect(answered).toBe(false);
    repository.release();
    const view = await open;
    expect(view.total).toBe(seeded.filter((b) => b.open).length);
    expect(view.businesses.every((b) => b.openNow === true)).toBe(true);
  });

  it("are answered from the database again after a failed first read, and from the index for every later content version", async () => {
    const repository = new HeldRepository();
    const map = service(repository);
    const cells = vi.spyOn(repository, "keptCells");
    const warming = map.warm();
    expect((await map.clusters(TOWN, 12, every)).total).toBe(seeded.length);
    repository.fail(new Error("the database went away"));
    await expect(warming).rejects.toThrow("the database went away");
    repository.hold();
    expect((await map.clusters(TOWN, 12, every)).total).toBe(seeded.length);
    expect(cells).toHaveBeenCalledTimes(2);
    // Read again (its first statement, where the changes stand, may still be on its way). On PostgreSQL, where the
    // content version is read over the network, the view and the warming may each start a read before the first fails.
    await vi.waitFor(() => expect(repository.reads).toBeGreaterThanOrEqual(2));
    repository.release();
    await map.warm();

    // A business added: the view of the new content version comes from the index before, corrected (decision 0052).
    const added = await createBusiness(t.database.db, { name: "Start Newcomer", lat: 43.06, lng: -79.09, categoryId: food });
    try {
      const view = await map.clusters(TOWN, 17, every);
      expect(view.total).toBe(seeded.length + 1);
      expect(view.businesses.map((b) => b.id)).toContain(added.id);
      // From an index, not the database's cells (how it was brought up to date is map-index-changes.int.test.ts's).
      expect(cells).toHaveBeenCalledTimes(2);
    } finally {
      await t.database.db.deleteFrom("business").where("id", "=", added.id).execute();
    }
  });

  it("leave the map page without its sketch rather than wait for the read", async () => {
    const repository = new HeldRepository();
    const map = service(repository);
    const data = new MapDataService(new MapDataRepository(t.database.db), () => t.services.siteSettings.get(), () => t.database.contentVersion(), () => map.sourceOnceBuilt());
    expect(await data.sketch({ categoryId: null, tagIds: [] })).toBeUndefined();
    repository.release();
    await map.warm();
    expect((await data.sketch({ categoryId: null, tagIds: [] }))?.total).toBe(seeded.length);
  });
});

describe("the start's read and build while requests are in flight (decision 0072)", () => {
  // A server whose one request is answered when the test says: a request in flight meanwhile.
  let server: Server;
  let answer: () => void = () => undefined;

  beforeEach(async () => {
    await new Promise<void>((ready) => {
      server = listen({ fetch: () => new Promise<Response>((done) => (answer = () => done(new Response("done")))), serveKept: () => false }, { port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
        void fetch(`http://127.0.0.1:${info.port}/held`)
          .then((response) => response.text())
          .catch(() => undefined);
        ready();
      });
    });
    // Only the steps' longest wait is faked: a step that waited for it would never run.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    for (let turns = 0; requestsInFlight() === 0; turns++) {
      if (turns > 10_000) throw new Error("the request never came");
      await new Promise((turn) => setImmediate(turn));
    }
  });

  afterEach(async () => {
    vi.useRealTimers();
    answer();
    await new Promise((closed) => {
      server.close(closed);
      server.closeAllConnections();
    });
  });

  /** Whether the promise has settled after some turns of the event loop. */
  const settled = async (promise: Promise<unknown>, turns = 200) => {
    let done = false;
    void promise.then(() => (done = true));
    for (let i = 0; i < turns; i++) await new Promise((turn) => setImmediate(turn));
    return done;
  };

  it("wait for the requests to end, while the views are answered from the database", async () => {
    const map = service(new MapDataRepository(t.database.db));
    const warmed = map.warm();
    expect(await settled(warmed)).toBe(false);
    expect((await map.clusters(TOWN, 12, every)).total).toBe(seeded.length);
    expect(await settled(warmed)).toBe(false);
    answer();
    await warmed;
    expect(requestsInFlight()).toBe(0);
    expect((await map.clusters(WORLD, 0, every)).total).toBe(seeded.length);
  });

  it("go on at once for a view that waits for them, as for places open now", async () => {
    const map = service(new MapDataRepository(t.database.db));
    const warmed = map.warm();
    expect(await settled(warmed)).toBe(false);
    // The request is still in flight and the steps' timer never fires: the read goes on because this view waits for it.
    const view = await map.clusters(TOWN, 12, { ...every, openNow: true });
    expect(view.total).toBe(seeded.filter((b) => b.open).length);
    await warmed;
    expect(requestsInFlight()).toBe(1);
  });
});
