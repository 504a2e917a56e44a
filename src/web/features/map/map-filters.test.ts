import { describe, expect, it } from "vitest";
import { countByCategory, countByFeature, mapBusinessOf } from "#shared/map.ts";
import {
  clusterRedThreshold,
  filterBusinesses,
  filtersToSearch,
  frameFor,
  locationsHeading,
  matchSearchItems,
  NO_FILTERS,
  parseFilters,
  searchItems,
  type MapBusiness,
} from "./map-filters.ts";

const categories = [
  { id: "c1", name: "Cafés", color: "#a47148", count: 2 },
  { id: "c2", name: "Bars & Nightlife", color: "#1d3557", count: 1 },
];
const tags = [{ id: "t1", name: "Patio" }, { id: "t2", name: "Live Music" }];
const business = (id: string, name: string, categoryId: string | null, tagIds: string[], lat = 43.1, lng = -79.07): MapBusiness => mapBusinessOf({ id, name, lat, lng, categoryId, tagIds });
const businesses = [
  business("b1", "Bean There", "c1", ["t1"], 43.1, -79.07),
  business("b2", "Crumb", "c1", [], 43.2, -79.05),
  business("b3", "The Barrel", "c2", ["t1", "t2"], 43.15, -79.1),
];

describe("map filters", () => {
  it("read and write a shareable URL by names, a category winning over tags in a hand-made link", () => {
    const filters = parseFilters(new URLSearchParams("tag=patio&tag=Live%20Music&hide=tags"), categories, tags);
    expect(filters).toEqual({ categoryId: null, tagIds: ["t1", "t2"], show: { markers: true, categories: true, tags: false }, openNow: false, features: [] });
    expect(filtersToSearch(filters, categories, tags)).toBe("?tag=Patio&tag=Live+Music&hide=tags");
    expect(parseFilters(new URLSearchParams("category=bars+%26+nightlife&tag=Patio"), categories, tags)).toMatchObject({ categoryId: "c2", tagIds: [] });
    expect(filtersToSearch(NO_FILTERS, categories, tags)).toBe("");
    expect(parseFilters(new URLSearchParams("open=now"), categories, tags).openNow).toBe(true);
    expect(filtersToSearch({ ...NO_FILTERS, openNow: true }, categories, tags)).toBe("?open=now");
  });

  it("read and write the attributes picked, in the list's order, leaving out ones not offered", () => {
    const filters = parseFilters(new URLSearchParams("attributes=hearing-loop,ramp,step-free-entrance&open=now"), categories, tags);
    expect(filters.features).toEqual(["step-free-entrance", "hearing-loop"]);
    expect(filtersToSearch(filters, categories, tags)).toBe("?open=now&attributes=step-free-entrance%2Chearing-loop");
  });

  it("keep only the businesses with every attribute picked, and count each attribute with the other filters in force", () => {
    const withAttributes = businesses.map((b, i) => ({ ...b, attributes: [["step-free-entrance", "hearing-loop"], ["step-free-entrance"], []][i]! as MapBusiness["attributes"] }));
    expect(filterBusinesses(withAttributes, { ...NO_FILTERS, features: ["step-free-entrance"] }).map((b) => b.id)).toEqual(["b1", "b2"]);
    expect(filterBusinesses(withAttributes, { ...NO_FILTERS, features: ["step-free-entrance", "hearing-loop"] }).map((b) => b.id)).toEqual(["b1"]);
    expect(countByFeature(withAttributes, NO_FILTERS)).toMatchObject({ "step-free-entrance": 2, "hearing-loop": 1, patio: 0 });
    // With hearing loop picked, step-free counts those with both; in category c1 only.
    expect(countByFeature(withAttributes, { ...NO_FILTERS, features: ["hearing-loop"] })).toMatchObject({ "step-free-entrance": 1, "hearing-loop": 1 });
    expect(countByFeature(withAttributes, { ...NO_FILTERS, categoryId: "c2" })).toMatchObject({ "step-free-entrance": 0 });
    expect(countByCategory(withAttributes, { openNow: false, features: ["step-free-entrance"] })).toEqual({ total: 2, byCategory: { c1: 2 } });
  });

  it("keep only the businesses open now when the switch is on, with the other filters", () => {
    const states = businesses.map((b, i) => ({ ...b, openNow: [true, false, null][i]! }));
    expect(filterBusinesses(states, { ...NO_FILTERS, openNow: true }).map((b) => b.id)).toEqual(["b1"]);
    expect(filterBusinesses(states, { ...NO_FILTERS, openNow: true, categoryId: "c2" })).toEqual([]);
    expect(filterBusinesses(states, NO_FILTERS)).toHaveLength(3);
  });

  it("filter by category, or by any picked tag, and name the list accordingly", () => {
    expect(filterBusinesses(businesses, { ...NO_FILTERS, categoryId: "c1" }).map((b) => b.id)).toEqual(["b1", "b2"]);
    expect(filterBusinesses(businesses, { ...NO_FILTERS, tagIds: ["t2"] }).map((b) => b.id)).toEqual(["b3"]);
    expect(filterBusinesses(businesses, { ...NO_FILTERS, tagIds: ["t1", "t2"] }).map((b) => b.id)).toEqual(["b1", "b3"]);
    expect(locationsHeading(NO_FILTERS, categories)).toBe("All Locations");
    expect(locationsHeading({ ...NO_FILTERS, categoryId: "c2" }, categories)).toBe("Bars & Nightlife Locations");
    expect(locationsHeading({ ...NO_FILTERS, tagIds: ["t1"] }, categories)).toBe("Tagged Locations");
  });

  it("search matches a substring of the name, case-insensitively, sorted by name", () => {
    const items = searchItems(businesses, categories, tags);
    expect(matchSearchItems(items, "BAR").map((i) => `${i.name} (${i.kind})`)).toEqual(["Bars & Nightlife (category)", "The Barrel (marker)"]);
    expect(matchSearchItems(items, "  ")).toEqual([]);
    // Without regard to accents, either way.
    const accented = [{ kind: "marker" as const, id: "e", name: "Émile's Fine Cheese", coordinates: { lat: 0, lng: 0 } }];
    expect(matchSearchItems(accented, "emile").map((i) => i.name)).toEqual(["Émile's Fine Cheese"]);
    expect(matchSearchItems(accented, "ÉMILE").map((i) => i.name)).toEqual(["Émile's Fine Cheese"]);
    expect(matchSearchItems(items, "")).toEqual([]);
  });

  it("clusters are red above the greater of 10 and the mean count in view", () => {
    expect(clusterRedThreshold([2, 3, 4])).toBe(10);
    expect(clusterRedThreshold([30, 10, 20])).toBe(20);
    expect(clusterRedThreshold([])).toBe(10);
  });

  it("frames one result at zoom 18, several by their bounds, none on the visitor or the default centre at 15", () => {
    const zoom = { default: 15, singleSelection: 18 };
    const centre = { lat: 43.106651, lng: -79.066782 };
    expect(frameFor([businesses[0]!], null, centre, zoom)).toEqual({ kind: "point", lat: 43.1, lng: -79.07, zoom: 18 });
    expect(frameFor(businesses, null, centre, zoom)).toEqual({ kind: "bounds", west: -79.1, south: 43.1, east: -79.05, north: 43.2 });
    expect(frameFor([], { lat: 43, lng: -79 }, centre, zoom)).toEqual({ kind: "point", lat: 43, lng: -79, zoom: 15 });
    expect(frameFor([], null, centre, zoom)).toEqual({ kind: "point", ...centre, zoom: 15 });
  });
});
