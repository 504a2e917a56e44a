import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MAP_CLUSTER, UNKNOWN_CATEGORY_COLOR } from "#shared/constants.ts";
import { project, SKETCH_AREA, SKETCH_STEPS, zoomForArea, type MapSketch } from "#shared/map-sketch.ts";
import { mapSketch } from "./map-sketch.ts";

const cafes = { id: "cafes", color: "#a47148" };
const shops = { id: "shops", color: "#2e86ab" };

type Spot = { lat: number; lng: number; categoryId: string | null };

/** `count` businesses within a few metres of a spot. */
function group(count: number, at: { lat: number; lng: number }, categoryId: string | null = cafes.id): Spot[] {
  return Array.from({ length: count }, (_, i) => ({ lat: at.lat + (i % 5) * 1e-5, lng: at.lng + Math.floor(i / 5) * 1e-5, categoryId }));
}

function everyLevelHoldsAll(sketch: MapSketch) {
  for (const level of sketch.levels) {
    const clustered = level.clusters.reduce((sum, cluster) => sum + cluster[2], 0);
    expect(clustered + level.points.length, `zoom ${level.zoom}`).toBe(sketch.total);
  }
}

describe("mapSketch", () => {
  it("is none for fewer than two businesses, or for businesses at one spot or on one line (the map frames those by a point)", () => {
    expect(mapSketch([], [])).toBeNull();
    expect(mapSketch([{ lat: 43.1, lng: -79.07, categoryId: null }], [])).toBeNull();
    expect(mapSketch(Array.from({ length: 3 }, () => ({ lat: 43.1, lng: -79.07, categoryId: null })), [])).toBeNull();
    expect(
      mapSketch(
        [
          { lat: 43.1, lng: -79.07, categoryId: null },
          { lat: 43.1, lng: -79.06, categoryId: null },
        ],
        [],
      ),
    ).toBeNull();
  });

  it("places each business at its share of the projected bounds, west to east and north to south", () => {
    const west = { lat: 43.11, lng: -79.08, categoryId: cafes.id };
    const east = { lat: 43.1, lng: -79.05, categoryId: shops.id };
    const middle = { lat: 43.104, lng: -79.07, categoryId: null };
    const sketch = mapSketch([west, east, middle], [cafes, shops])!;
    const [x0, y0] = project(west.lng, west.lat);
    const [x1, y1] = project(east.lng, east.lat);
    expect(sketch.width).toBeCloseTo((x1 - x0) * 512, 12);
    expect(sketch.height).toBeCloseTo((y1 - y0) * 512, 12);
    expect(sketch.colors).toEqual([cafes.color, shops.color, UNKNOWN_CATEGORY_COLOR]);
    // At the closest zoom the three are apart.
    const closest = sketch.levels.at(-1)!;
    expect(closest.clusters).toEqual([]);
    const [mx, my] = project(middle.lng, middle.lat);
    expect(closest.points).toEqual([
      [0, 0, 0],
      [SKETCH_STEPS, SKETCH_STEPS, 1],
      [Math.round(((mx - x0) / (x1 - x0)) * SKETCH_STEPS), Math.round(((my - y0) / (y1 - y0)) * SKETCH_STEPS), 2],
    ]);
  });

  it("has a level for each whole zoom from a phone's map to a wide screen's, each holding every business once", () => {
    const businesses = [...group(30, { lat: 43.11, lng: -79.08 }), ...group(12, { lat: 43.1, lng: -79.05 }, shops.id), ...group(3, { lat: 43.09, lng: -79.06 }, null)];
    const sketch = mapSketch(businesses, [cafes, shops])!;
    expect(sketch.total).toBe(45);
    const zooms = sketch.levels.map((level) => level.zoom);
    expect(zooms[0]).toBe(zoomForArea(sketch, SKETCH_AREA.min));
    expect(zooms.at(-1)).toBe(zoomForArea(sketch, SKETCH_AREA.max));
    expect(zooms).toEqual(Array.from({ length: zooms.length }, (_, i) => zooms[0]! + i));
    everyLevelHoldsAll(sketch);
  });

  it("makes a cluster red when it holds more than the greater of 10 and the mean in view (spec section 9)", () => {
    // Three groups far enough apart to stay three clusters at the lowest zoom: 30, 12 and 3 (mean 15).
    const businesses = [...group(30, { lat: 43.2, lng: -79.3 }), ...group(12, { lat: 43.0, lng: -78.9 }), ...group(3, { lat: 43.2, lng: -78.9 })];
    const sketch = mapSketch(businesses, [cafes])!;
    const level = sketch.levels[0]!;
    expect(level.clusters.map(([, , count, label, red]) => [count, label, red]).sort((a, b) => Number(b[0]) - Number(a[0]))).toEqual([
      [30, "30", 1],
      [12, "12", 0],
      [3, "3", 0],
    ]);
  });

  it("labels big clusters as the map does (1.2k, 15k)", () => {
    const businesses = [...group(1234, { lat: 43.2, lng: -79.3 }), ...group(2, { lat: 43.0, lng: -78.9 })];
    const labels = mapSketch(businesses, [cafes])!.levels[0]!.clusters.map((cluster) => cluster[3]);
    expect(labels).toContain("1.2k");
  });

  it("holds a few hundred circles at most on the largest map, whatever the number of businesses", () => {
    // 2,000 businesses 200 metres apart in a grid: more than a map can show apart.
    const businesses: Spot[] = [];
    for (let row = 0; row < 40; row++) for (let col = 0; col < 50; col++) businesses.push({ lat: 43 + row * 0.0018, lng: -79.5 + col * 0.00246, categoryId: cafes.id });
    const sketch = mapSketch(businesses, [cafes])!;
    const largest = sketch.levels.at(-1)!;
    expect(largest.zoom).toBe(zoomForArea(sketch, SKETCH_AREA.max));
    const circles = largest.clusters.length + largest.points.length;
    const { width, height } = SKETCH_AREA.max;
    expect(circles).toBeLessThanOrEqual(Math.ceil(width / MAP_CLUSTER.gridSizePx) * Math.ceil(height / MAP_CLUSTER.gridSizePx));
    expect(circles).toBeGreaterThan(0);
    expect(circles).toBeLessThan(businesses.length / 10);
    everyLevelHoldsAll(sketch);
  });

  it("writes only plain hex colours into the page's style sheet", () => {
    const odd = { id: "odd", color: "red}body{display:none" };
    const sketch = mapSketch([...group(2, { lat: 43.1, lng: -79.1 }, odd.id), ...group(2, { lat: 43.0, lng: -79.0 }, shops.id)], [odd, shops])!;
    expect(sketch.colors).toEqual([UNKNOWN_CATEGORY_COLOR, shops.color]);
  });

  it("clusters as the map does: MapLibre's own clusterer, the same copy MapLibre loads, with the map's options", () => {
    const fromMapLibre = createRequire(fileURLToPath(new URL("../../../../node_modules/maplibre-gl/package.json", import.meta.url)));
    const ours = createRequire(import.meta.url);
    expect(fs.realpathSync(ours.resolve("@maplibre/geojson-vt"))).toBe(fs.realpathSync(fromMapLibre.resolve("@maplibre/geojson-vt")));
    // The map's source options (map-canvas.tsx) are read from the same constants.
    expect(MAP_CLUSTER).toMatchObject({ gridSizePx: 60, minClusterSize: 2, maxZoom: 16 });
  });
});
