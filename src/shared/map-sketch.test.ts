import { describe, expect, it } from "vitest";
import { areaForZoom, percent, positionsByColor, project, SKETCH_MAX_ZOOM, sketchBoxProperties, sketchLevelProperties, zoomForArea, type MapSketch } from "./map-sketch.ts";

const sketch: MapSketch = {
  total: 3,
  width: 0.02,
  height: 0.01,
  colors: ["#aa0000", "#00bb00"],
  levels: [
    { zoom: 14, clusters: [[50_000, 50_000, 2, "2", 0]], points: [[0, 0, 1]] },
    { zoom: 15, clusters: [], points: [] },
  ],
};

describe("project", () => {
  it("is Web Mercator from 0 to 1, west to east and north to south", () => {
    expect(project(0, 0)).toEqual([0.5, 0.5]);
    expect(project(-180, 0)[0]).toBe(0);
    expect(project(90, 0)[0]).toBe(0.75);
    expect(project(0, 85.0511287798)[1]).toBeCloseTo(0, 6);
    expect(project(0, -85.0511287798)[1]).toBeCloseTo(1, 6);
    // North is up: a place further north has the smaller y.
    expect(project(-79, 43.2)[1]).toBeLessThan(project(-79, 43.1)[1]);
  });
});

describe("zoomForArea and areaForZoom", () => {
  it("agree: the zoom an area gives is the highest whose framed bounds fit in it", () => {
    for (const area of [
      { width: 358, height: 464 },
      { width: 768, height: 756 },
      { width: 1920, height: 1000 },
      { width: 241, height: 3000 },
    ]) {
      const zoom = zoomForArea(sketch, area);
      const fits = (z: number) => {
        const needed = areaForZoom(sketch, z);
        return needed.width <= area.width && needed.height <= area.height;
      };
      expect(fits(zoom)).toBe(true);
      expect(fits(zoom + 1)).toBe(false);
    }
  });

  it("stops at the map's closest framing zoom", () => {
    expect(zoomForArea({ width: 1e-7, height: 1e-7 }, { width: 1000, height: 1000 })).toBe(SKETCH_MAX_ZOOM);
  });
});

describe("the sketch's custom properties", () => {
  it("give the box the bounds' aspect ratio and its width at zoom 18", () => {
    expect(sketchBoxProperties(sketch)).toEqual({ "--sketch-aspect": "2", "--sketch-max-width": `${0.02 * 2 ** 18}px` });
  });

  it("show each level from its zoom's area to the next zoom's, the closest zoom without end", () => {
    const at14 = areaForZoom(sketch, 14);
    const at15 = areaForZoom(sketch, 15);
    expect(sketchLevelProperties(sketch, 14)).toEqual({
      "--from-width": `${at14.width}px`,
      "--from-height": `${at14.height}px`,
      "--to-width": `${at15.width}px`,
      "--to-height": `${at15.height}px`,
    });
    expect(at14).toEqual({ width: 0.02 * 2 ** 14 + 80, height: 0.01 * 2 ** 14 + 80 });
    expect(sketchLevelProperties(sketch, SKETCH_MAX_ZOOM)["--to-width"]).toBe("1000000000px");
  });
});

describe("positionsByColor", () => {
  it("lists positions by colour, the colours in the order their first business comes", () => {
    const businesses = [
      { lat: 1, lng: 10, c: "blue" },
      { lat: 2, lng: 20, c: "red" },
      { lat: 3, lng: 30, c: "blue" },
    ];
    expect([...positionsByColor(businesses, (b) => b.c)]).toEqual([
      ["blue", [
        [10, 1],
        [30, 3],
      ]],
      ["red", [[20, 2]]],
    ]);
  });
});

describe("percent", () => {
  it("writes a share of the box in steps of 1/100,000 as a percentage", () => {
    expect(percent(0)).toBe("0%");
    expect(percent(12_345)).toBe("12.345%");
    expect(percent(100_000)).toBe("100%");
  });
});
