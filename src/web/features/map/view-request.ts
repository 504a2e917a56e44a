// What a map of many businesses asks the server for a view (decision 0040): the clusters in a box at a zoom, and the
// businesses in view a page at a time. Boxes are rounded outward so that a view asks the same as its neighbour a
// pixel away, and kept within the ranges the server takes.
import type { MapFilters } from "./map-filters.ts";

/**
 * Above this many businesses the page no longer downloads them all: it asks for what each view shows. Up to it, one
 * download of every business lets the page filter and count without asking again.
 */
export const MAP_VIEW_THRESHOLD = 2000;

/** How many businesses the list beside the map shows at first, and adds for each "Show more". */
export const LIST_PAGE = 50;

export const CLUSTERS_URL = "/api/v1/geo/clusters";
export const IN_VIEW_URL = "/api/v1/geo/in-view";

/** What the map shows: its box in degrees (longitudes may run past ±180 on a map showing the world twice) and zoom. */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

export type ViewFilters = Pick<MapFilters, "categoryId" | "tagIds" | "openNow" | "features">;

const PLACES = 1e4;
const down = (n: number) => Math.floor(n * PLACES) / PLACES;
const up = (n: number) => Math.ceil(n * PLACES) / PLACES;
const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));

/**
 * The view's box as the server takes it (west,south,east,north within ±180 and ±90), widened by `margin` of its size
 * on each side. A box as wide as the world or wider is the whole world; one crossing the antimeridian keeps its west
 * edge above its east one.
 */
export function viewBox(view: MapView, margin = 0): [number, number, number, number] {
  const width = view.east - view.west;
  const height = view.north - view.south;
  const south = clampLat(down(view.south - height * margin));
  const north = clampLat(up(view.north + height * margin));
  const wide = width * (1 + 2 * margin);
  if (wide >= 360) return [-180, south, 180, north];
  const west = down(wrap(view.west - width * margin));
  const east = up(wrap(view.east + width * margin));
  // A rounded edge landing on 180 is the same meridian as -180.
  return [west === 180 ? -180 : west, south, east === -180 ? 180 : east, north];
}

/** The filters as the server's parameters, always in the same order (so that equal requests are equal addresses). */
function filterParams(params: URLSearchParams, filters: ViewFilters) {
  if (filters.categoryId) params.set("categoryId", filters.categoryId);
  else if (filters.tagIds.length > 0) params.set("tagIds", [...filters.tagIds].sort().join(","));
  if (filters.openNow) params.set("openNow", "true");
  if (filters.features.length > 0) params.set("attributes", filters.features.join(","));
}

/** Clusters for a little more than the view, so that circles just past its edge are drawn and a small pan finds them. */
export function clustersUrl(view: MapView, filters: ViewFilters): string {
  const params = new URLSearchParams({ bbox: viewBox(view, 0.25).join(","), zoom: String(Math.max(0, Math.min(24, Math.floor(view.zoom)))) });
  filterParams(params, filters);
  return `${CLUSTERS_URL}?${params}`;
}

/** A page of the businesses in the view itself, from `offset`. */
export function inViewUrl(view: MapView, filters: ViewFilters, offset: number, limit = LIST_PAGE): string {
  const params = new URLSearchParams({ bbox: viewBox(view).join(",") });
  filterParams(params, filters);
  if (offset > 0) params.set("offset", String(offset));
  params.set("limit", String(limit));
  return `${IN_VIEW_URL}?${params}`;
}

/** Which filters' businesses a framing is for: "Open now" does not move the map (as with every business loaded). */
export function framingFilterKey(filters: ViewFilters): string {
  return `${filters.categoryId ?? ""}|${[...filters.tagIds].sort().join(",")}|${filters.features.join(",")}`;
}
