// The view answered from the index built before businesses were moved, added, removed or renamed (decision 0052):
// every business counted once, each where it is now, at every zoom; and what it reads of Supercluster's trees.
import Supercluster from "supercluster";
import { describe, expect, it } from "vitest";
import { MAP_CLUSTER } from "#shared/constants.ts";
import { HoursClock } from "#server/lib/hours/hours-status.ts";
import type { IndexRow } from "./map-data.repository.ts";
import { applyChanges } from "./map-index-changes.ts";
import { MAX_WRITTEN, patchIndex } from "./map-index-patch.ts";
import { FEATURE_WORDS, buildIndex, indexSource, type BoundingBox, type Index, type IndexSource, type Point, type ViewFilters } from "./map-index.ts";
import { holders, loadInSteps } from "./supercluster-trees.ts";

const clock = new HoursClock({ timeZone: "America/Toronto", holidayRegion: "CA-ON" });
const every: ViewFilters = { categoryId: null, tagIds: [], openNow: false, attributes: [] };
const WORLD: BoundingBox = [-180, -90, 180, 90];
const ZOOMS = Array.from({ length: MAP_CLUSTER.maxZoom + 2 }, (_, zoom) => zoom);

/** A repeatable sequence in [0, 1). */
function random(seed: number) {
  return () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
}

/** `n` businesses in a town, most in a few clumps, named in the list's order. */
function town(n: number, seed = 7): IndexRow[] {
  const next = random(seed);
  return Array.from({ length: n }, (_, i) => {
    const clump = i % 5;
    const spread = clump === 4 ? 0.2 : 0.004;
    return {
      id: `b${i}`,
      name: `Business ${String(i).padStart(5, "0")}`,
      lat: 43.1 + clump * 0.01 + (next() - 0.5) * spread,
      lng: -79.05 + clump * 0.01 + (next() - 0.5) * spread,
      categoryId: i % 3 === 0 ? "books" : "bakeries",
      openingHours: null,
    };
  });
}

/** The source after these writes: rows changed in place (moved, renamed), added and removed. */
async function written(source: IndexSource, rows: IndexRow[], changes: { moved?: IndexRow[]; added?: IndexRow[]; removed?: string[] }) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const row of [...(changes.moved ?? []), ...(changes.added ?? [])]) byId.set(row.id, row);
  for (const id of changes.removed ?? []) byId.delete(id);
  const now = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  const ids = [...(changes.moved ?? []), ...(changes.added ?? [])].map((row) => row.id).concat(changes.removed ?? []);
  const applied = await applyChanges(source, ids, ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])), [], async () => now.map((row) => row.id));
  return { applied: applied!, rows: now };
}

/**
 * Every business of `rows` stands in each zoom's view exactly once: the counts add up, and past the last zoom that
 * clusters each is where it is; the total, bounds and list order are a full build's.
 */
function expectEachOnce(index: Index, source: IndexSource, rows: readonly IndexRow[], filters: ViewFilters = every) {
  const exact = buildIndex(source, filters, clock);
  expect(index.total).toBe(rows.length);
  expect(index.total).toBe(exact.total);
  expect(index.bounds).toEqual(exact.bounds);
  expect([...index.order]).toEqual([...exact.order]);
  for (const zoom of ZOOMS) {
    const items = index.view(WORLD, zoom);
    const singles = items.flatMap((item) => (item.cluster ? [] : [item.slot]));
    const counted = items.reduce((sum, item) => sum + (item.cluster ? item.cluster.count : 1), 0);
    expect(counted, `zoom ${zoom}`).toBe(rows.length);
    expect(new Set(singles).size, `zoom ${zoom}`).toBe(singles.length);
    for (const item of items) if (item.cluster) expect(item.cluster.count).toBeGreaterThanOrEqual(MAP_CLUSTER.minClusterSize);
  }
  const where = new Map(
    index.view(WORLD, MAP_CLUSTER.maxZoom + 1).map((item) => {
      const { coordinates } = source.points[item.slot!]!.geometry;
      return [source.ids[item.slot!]!, coordinates];
    }),
  );
  expect(new Map(rows.map((row) => [row.id, [Number(row.lng), Number(row.lat)]]))).toEqual(where);
}

