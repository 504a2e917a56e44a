// What the server sends the map: the style to draw and the businesses, categories and tags on it; the rules that
// pick and colour what the map shows, which the page and the server (for the map's first view) share.
// Without the validation library, which the map's page does not load: the map's schemas for the API are schemas/map.ts.
import type { z } from "zod";
import { MAP_CLUSTER } from "./constants.ts";
import type { Language } from "./i18n/languages.ts";
import type { businessFields } from "./schemas/business.ts";
import { businessFieldViews } from "./business-fields.ts";
import { yesNoColumns, type FieldView, type YesNoColumn } from "./schemas/entity.ts";

export type MapStyleConfig =
  /** Our muted style over OpenMapTiles-schema vector tiles (a TileJSON URL, or a PMTiles archive). */
  | { kind: "vector"; tilesUrl: string; glyphsUrl: string | null; attribution: string }
  /** Someone else's complete MapLibre style, used as is. */
  | { kind: "url"; url: string }
  /** Land colour only: no tiles, no outside requests (tests, air-gapped sites). */
  | { kind: "offline" };

type Defs = typeof businessFields;
/** The business fields the definition puts on the map (`map: true`). */
type MapFieldName = { [K in keyof Defs]: Defs[K] extends { map: true } ? K : never }[keyof Defs];
/** A field's value on the map: a yes/no field true or false, anything else as its rule gives it. */
type MapValue<K extends MapFieldName> = Defs[K] extends { widget: "checkbox" } ? boolean : z.output<Defs[K]["input"]>;

export const MAP_FIELDS = Object.entries(businessFieldViews).flatMap(([name, def]) => ((def as FieldView).map ? [[name as MapFieldName, def as FieldView] as const] : []));

/** The map's filters the definition makes: a yes/no field is one, a set of choices one per choice. */
export const MAP_FEATURES: ReadonlyArray<YesNoColumn & { field: MapFieldName }> = yesNoColumns(businessFieldViews, "map") as Array<YesNoColumn & { field: MapFieldName }>;

export type MapBusiness = { [K in MapFieldName]: MapValue<K> } & {
  id: string;
  lat: number;
  lng: number;
  logoUrl: string | null;
  categoryId: string | null;
  tagIds: string[];
  /** Open now in the site's time zone; null when the hours are not given. */
  openNow: boolean | null;
};

/** A stored value of a map field as the map has it: a yes/no column's 0 or 1 as false or true, a set of choices' JSON list as a list. */
export function mapValueOf(def: FieldView, stored: unknown): unknown {
  if (def.widget === "checkbox") return stored === true || stored === 1 || stored === "1";
  if (def.widget === "checkboxes") {
    let list: unknown = stored;
    try {
      if (typeof stored === "string") list = JSON.parse(stored);
    } catch {
      list = [];
    }
    // Those still among the choices, in the choices' order.
    const held = new Set(Array.isArray(list) ? list : []);
    return (def.options ?? []).flatMap((o) => (held.has(o.value) ? [o.value] : []));
  }
  return stored;
}

/** A map business from what is known of it; the rest as when not given (no text, no, none). */
export function mapBusinessOf(known: Pick<MapBusiness, "id" | "name" | "lat" | "lng"> & Partial<MapBusiness>): MapBusiness {
  const blank = Object.fromEntries(MAP_FIELDS.map(([name, def]) => [name, def.widget === "checkbox" ? false : def.widget === "checkboxes" ? [] : null]));
  return { ...(blank as unknown as Omit<MapBusiness, "id" | "lat" | "lng">), logoUrl: null, categoryId: null, tagIds: [], openNow: null, ...known };
}

/** Whether the business has the map feature (`MAP_FEATURES`' key). */
export function hasFeature(business: object, key: string): boolean {
  const feature = FEATURE_BY_KEY.get(key);
  if (!feature) return false;
  const value = (business as Record<string, unknown>)[feature.field];
  return feature.choice === null ? value === true : Array.isArray(value) && value.includes(feature.choice);
}
const FEATURE_BY_KEY = new Map(MAP_FEATURES.map((f) => [f.key, f]));

/** `name` is the stored name (addresses and links spell it); `label` is the name in the page's language, `lang` set when it is the original in another language. */
export interface MapCategory {
  id: string;
  name: string;
  color: string;
  count: number;
  label?: string;
  lang?: Language;
}

export interface MapTag {
  id: string;
  name: string;
  label?: string;
  lang?: Language;
}

/** What the filters read of a business (the features only when some are picked). */
type Filterable = Pick<MapBusiness, "categoryId" | "tagIds" | "openNow">;

/** The filters a list of map businesses is narrowed by; `features` (MAP_FEATURES' keys) must all hold. */
export interface ListFilters {
  categoryId: string | null;
  tagIds: string[];
  openNow: boolean;
  features?: readonly string[];
}

/** Businesses in the picked category, or having any of the picked tags; only those open now, and having every picked feature, when so switched. */
export function filterBusinesses<B extends Filterable>(businesses: B[], filters: ListFilters): B[] {
  const features = filters.features ?? [];
  const open = filters.openNow || features.length > 0 ? businesses.filter((b) => (!filters.openNow || b.openNow === true) && features.every((key) => hasFeature(b, key))) : businesses;
  if (filters.categoryId) return open.filter((b) => b.categoryId === filters.categoryId);
  if (filters.tagIds.length > 0) {
    const wanted = new Set(filters.tagIds);
    return open.filter((b) => b.tagIds.some((id) => wanted.has(id)));
  }
  return open;
}

/**
 * Each feature's count as faceted filters make them: the businesses that pass every filter in force (category or tags,
 * "Open now", the other features) and have this feature.
 */
export function countByFeature<B extends Filterable>(businesses: B[], filters: ListFilters): Record<string, number> {
  const picked = filters.features ?? [];
  const counts: Record<string, number> = {};
  for (const { key } of MAP_FEATURES) counts[key] = filterBusinesses(businesses, { ...filters, features: [...picked.filter((k) => k !== key), key] }).length;
  return counts;
}

/** The category buttons' counts: "All (n)" and each category's (a category with none is absent). */
export interface CategoryCounts {
  total: number;
  byCategory: Record<string, number>;
}

/**
 * The category buttons' counts as faceted filters make them: the businesses that pass every filter in force but the
 * category itself: "Open now" and the features picked (by the list's own rule). Picked tags do not narrow them: picking a
 * category clears the tags, so a category's button leads to all of its businesses, open now when so switched.
 */
export function countByCategory<B extends Filterable>(businesses: B[], filters: { openNow: boolean; features?: readonly string[] }): CategoryCounts {
  const counted = filterBusinesses(businesses, { categoryId: null, tagIds: [], openNow: filters.openNow, features: filters.features });
  const byCategory = new Map<string, number>();
  for (const b of counted) if (b.categoryId !== null) byCategory.set(b.categoryId, (byCategory.get(b.categoryId) ?? 0) + 1);
  return { total: counted.length, byCategory: Object.fromEntries(byCategory) };
}

/** Spec section 9: a cluster is red when its count is above the greater of 10 and the mean count in view. */
export function clusterRedThreshold(countsInView: number[]): number {
  const mean = countsInView.length ? countsInView.reduce((sum, n) => sum + n, 0) / countsInView.length : 0;
  return Math.max(MAP_CLUSTER.redThreshold, mean);
}
