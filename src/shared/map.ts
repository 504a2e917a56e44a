// What the server sends the map: the style to draw and the businesses, categories and tags on it; the rules that
// pick and colour what the map shows, which the page and the server (for the map's first view) share.
import { MAP_CLUSTER } from "./constants.ts";

export type MapStyleConfig =
  /** Our muted style over OpenMapTiles-schema vector tiles (a TileJSON URL, or a PMTiles archive). */
  | { kind: "vector"; tilesUrl: string; glyphsUrl: string | null; attribution: string }
  /** Someone else's complete MapLibre style, used as is. */
  | { kind: "url"; url: string }
  /** Land colour only: no tiles, no outside requests (tests, air-gapped sites). */
  | { kind: "offline" };

export interface MapBusiness {
  id: string;
  name: string;
  description: string | null;
  address: string | null;
  logoUrl: string | null;
  lat: number;
  lng: number;
  categoryId: string | null;
  tagIds: string[];
  /** Open now in the site's time zone; null when the hours are not given. */
  openNow: boolean | null;
}

export interface MapCategory {
  id: string;
  name: string;
  color: string;
  count: number;
}

export interface MapTag {
  id: string;
  name: string;
}

/** Businesses in the picked category, or having any of the picked tags; only those open now when so switched. */
export function filterBusinesses<B extends Pick<MapBusiness, "categoryId" | "tagIds" | "openNow">>(
  businesses: B[],
  filters: { categoryId: string | null; tagIds: string[]; openNow: boolean },
): B[] {
  const open = filters.openNow ? businesses.filter((b) => b.openNow === true) : businesses;
  if (filters.categoryId) return open.filter((b) => b.categoryId === filters.categoryId);
  if (filters.tagIds.length > 0) {
    const wanted = new Set(filters.tagIds);
    return open.filter((b) => b.tagIds.some((id) => wanted.has(id)));
  }
  return open;
}

/** The category buttons' counts: "All (n)" and each category's (a category with none is absent). */
export interface CategoryCounts {
  total: number;
  byCategory: Record<string, number>;
}

/**
 * The category buttons' counts as faceted filters make them: the businesses that pass every filter in force but the
 * category itself, which is only "Open now" (by the list's own rule). Picked tags do not narrow them: picking a
 * category clears the tags, so a category's button leads to all of its businesses, open now when so switched.
 */
export function countByCategory<B extends Pick<MapBusiness, "categoryId" | "tagIds" | "openNow">>(
  businesses: B[],
  filters: { openNow: boolean },
): CategoryCounts {
  const counted = filterBusinesses(businesses, { categoryId: null, tagIds: [], openNow: filters.openNow });
  const byCategory = new Map<string, number>();
  for (const b of counted) if (b.categoryId !== null) byCategory.set(b.categoryId, (byCategory.get(b.categoryId) ?? 0) + 1);
  return { total: counted.length, byCategory: Object.fromEntries(byCategory) };
}

/** Spec section 9: a cluster is red when its count is above the greater of 10 and the mean count in view. */
export function clusterRedThreshold(countsInView: number[]): number {
  const mean = countsInView.length ? countsInView.reduce((sum, n) => sum + n, 0) / countsInView.length : 0;
  return Math.max(MAP_CLUSTER.redThreshold, mean);
}