describe("an index answered from the one built before a write", () => {
  it("counts a business moved, added, removed and renamed once, where it is now, at every zoom", async () => {
    const rows = town(600);
    const source = indexSource(rows, []);
    const built = buildIndex(source, every, clock);
    const moved = { ...rows[10]!, lat: 43.2, lng: -78.95 };
    const renamed = { ...rows[11]!, name: "A First Business" };
    const added = { ...rows[12]!, id: "new", name: "Business New", lat: 43.101, lng: -79.049 };
    const { applied, rows: now } = await written(source, rows, { moved: [moved, renamed], added: [added], removed: ["b20", "b21"] });
    const patched = patchIndex(built, [...applied.before, ...applied.after], source, applied.source, every, clock)!;
    expectEachOnce(patched, applied.source, now);
    expect(patched.order.length).toBe(now.length);
    expect(applied.source.ids[patched.order[0]!]).toBe(renamed.id);
    // Not where it was: a view of its old street has it no more, and its new one has it.
    const around = ([lng, lat]: number[], d = 0.0005): BoundingBox => [lng! - d, lat! - d, lng! + d, lat! + d];
    const idsIn = (bbox: BoundingBox) => patched.view(bbox, MAP_CLUSTER.maxZoom + 1).map((item) => applied.source.ids[item.slot!]);
    expect(idsIn(around([Number(rows[10]!.lng), Number(rows[10]!.lat)], 1e-7))).not.toContain(moved.id);
    expect(idsIn(around([moved.lng, moved.lat]))).toContain(moved.id);
  });

  it("stays right over writes one after another, and is built whole again past MAX_WRITTEN", async () => {
    const rows = town(700, 3);
    let source = indexSource(rows, []);
    let index: Index = buildIndex(source, every, clock);
    let now = rows;
    const next = random(11);
    for (let round = 0; round < 5; round++) {
      const moved = Array.from({ length: 6 }, () => {
        const row = now[Math.floor(next() * now.length)]!;
        return { ...row, lat: 43.1 + next() * 0.05, lng: -79.05 + next() * 0.05 };
      });
      const result = await written(source, now, { moved, removed: [now[Math.floor(next() * now.length)]!.id] });
      index = patchIndex(index, [...result.applied.before, ...result.applied.after], source, result.applied.source, every, clock)!;
      source = result.applied.source;
      now = result.rows;
      expectEachOnce(index, source, now);
    }
    expect(index.built.order.length).toBe(rows.length);
    const many = now.slice(0, MAX_WRITTEN + 1).map((row) => ({ ...row, lat: Number(row.lat) + 0.001 }));
    const result = await written(source, now, { moved: many });
    expect(patchIndex(index, [...result.applied.before, ...result.applied.after], source, result.applied.source, every, clock)).toBeNull();
  });

  it("takes a business out of a category's index when it is refiled, and adds it to the other's", async () => {
    const rows = town(300, 5);
    const source = indexSource(rows, []);
    const books = { ...every, categoryId: "books" };
    const built = buildIndex(source, books, clock);
    const refiled = rows.filter((row) => row.categoryId === "books").slice(0, 3).map((row) => ({ ...row, categoryId: "bakeries" }));
    const { applied, rows: now } = await written(source, rows, { moved: refiled });
    const patched = patchIndex(built, [...applied.before, ...applied.after], source, applied.source, books, clock)!;
    expectEachOnce(patched, applied.source, now.filter((row) => row.categoryId === "books"), books);
    const bakeries = { ...every, categoryId: "bakeries" };
    const other = patchIndex(buildIndex(source, bakeries, clock), [...applied.before, ...applied.after], source, applied.source, bakeries, clock)!;
    expectEachOnce(other, applied.source, now.filter((row) => row.categoryId === "bakeries"), bakeries);
  });
});

