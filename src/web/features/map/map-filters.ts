// The map's filter state, kept in the URL so a filtered map can be shared, and the rules that apply it.
import { MAP_FEATURES, type MapBusiness, type MapCategory, type MapTag } from "#shared/map.ts";
import type { TFunction } from "i18next";
import { messages } from "#shared/messages.ts";
import { fold } from "#shared/text.ts";

export type { MapBusiness, MapCategory, MapTag };
export { clusterRedThreshold, filterBusinesses } from "#shared/map.ts";

/** Spec section 3: three visibility switches, all on by default. */
export interface MapVisibility {
  markers: boolean;
  categories: boolean;
  tags: boolean;
}

export interface MapFilters {
  /** Category id, or null for all. */
  categoryId: string | null;
  tagIds: string[];
  show: MapVisibility;
  /** Only the businesses open now (`?open=now`). */
  openNow: boolean;
  /** Only the businesses with every one of these (`MAP_FEATURES`' keys: `?attributes=step-free-entrance,patio`). */
  features: string[];
}

export const NO_FILTERS: MapFilters = { categoryId: null, tagIds: [], show: { markers: true, categories: true, tags: true }, openNow: false, features: [] };

const SWITCHES = ["markers", "categories", "tags"] as const;

/** Reads `?category=<name>&tag=<name>&hide=markers,tags&open=now&attributes=<key>,<key>` (names, so shared links stay readable). */
export function parseFilters(search: URLSearchParams, categories: MapCategory[], tags: MapTag[]): MapFilters {
  const categoryName = search.get("category")?.toLowerCase();
  const category = categoryName ? categories.find((c) => c.name.toLowerCase() === categoryName) : undefined;
  const tagNames = new Set(search.getAll("tag").map((t) => t.toLowerCase()));
  const hidden = new Set((search.get("hide") ?? "").split(","));
  const asked = new Set((search.get("attributes") ?? "").split(","));
  return {
    // A category and tags are never both picked; the category wins in a hand-made link.
    categoryId: category?.id ?? null,
    tagIds: category ? [] : tags.filter((t) => tagNames.has(t.name.toLowerCase())).map((t) => t.id),
    show: { markers: !hidden.has("markers"), categories: !hidden.has("categories"), tags: !hidden.has("tags") },
    openNow: search.get("open") === "now",
    // Known ones, in the list's order; a key no longer offered is left out.
    features: MAP_FEATURES.map((f) => f.key).filter((key) => asked.has(key)),
  };
}

export function filtersToSearch(filters: MapFilters, categories: MapCategory[], tags: MapTag[]): string {
  const params = new URLSearchParams();
  const category = categories.find((c) => c.id === filters.categoryId);
  if (category) params.set("category", category.name);
  for (const id of filters.tagIds) {
    const tag = tags.find((t) => t.id === id);
    if (tag) params.append("tag", tag.name);
  }
  const hidden = SWITCHES.filter((s) => !filters.show[s]);
  if (hidden.length > 0) params.set("hide", hidden.join(","));
  if (filters.openNow) params.set("open", "now");
  if (filters.features.length > 0) params.set("attributes", filters.features.join(","));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * Whether no category and no tag narrows the list: the state the "All" button stands for, and the one pressing it
 * returns to (it clears the tags too). The "Open now" switch is a filter of its own, shown beside.
 */
export function showsAll(filters: Pick<MapFilters, "categoryId" | "tagIds">): boolean {
  return filters.categoryId === null && filters.tagIds.length === 0;
}

/** The list's heading for the filters: in the page's language when given its `t` (English otherwise). */
export function locationsHeading(filters: MapFilters, categories: MapCategory[], t?: TFunction<"public">): string {
  const category = categories.find((c) => c.id === filters.categoryId);
  if (category) return t ? t("map.categoryLocations", { category: category.label ?? category.name }) : messages.map.categoryLocations(category.name);
  if (filters.tagIds.length > 0) return t ? t("map.taggedLocations") : messages.map.taggedLocations;
  return t ? t("map.allLocations") : messages.map.allLocations;
}

export type SearchItem =
  | { kind: "category"; id: string; name: string }
  | { kind: "tag"; id: string; name: string }
  | { kind: "marker"; id: string; name: string; coordinates: { lat: number; lng: number } };

export function searchItems(businesses: MapBusiness[], categories: MapCategory[], tags: MapTag[]): SearchItem[] {
  return [
    ...categories.map((c) => ({ kind: "category" as const, id: c.id, name: c.name })),
    ...tags.map((t) => ({ kind: "tag" as const, id: t.id, name: t.name })),
    ...businesses.map((b) => ({ kind: "marker" as const, id: b.id, name: b.name, coordinates: { lat: b.lat, lng: b.lng } })),
  ];
}

/** Substring match on the name, without regard to case or accents ("cafe" finds "Café"), sorted by name. */
export function matchSearchItems(items: SearchItem[], text: string): SearchItem[] {
  const needle = fold(text.trim());
  if (!needle) return [];
  return items
    .filter((item) => fold(item.name).includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
}

export type Framing =
  | { kind: "point"; lat: number; lng: number; zoom: number }
  | { kind: "bounds"; west: number; south: number; east: number; north: number };

/** One result: on it at zoom 18; several: all of them; none: the visitor, or the site's centre, at zoom 15. */
export function frameFor(
  results: MapBusiness[],
  visitor: { lat: number; lng: number } | null,
  fallback: { lat: number; lng: number },
  zoom: { default: number; singleSelection: number },
): Framing {
  if (results.length === 1) return { kind: "point", lat: results[0]!.lat, lng: results[0]!.lng, zoom: zoom.singleSelection };
  if (results.length > 1) {
    let west = Infinity;
    let south = Infinity;
    let east = -Infinity;
    let north = -Infinity;
    for (const b of results) {
      west = Math.min(west, b.lng);
      east = Math.max(east, b.lng);
      south = Math.min(south, b.lat);
      north = Math.max(north, b.lat);
    }
    return { kind: "bounds", west, south, east, north };
  }
  const centre = visitor ?? fallback;
  return { kind: "point", lat: centre.lat, lng: centre.lng, zoom: zoom.default };
}
