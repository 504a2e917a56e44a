import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";
import { buildBusiness, createBusiness, createCategory, createTag } from "#server/db/factories.ts";
import { filterBusinesses, type ListFilters, type MapBusiness } from "#shared/map.ts";

const t = setUpTestApp({ env: { MAP_STYLE_URL: "offline" } });

interface Cluster {
  id: number;
  lat: number;
  lng: number;
  count: number;
  expansionZoom: number;
}
interface ClusteredView {
  total: number;
  bounds: [number, number, number, number] | null;
  clusters: Cluster[];
  businesses: MapBusiness[];
}
interface ListedView {
  total: number;
  offset: number;
  businesses: MapBusiness[];
}

const ALWAYS_OPEN = JSON.stringify({ week: Object.fromEntries(["mo", "tu", "we", "th", "fr", "sa", "su"].map((day) => [day, [{ open: "00:00", close: "24:00" }]])) });
const NIAGARA = "-79.2,43.0,-78.9,43.3";
const PARIS = "2.2,48.8,2.5,48.95";

let food: string;
let shops: string;
let patio: string;
/** Every business as the whole map has it, to count what each filter keeps. */
let everything: MapBusiness[];

async function json<T>(url: string): Promise<T> {
  const response = await t.request(url);
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

const clustersOf = (query: string) => json<ClusteredView>(`/api/v1/geo/clusters?${query}`);
const listedOf = (query: string) => json<ListedView>(`/api/v1/geo/in-view?${query}`);

beforeAll(async () => {
  const db = t.database.db;
  food = (await createCategory(db, { name: "Cluster Food" })).id;
  shops = (await createCategory(db, { name: "Cluster Shops" })).id;
  patio = (await createTag(db, { name: "Cluster Patio" })).id;
  // A town of 240 on a 16 × 15 grid about 100 m apart, and 12 far away: clusters at every zoom but the closest.
  const rows = [];
  const links = [];
  for (let i = 0; i < 240; i++) {
    const row = buildBusiness({
      name: `Cluster ${String(i).padStart(3, "0")}`,
      lat: 43.05 + Math.floor(i / 16) * 0.001,
      lng: -79.1 + (i % 16) * 0.0012,
      categoryId: i % 2 === 0 ? food : shops,
      attributes: JSON.stringify(i % 5 === 0 ? ["patio"] : []),
      openingHours: i % 4 === 0 ? ALWAYS_OPEN : null,
    });
    rows.push(row);
    if (i % 3 === 0) links.push({ businessId: row.id, tagId: patio });
  }
  for (let i = 0; i < 12; i++) rows.push(buildBusiness({ name: `Cluster Paris ${i}`, lat: 48.85 + i * 0.002, lng: 2.35, categoryId: food, attributes: "[]", openingHours: null }));
  await db.insertInto("business").values(rows).execute();
  await db.insertInto("business_tag").values(links).execute();
  everything = ((await json<{ businesses: MapBusiness[] }>("/api/v1/geo/map-data")).businesses);
});

describe("GET /api/v1/geo/clusters", () => {
  const filters: Array<[string, () => string, () => ListFilters]> = [
    ["no filter", () => "", () => ({ categoryId: null, tagIds: [], openNow: false })],
    ["a category", () => `categoryId=${food}`, () => ({ categoryId: food, tagIds: [], openNow: false })],
    ["a tag", () => `tagIds=${patio}`, () => ({ categoryId: null, tagIds: [patio], openNow: false })],
    ["open now", () => "openNow=true", () => ({ categoryId: null, tagIds: [], openNow: true })],
    ["a feature", () => "attributes=patio", () => ({ categoryId: null, tagIds: [], openNow: false, features: ["patio"] })],
  ];

  it.each(filters)("with %s, clusters and single businesses add up to the filter's total at every zoom", async (_, query, list) => {
    const expected = filterBusinesses(everything, list()).length;
    expect(expected).toBeGreaterThan(12);
    for (let zoom = 0; zoom <= 20; zoom++) {
      const view = await clustersOf(`bbox=-180,-90,180,90&zoom=${zoom}&${query()}`);
      expect(view.total).toBe(expected);
      expect(view.clusters.reduce((sum, c) => sum + c.count, 0) + view.businesses.length, `zoom ${zoom}`).toBe(expected);
      // Far enough out, the town is a cluster; close enough in, none is left.
      if (zoom <= 10) expect(view.clusters.length).toBeGreaterThan(0);
      if (zoom > 16) expect(view.clusters).toEqual([]);
    }
  });

  it("answers only what lies in the box, with the whole filter's total and bounds", async () => {
    const paris = await clustersOf(`bbox=${PARIS}&zoom=18`);
    expect(paris.clusters).toEqual([]);
    expect(paris.businesses.map((b) => b.name).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Cluster Paris ${i}`).sort());
    expect(paris.total).toBe(everything.length);

    const town = await clustersOf(`bbox=${NIAGARA}&zoom=12&categoryId=${shops}`);
    for (const c of town.clusters) {
      expect(c.lng).toBeGreaterThanOrEqual(-79.2);
      expect(c.lng).toBeLessThanOrEqual(-78.9);
    }
    expect(town.clusters.reduce((sum, c) => sum + c.count, 0) + town.businesses.length).toBe(120);
    expect(town.businesses.every((b) => b.categoryId === shops)).toBe(true);
    expect(town.bounds).toEqual([-79.1 + 0.0012, 43.05, -79.1 + 15 * 0.0012, 43.05 + 14 * 0.001].map((n) => expect.closeTo(n, 6)));
  });

  it("gives each cluster the zoom at which it splits", async () => {
    const view = await clustersOf(`bbox=${NIAGARA}&zoom=12`);
    const cluster = view.clusters.sort((a, b) => b.count - a.count)[0]!;
    expect(cluster.expansionZoom).toBeGreaterThan(12);
    // Zoomed there, around the cluster: it has become several, and they hold what it did.
    const around = `${cluster.lng - 0.05},${cluster.lat - 0.05},${cluster.lng + 0.05},${cluster.lat + 0.05}`;
    const before = await clustersOf(`bbox=${around}&zoom=${cluster.expansionZoom - 1}`);
    expect(before.clusters.find((c) => c.id === cluster.id)?.count).toBe(cluster.count);
    const after = await clustersOf(`bbox=${around}&zoom=${cluster.expansionZoom}`);
    expect(after.clusters.find((c) => c.id === cluster.id)).toBeUndefined();
    expect(after.clusters.length + after.businesses.length).toBeGreaterThan(before.clusters.length + before.businesses.length);
  });

  it("tells open now by the clock, and follows a change of content", async () => {
    const open = await clustersOf("zoom=20&openNow=true");
    expect(open.businesses.every((b) => b.openNow === true)).toBe(true);
    const before = (await clustersOf("zoom=20")).total;
    const added = await createBusiness(t.database.db, { name: "Cluster Newcomer", lat: 48.86, lng: 2.36 });
    const after = await clustersOf(`bbox=${PARIS}&zoom=20`);
    expect(after.total).toBe(before + 1);
    expect(after.businesses.map((b) => b.id)).toContain(added.id);
    everything = (await json<{ businesses: MapBusiness[] }>("/api/v1/geo/map-data")).businesses;
  });

  it("answers the same to anyone: anonymous, a member, a business owner and an administrator", async () => {
    // The index of the content as it is, built whole (the view right after the business added above is answered
    // from the one before, corrected, until then: decision 0052).
    await t.request(`/api/v1/geo/clusters?bbox=${NIAGARA}&zoom=14`);
    await t.services.mapClusters.rebuilt();
    const anonymous = await (await t.request(`/api/v1/geo/clusters?bbox=${NIAGARA}&zoom=14`)).text();
    for (const role of ["user", "business", "admin"] as const) {
      const { cookie } = await t.signIn(role);
      const response = await t.request(`/api/v1/geo/clusters?bbox=${NIAGARA}&zoom=14`, { cookie });
      expect(response.status, role).toBe(200);
      expect(await response.text(), role).toBe(anonymous);
      expect((await t.request(`/api/v1/geo/in-view?bbox=${NIAGARA}`, { cookie })).status, role).toBe(200);
    }
  });
});

describe("GET /api/v1/geo/in-view", () => {
  it("pages the businesses in the box by name, with how many there are", async () => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await listedOf(`bbox=${NIAGARA}&categoryId=${food}&offset=${offset}&limit=50`);
      expect(page.total).toBe(120);
      expect(page.offset).toBe(offset);
      seen.push(...page.businesses.map((b) => b.name));
      if (page.businesses.length < 50) break;
    }
    expect(seen).toHaveLength(120);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(120);

    const paris = await listedOf(`bbox=${PARIS}&limit=5`);
    expect(paris.total).toBeGreaterThanOrEqual(12);
    expect(paris.businesses).toHaveLength(5);
    expect(paris.businesses.every((b) => b.lat > 48.8 && b.lng > 2.2)).toBe(true);
    // The whole world's list (read as the index holds it) is the one read from a box holding every business but
    // itself no world (all but the meridian strip from 101°W to 100°W).
    const world = await listedOf("limit=30&offset=200");
    const around = await listedOf("bbox=-100,-90,-101,90&limit=30&offset=200");
    expect(around).toEqual(world);
    expect(world.businesses.map((b) => b.name)).toEqual([...world.businesses.map((b) => b.name)].sort());
    // Past the end: none, with the same count.
    expect(await listedOf(`bbox=${PARIS}&offset=1000`)).toMatchObject({ total: paris.total, businesses: [] });
  });

  it("reads a box that crosses the antimeridian from its west edge eastwards", async () => {
    // From 0° east across the antimeridian to 100°W: Paris (2°E) is inside, the town (79°W) is not.
    const page = await listedOf("bbox=0,-90,-100,90&limit=200");
    expect(page.businesses.some((b) => b.name.startsWith("Cluster Paris"))).toBe(true);
    expect(page.businesses.some((b) => /^Cluster \d/.test(b.name))).toBe(false);
  });
});

describe("bad parameters", () => {
  it.each([
    ["/geo/clusters?bbox=1,2,3", "bbox", "expected west,south,east,north in degrees"],
    ["/geo/clusters?bbox=a,b,c,d", "bbox", "expected west,south,east,north in degrees"],
    ["/geo/clusters?bbox=-200,0,10,10", "bbox", "longitudes must be within ±180 and latitudes within ±90"],
    ["/geo/clusters?bbox=0,50,10,40", "bbox", "south must not be above north"],
    ["/geo/clusters?zoom=near", "zoom", "expected a whole number from 0 to 24"],
    ["/geo/clusters?zoom=25", "zoom", "expected a whole number from 0 to 24"],
    ["/geo/clusters?zoom=2.5", "zoom", "expected a whole number from 0 to 24"],
    ["/geo/clusters?openNow=maybe", "openNow", "expected true or false"],
    ["/geo/clusters?attributes=helipad", "attributes", "expected map features among"],
    ["/geo/in-view?limit=0", "limit", "expected a whole number from 1 to 200"],
    ["/geo/in-view?limit=5000", "limit", "expected a whole number from 1 to 200"],
    ["/geo/in-view?offset=-1", "offset", "expected a whole number, 0 or more"],
  ])("%s is answered 400 with what is wrong with %s", async (url, field, message) => {
    const response = await t.request(`/api/v1${url}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.fields[field]).toContain(message);
  });
});