describe("the source after a write", () => {
  /** What a source says of each business: where it is, its name, category, hours, features and tags, by id. */
  const described = (source: IndexSource) =>
    new Map(
      source.ids.flatMap((id, slot) => {
        if (!id) return [];
        const tags = Array.from(source.tagList.subarray(source.tagStart[slot], source.tagStart[slot + 1]), (tag) => source.tagIds[tag]).sort();
        const category = source.category[slot]!;
        const features = Array.from(source.features.subarray(slot * FEATURE_WORDS, (slot + 1) * FEATURE_WORDS));
        return [[id, { at: source.points[slot]!.geometry.coordinates, name: source.names[slot], category: category === -1 ? null : source.categoryIds[category], features, tags }]];
      }),
    );
  const links = (rows: readonly IndexRow[]) => rows.flatMap((row, i) => (i % 4 === 0 ? [{ businessId: row.id, tagId: i % 8 === 0 ? "patio" : "vegan" }] : []));

  it("says what a full read says, and leaves the source before as it was, views of it answered meanwhile too", async () => {
    const rows = town(120);
    const source = indexSource(rows, links(rows));
    const was = structuredClone(described(source));
    const moved = { ...rows[5]!, lat: Number(rows[5]!.lat) + 0.01 };
    const refiled = { ...rows[8]!, categoryId: "books", openingHours: null };
    const added = { ...rows[9]!, id: "b-new", name: "Business 00009a" };
    const now = [...rows.filter((row) => row.id !== rows[7]!.id && row.id !== moved.id && row.id !== refiled.id), moved, refiled, added].sort((a, b) => a.name.localeCompare(b.name));
    // b8 loses its tag, b12 gains one, b16 changes its.
    const nowLinks = [...links(rows).filter((link) => !["b8", "b16"].includes(link.businessId)), { businessId: "b12", tagId: "patio" }, { businessId: "b16", tagId: "vegan" }];
    const ids = [moved.id, refiled.id, added.id, rows[7]!.id, "b12", "b16"];
    const byId = new Map(now.map((row) => [row.id, row]));
    const applied = await applyChanges(source, ids, ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])), nowLinks.filter((link) => ids.includes(link.businessId)), async () => now.map((row) => row.id));
    expect(described(applied!.source)).toEqual(described(indexSource(now, nowLinks)));
    expect([...applied!.source.order].map((slot) => applied!.source.ids[slot])).toEqual(now.map((row) => row.id));
    expect(described(source)).toEqual(was);
  });

  it("copies only the positions when a business is moved", async () => {
    const rows = town(120);
    const source = indexSource(rows, links(rows));
    const moved = { ...rows[5]!, lng: Number(rows[5]!.lng) - 0.01 };
    const applied = (await applyChanges(source, [moved.id], [moved], [], async () => rows.map((row) => row.id)))!.source;
    expect(applied.points).not.toBe(source.points);
    expect(applied.points[5]!.geometry.coordinates).toEqual([Number(moved.lng), Number(moved.lat)]);
    expect(source.points[5]!.geometry.coordinates).toEqual([Number(rows[5]!.lng), Number(rows[5]!.lat)]);
    for (const key of ["ids", "names", "category", "features", "hoursOf", "tagStart", "tagList", "order", "rank"] as const) expect(applied[key], key).toBe(source[key]);
  });
});

describe("Supercluster's trees as the map's index reads them", () => {
  const points = (n: number): Point[] =>
    town(n, 13).map((row, i) => ({ type: "Feature", geometry: { type: "Point", coordinates: [Number(row.lng), Number(row.lat)] }, properties: { i } }));
  const options = { radius: MAP_CLUSTER.gridSizePx, maxZoom: MAP_CLUSTER.maxZoom, minPoints: MAP_CLUSTER.minClusterSize };

  it("builds in steps the same trees as `load`", async () => {
    const loaded = new Supercluster<{ i: number }>(options).load(points(500));
    let pauses = 0;
    const stepped = await loadInSteps(new Supercluster<{ i: number }>(options), points(500), async () => void pauses++);
    // One after the points are projected, then one before each zoom's clusters.
    expect(pauses).toBe(MAP_CLUSTER.maxZoom + 2);
    for (const zoom of ZOOMS) expect(stepped.getClusters([...WORLD], zoom), `zoom ${zoom}`).toEqual(loaded.getClusters([...WORLD], zoom));
  });

  it("builds the same trees in runs of a few entries, pausing between them", async () => {
    const loaded = new Supercluster<{ i: number }>(options).load(points(500));
    let pauses = 0;
    const stepped = await loadInSteps(new Supercluster<{ i: number }>(options), points(500), async () => void pauses++, 7);
    // At least one per 7 points projected and one per 7 entries of the last zoom's tree and clustered.
    expect(pauses).toBeGreaterThan((3 * 500) / 7);
    const trees = (clusters: Supercluster<{ i: number }>) => (clusters as unknown as { trees: Array<{ data: number[]; ids: Uint32Array; coords: Float32Array }> }).trees;
    for (const zoom of ZOOMS) {
      const [mine, theirs] = [trees(stepped)[zoom]!, trees(loaded)[zoom]!];
      expect(mine.data, `zoom ${zoom}`).toEqual(theirs.data);
      expect(Array.from(mine.ids), `zoom ${zoom}`).toEqual(Array.from(theirs.ids));
      expect(Array.from(mine.coords), `zoom ${zoom}`).toEqual(Array.from(theirs.coords));
      expect(stepped.getClusters([...WORLD], zoom), `zoom ${zoom}`).toEqual(loaded.getClusters([...WORLD], zoom));
    }
  });

  it("names the cluster holding a point at each zoom, or the point where it is on its own", () => {
    const clusters = new Supercluster<{ i: number }>(options).load(points(500));
    for (const point of [0, 1, 77, 250, 499]) {
      const chain = holders(clusters, point)!;
      for (const zoom of ZOOMS) {
        const id = chain[zoom]!;
        if (id < 500) expect(id, `zoom ${zoom}`).toBe(point);
        else expect(clusters.getLeaves(id, Infinity).map((leaf) => leaf.properties.i), `zoom ${zoom}`).toContain(point);
      }
    }
  });
});
