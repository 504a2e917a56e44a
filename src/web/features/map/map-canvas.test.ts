import { GeoJSONVT } from "@maplibre/geojson-vt";
import type * as GeoJSON from "geojson";
import { describe, expect, it } from "vitest";
import { MAP_CLUSTER } from "#shared/constants.ts";
import { mapBusinessOf } from "#shared/map.ts";
import { businessAt, businessFeatures } from "./map-layers.ts";
import type { MapBusiness } from "./map-filters.ts";

const COLORS = ["#e4572e", "#a47148", "#9b5de5", "#808080"];

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function businesses(count: number, seed = 3): MapBusiness[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) =>
    mapBusinessOf({
      id: `b${i}`,
      name: `Business ${i}`,
      lat: 43.106651 + (next() - 0.5) * 0.05,
      lng: -79.066782 + (next() - 0.5) * 0.07,
      categoryId: `c${Math.floor(next() * COLORS.length)}`,
    }),
  );
}

const colorOf = (b: MapBusiness) => COLORS[Number(b.categoryId!.slice(1))]!;

/** The index MapLibre 6 builds in its worker for our clustered source (GeoJSONSource + createGeoJSONIndex). */
function clusterIndex(data: GeoJSON.FeatureCollection) {
  const tileUnitsPerPixel = 8192 / 512;
  return new GeoJSONVT(data, {
    maxZoom: 18,
    buffer: 128 * tileUnitsPerPixel,
    tolerance: 0.375 * tileUnitsPerPixel,
    extent: 8192,
    updateable: true,
    cluster: true,
    clusterOptions: {
      maxZoom: MAP_CLUSTER.maxZoom,
      minPoints: MAP_CLUSTER.minClusterSize,
      radius: MAP_CLUSTER.gridSizePx * tileUnitsPerPixel,
      extent: 8192,
      log: false,
      generateId: false,
    },
  });
}

/** What a tile draws: each circle's position, how many businesses it stands for and its colour. */
function drawn(index: GeoJSONVT, z: number, x: number, y: number) {
  const tile = index.getTile(z, x, y);
  return (tile?.features ?? [])
    .map((f) => {
      const tags = (f.tags ?? {}) as Record<string, unknown>;
      return { at: JSON.stringify(f.geometry), count: Number(tags.point_count ?? 1), color: tags.point_count ? null : tags.color };
    })
    .sort((a, b) => a.at.localeCompare(b.at) || a.count - b.count || String(a.color).localeCompare(String(b.color)));
}

function tileOf(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: Math.floor(((lng + 180) / 360) * n), y: Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n) };
}

describe("businessFeatures", () => {
  it("puts every business's position once under its colour", () => {
    const list = businesses(50);
    const data = businessFeatures(list, colorOf);
    expect(data.features.length).toBe(new Set(list.map(colorOf)).size);
    const positions = data.features.flatMap((f) => {
      const geometry = f.geometry as GeoJSON.MultiPoint;
      return geometry.coordinates.map(([lng, lat]) => `${String(f.properties!.color)} ${lng} ${lat}`);
    });
    expect(positions.sort()).toEqual(list.map((b) => `${colorOf(b)} ${b.lng} ${b.lat}`).sort());
  });

  const pointPerBusiness = (list: MapBusiness[]): GeoJSON.FeatureCollection => ({
    type: "FeatureCollection",
    features: list.map((b) => ({ type: "Feature", geometry: { type: "Point", coordinates: [b.lng, b.lat] }, properties: { id: b.id, color: colorOf(b) } })),
  });

  /** Every tile over the businesses from zoom 8 to 18, as `drawn` gives them. */
  function everyTile(index: GeoJSONVT) {
    const tiles: Record<string, ReturnType<typeof drawn>> = {};
    for (let z = 8; z <= 18; z++) {
      const from = tileOf(-79.066782 - 0.04, 43.106651 + 0.03, z);
      const to = tileOf(-79.066782 + 0.04, 43.106651 - 0.03, z);
      for (let x = from.x; x <= to.x; x++) for (let y = from.y; y <= to.y; y++) tiles[`${z}/${x}/${y}`] = drawn(index, z, x, y);
    }
    return tiles;
  }

  it("draws one category exactly like a feature per business: same clusters, counts and circles at every zoom", () => {
    const list = businesses(400).map((b) => ({ ...b, categoryId: "c1" }));
    // Two at the same address: never clustered above zoom 16, drawn on top of each other.
    list.push({ ...list[0]!, id: "twin" });
    const ours = everyTile(clusterIndex(businessFeatures(list, colorOf)));
    expect(ours).toEqual(everyTile(clusterIndex(pointPerBusiness(list))));
    expect(Object.values(ours).flat().length).toBeGreaterThan(list.length);
  });

  it("draws several colours like a feature per business met colour by colour", () => {
    // The clusterer is greedy, so which neighbours a cluster gathers depends on the order it meets the points in:
    // here, colour by colour (in the order the colours first appear), each in the businesses' order.
    const list = businesses(400);
    const byColour = [...new Set(list.map(colorOf))].flatMap((c) => list.filter((b) => colorOf(b) === c));
    const ours = everyTile(clusterIndex(businessFeatures(list, colorOf)));
    expect(ours).toEqual(everyTile(clusterIndex(pointPerBusiness(byColour))));
    // Whatever the order, every business is drawn once at every zoom, and never clustered above zoom 16.
    const inOriginalOrder = everyTile(clusterIndex(pointPerBusiness(list)));
    // A circle near a tile's edge is in the neighbouring tiles' buffers too: count it in its own tile only.
    const inside = (at: string) => (JSON.parse(at) as number[][]).flat().every((v) => v >= 0 && v < 8192);
    const total = (tiles: Record<string, ReturnType<typeof drawn>>, z: number) =>
      Object.entries(tiles)
        .filter(([key]) => key.startsWith(`${z}/`))
        .flatMap(([, features]) => features)
        .filter((f) => inside(f.at))
        .reduce((sum, f) => sum + f.count, 0);
    for (let z = 8; z <= 18; z++) {
      expect(total(ours, z)).toBe(list.length);
      expect(total(inOriginalOrder, z)).toBe(list.length);
    }
    for (const z of [17, 18]) {
      for (const [key, features] of Object.entries(ours)) if (key.startsWith(`${z}/`)) expect(features).toEqual(inOriginalOrder[key]);
    }
  });
});

describe("businessAt", () => {
  const places = [
    { id: "a", lat: 0, lng: 0, color: "red" },
    { id: "b", lat: 0, lng: 10, color: "red" },
    { id: "c", lat: 0, lng: 4, color: "blue" },
  ];
  // One degree of longitude is one pixel here.
  const project = (p: { lat: number; lng: number }) => ({ x: p.lng, y: -p.lat });
  const color = (p: { color: string }) => p.color;

  it("picks the nearest circle of a colour the click hit", () => {
    expect(businessAt(places, color, new Set(["red"]), project, { x: 3, y: 0 }, 8)?.id).toBe("a");
    expect(businessAt(places, color, new Set(["red"]), project, { x: 7, y: 0 }, 8)?.id).toBe("b");
    expect(businessAt(places, color, new Set(["red", "blue"]), project, { x: 3, y: 0 }, 8)?.id).toBe("c");
  });

  it("finds nothing beyond the tolerance or in other colours", () => {
    expect(businessAt(places, color, new Set(["red"]), project, { x: 30, y: 0 }, 8)).toBeNull();
    expect(businessAt(places, color, new Set(["green"]), project, { x: 0, y: 0 }, 8)).toBeNull();
  });
});
