import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "./map-filters.ts";
import { clustersUrl, framingFilterKey, inViewUrl, viewBox, type MapView } from "./view-request.ts";

const town: MapView = { west: -79.12345678, south: 43.05, east: -79.0, north: 43.15, zoom: 12.7 };
const params = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("viewBox", () => {
  it("rounds a view's box outward to four places", () => {
    expect(viewBox({ west: -79.12345678, south: 43.00001, east: -78.99999, north: 43.20001, zoom: 10 })).toEqual([-79.1235, 43, -78.9999, 43.2001]);
  });

  it("widens the box by the margin asked, on each side", () => {
    expect(viewBox({ west: 0, south: 0, east: 4, north: 2, zoom: 8 }, 0.25)).toEqual([-1, -0.5, 5, 2.5]);
  });

  it("is the whole world for a view as wide as the world or wider (a map showing it twice)", () => {
    expect(viewBox({ west: -300, south: -85, east: 300, north: 85, zoom: 0 })).toEqual([-180, -85, 180, 85]);
    expect(viewBox({ west: -100, south: 0, east: 100, north: 10, zoom: 1 }, 0.5)).toEqual([-180, -5, 180, 15]);
  });

  it("keeps latitudes within ±90", () => {
    expect(viewBox({ west: 0, south: -89, east: 10, north: 89, zoom: 1 }, 0.25)).toEqual([-2.5, -90, 12.5, 90]);
  });

  it("brings longitudes past ±180 back, west above east when the view crosses the antimeridian", () => {
    expect(viewBox({ west: 170, south: 0, east: 190, north: 10, zoom: 4 })).toEqual([170, 0, -170, 10]);
    expect(viewBox({ west: -190, south: 0, east: -170, north: 10, zoom: 4 })).toEqual([170, 0, -170, 10]);
    expect(viewBox({ west: 200, south: 0, east: 210, north: 10, zoom: 4 })).toEqual([-160, 0, -150, 10]);
  });
});

describe("what a view asks the server", () => {
  it("asks for the clusters of a little more than the view at its zoom rounded down", () => {
    const url = clustersUrl(town, NO_FILTERS);
    expect(url.startsWith("/api/v1/geo/clusters?")).toBe(true);
    expect(params(url)).toEqual({ bbox: "-79.1544,43.025,-78.9691,43.175", zoom: "12" });
  });

  it("asks for the list of the view itself, a page at a time", () => {
    expect(params(inViewUrl(town, NO_FILTERS, 0))).toEqual({ bbox: "-79.1235,43.05,-79,43.15", limit: "50" });
    expect(params(inViewUrl(town, NO_FILTERS, 100, 20))).toEqual({ bbox: "-79.1235,43.05,-79,43.15", offset: "100", limit: "20" });
  });

  it("sends the filters as the server names them: a category wins over tags, tags in one order", () => {
    const filters = { ...NO_FILTERS, categoryId: "cat", tagIds: ["b", "a"], openNow: true, features: ["patio", "step-free-entrance"] };
    expect(params(clustersUrl(town, filters))).toMatchObject({ categoryId: "cat", openNow: "true", attributes: "patio,step-free-entrance" });
    expect(params(clustersUrl(town, filters)).tagIds).toBeUndefined();
    expect(params(inViewUrl(town, { ...filters, categoryId: null }, 0)).tagIds).toBe("a,b");
    expect(clustersUrl(town, { ...filters, categoryId: null, tagIds: ["a", "b"] })).toBe(clustersUrl(town, { ...filters, categoryId: null }));
  });

  it("never asks for a zoom outside 0 to 24", () => {
    expect(params(clustersUrl({ ...town, zoom: -0.5 }, NO_FILTERS)).zoom).toBe("0");
    expect(params(clustersUrl({ ...town, zoom: 26 }, NO_FILTERS)).zoom).toBe("24");
  });

  it("frames a filter's businesses again when the category, tags or features change, not for Open now", () => {
    expect(framingFilterKey({ ...NO_FILTERS, openNow: true })).toBe(framingFilterKey(NO_FILTERS));
    expect(framingFilterKey({ ...NO_FILTERS, categoryId: "cat" })).not.toBe(framingFilterKey(NO_FILTERS));
    expect(framingFilterKey({ ...NO_FILTERS, features: ["patio"] })).not.toBe(framingFilterKey(NO_FILTERS));
  });
});
