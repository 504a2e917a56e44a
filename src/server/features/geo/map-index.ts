// What the map's cluster index keeps of every business (decision 0046): its position and what the map's filters ask
// of it (category, tags, map features, hours), in typed arrays, and nothing it answers: the businesses a view shows
// are read from the database by id. At 100,000 businesses this is a few megabytes where whole rows were tens.
import Supercluster from "supercluster";
import { MAP_CLUSTER } from "#shared/constants.ts";
import { MAP_FEATURES, type CategoryCounts } from "#shared/map.ts";
import { holds } from "#shared/schemas/entity.ts";
import type { OpeningHours } from "#shared/schemas/opening-hours.ts";
import { isOpenNow, type HoursClock } from "#server/lib/hours/hours-status.ts";
import { parseStoredHours } from "#server/lib/hours/stored-hours.ts";
import { loadInSteps } from "./supercluster-trees.ts";
import type { IndexRow } from "./map-data.repository.ts";

export type BoundingBox = readonly [west: number, south: number, east: number, north: number];

export interface ViewFilters {
  categoryId: string | null;
  tagIds: string[];
  openNow: boolean;
  /** MAP_FEATURES' keys, every one of which a business must have. */
  attributes: string[];
}

/** A business in the index: its slot in the source (kept while it stays, whatever the list order does). */
export type Point = GeoJSON.Feature<GeoJSON.Point, { i: number }>;

/**
 * Every business with a position, each at a slot in every array. A full read puts them at their places in the map's
 * list order; a change read since (map-index-changes.ts) keeps the slots of those still there, adds new businesses at
 * new slots and leaves the slots of those gone empty, so a filter's index whose businesses did not change stays valid.
 */
export interface IndexSource {
  /** The business at each slot, "" for a slot whose business is gone. */
  ids: string[];
  /** Its name, which places it in the list's order: a change of name moves it. */
  names: string[];
  /** One feature per slot, shared by every filter's index (Supercluster keeps the points it indexes). */
  points: Point[];
  /** The business's category as a place in `categoryIds`, -1 for none. */
  category: Int32Array;
  categoryIds: string[];
  /** The business's tags are `tagList[tagStart[n]]` to `tagList[tagStart[n + 1]]`, places in `tagIds`. */
  tagStart: Uint32Array;
  tagList: Uint32Array;
  tagIds: string[];
  /** Bit k of the business's word holds when it has MAP_FEATURES[k] (`FEATURE_WORDS` words per business). */
  features: Uint32Array;
  /** The business's opening hours as a place in `hours` (stored as `hoursText`), -1 for none; the same hours are kept once. */
  hoursOf: Int32Array;
  hours: Array<OpeningHours | null>;
  hoursText: string[];
  /** The slots of the businesses there are, in the map's list order (by name). */
  order: Uint32Array;
  /** Each slot's place in `order` (`NO_RANK` for an empty slot). */
  rank: Uint32Array;
  /** The slot of each business; shared with the sources made from this one by a change read (only the newest reads it). */
  slotOf: Map<string, number>;
}

export const NO_RANK = 0xffffffff;

/** A cluster as a view shows it. */
export interface MapCluster {
  id: number;
  lat: number;
  lng: number;
  count: number;
  /** The zoom at which the cluster splits into smaller clusters or businesses. */
  expansionZoom: number;
}

/** What a view shows at a place: a cluster, or the business at a slot of the source on its own. */
export type ViewItem = { cluster: MapCluster; slot?: undefined } | { slot: number; cluster?: undefined };

export interface Index {
  /** The filters' businesses (slots in the source) in the list's order. */
  order: Uint32Array;
  total: number;
  bounds: [west: number, south: number, east: number, north: number] | null;
  /** The index built whole that this one answers from: itself, or the one before the businesses `written` since. */
  readonly built: BuiltIndex;
  /** The slots of the businesses written since `built` was built, which this one shows where they are now. */
  readonly written: ReadonlySet<number>;
  /** The clusters and single businesses in the box at the zoom. */
  view(bbox: BoundingBox, zoom: number): ViewItem[];
}

/** An index built whole by Supercluster from the source's businesses the filters keep. */
export class BuiltIndex implements Index {
  readonly clusters: Supercluster<{ i: number }>;
  readonly order: Uint32Array;
  readonly total: number;
  readonly bounds: Index["bounds"];
  readonly written: ReadonlySet<number> = new Set();
  /** Each slot's place among the points loaded, -1 for none: made with the index, so a view after a write need not. */
  private readonly loadedAt: Int32Array;

  constructor(clusters: Supercluster<{ i: number }>, order: Uint32Array, bounds: Index["bounds"]) {
    this.clusters = clusters;
    this.order = order;
    this.total = order.length;
    this.bounds = bounds;
    this.loadedAt = new Int32Array(order.reduce((most, i) => Math.max(most, i + 1), 0)).fill(-1);
    order.forEach((i, place) => (this.loadedAt[i] = place));
  }

  get built(): BuiltIndex {
    return this;
  }

  view(bbox: BoundingBox, zoom: number): ViewItem[] {
    return this.clusters.getClusters([...bbox], zoom).map((feature) => {
      const properties = feature.properties as Partial<Supercluster.ClusterProperties> & { i?: number };
      if (!properties.cluster) return { slot: properties.i! };
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const id = properties.cluster_id!;
      return { cluster: { id, lat, lng, count: properties.point_count!, expansionZoom: this.clusters.getClusterExpansionZoom(id) } };
    });
  }

  /** The business's place among the points Supercluster was given (the list's order), -1 when not among them. */
  loaded(slot: number): number {
    return slot < this.loadedAt.length ? this.loadedAt[slot]! : -1;
  }
}

export const FEATURE_WORDS = Math.max(1, Math.ceil(MAP_FEATURES.length / 32));
const FEATURE_FIELDS = [...new Set(MAP_FEATURES.map((feature) => feature.field))];

/** Whether the row has a position the map can place. */
export function isPlaced(row: IndexRow): boolean {
  return row.lat !== null && row.lng !== null && Number.isFinite(Number(row.lat)) && Number.isFinite(Number(row.lng));
}

export function pointAt(row: IndexRow, slot: number): Point {
  return { type: "Feature", geometry: { type: "Point", coordinates: [Number(row.lng), Number(row.lat)] }, properties: { i: slot } };
}

/** The row's MAP_FEATURES as the index's bits. */
export function featureWords(row: IndexRow): Uint32Array {
  const words = new Uint32Array(FEATURE_WORDS);
  for (const [k, feature] of MAP_FEATURES.entries()) if (holds(feature, row[feature.field])) words[k >> 5]! |= 1 << (k & 31);
  return words;
}

/** The index's source from the businesses as read (`rows` in the map's list order) and their tag links. */
export function indexSource(rows: readonly IndexRow[], links: ReadonlyArray<{ businessId: string; tagId: string }>): IndexSource {
  const steps = sourceSteps(rows, links);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** `indexSource`, awaiting `pause` after each `SOURCE_STEP` businesses (decision 0058). */
export async function indexSourceInSteps(rows: readonly IndexRow[], links: ReadonlyArray<{ businessId: string; tagId: string }>, pause: () => Promise<void>): Promise<IndexSource> {
  const steps = sourceSteps(rows, links);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** Businesses (or tag links) `indexSource` takes between two pauses: a few milliseconds (10,000 until decision 0071's round). */
const SOURCE_STEP = 1_000;

/** `indexSource`'s work, stopping after each `SOURCE_STEP` businesses or links. */
function* sourceSteps(rows: readonly IndexRow[], links: ReadonlyArray<{ businessId: string; tagId: string }>): Generator<void, IndexSource> {
  const placed: IndexRow[] = [];
  for (let at = 0; at < rows.length; at++) {
    if (at > 0 && at % SOURCE_STEP === 0) yield;
    if (isPlaced(rows[at]!)) placed.push(rows[at]!);
  }
  yield;
  const n = placed.length;
  const ids = new Array<string>(n);
  const points = new Array<Point>(n);
  const category = new Int32Array(n);
  const features = new Uint32Array(n * FEATURE_WORDS);
  const hoursOf = new Int32Array(n);
  const categoryIds: string[] = [];
  const categoryPlace = new Map<string, number>();
  const hours: Array<OpeningHours | null> = [];
  const hoursText: string[] = [];
  const hoursPlace = new Map<string, number>();
  const placeOf = new Map<string, number>();
  const names = new Array<string>(n);
  // Most businesses share a handful of feature values ("[]" above all): each is read once.
  const wordsOf = new Map<string, Uint32Array>();
  const featureWordsOf = (row: IndexRow) => {
    const key = FEATURE_FIELDS.map((field) => String(row[field])).join("\u0000");
    let words = wordsOf.get(key);
    if (!words) {
      words = featureWords(row);
      wordsOf.set(key, words);
    }
    return words;
  };
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % SOURCE_STEP === 0) yield;
    const row = placed[i]!;
    ids[i] = row.id;
    names[i] = row.name;
    placeOf.set(row.id, i);
    points[i] = pointAt(row, i);
    category[i] = row.categoryId === null ? -1 : placeIn(categoryPlace, categoryIds, row.categoryId);
    hoursOf[i] = row.openingHours ? placeIn(hoursPlace, hours, row.openingHours, (text) => (hoursText.push(text), parseStoredHours(text))) : -1;
    const words = featureWordsOf(row);
    for (let w = 0; w < FEATURE_WORDS; w++) features[i * FEATURE_WORDS + w] = words[w]!;
  }
  yield;
  // The tag links grouped by business, as offsets into one list.
  const tagIds: string[] = [];
  const tagPlace = new Map<string, number>();
  const linked: Array<readonly [number, number]> = [];
  for (let at = 0; at < links.length; at++) {
    if (at > 0 && at % SOURCE_STEP === 0) yield;
    const link = links[at]!;
    const i = placeOf.get(link.businessId);
    if (i !== undefined) linked.push([i, placeIn(tagPlace, tagIds, link.tagId)]);
  }
  const tagStart = new Uint32Array(n + 1);
  for (const [i] of linked) tagStart[i + 1]!++;
  for (let i = 0; i < n; i++) tagStart[i + 1]! += tagStart[i]!;
  const tagList = new Uint32Array(linked.length);
  const filled = tagStart.slice(0, n);
  for (const [i, tag] of linked) tagList[filled[i]!++] = tag;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return { ids, names, points, category, categoryIds, tagStart, tagList, tagIds, features, hoursOf, hours, hoursText, order, rank: order.slice(), slotOf: placeOf };
}

/** The source's businesses as the map's first view (src/shared/map-sketch.ts) counts them. */
export function positionsOf(source: IndexSource): Array<{ lat: number; lng: number; categoryId: string | null; tagIds: string[]; openNow: null }> {
  return Array.from(source.order, (i) => {
    const { geometry } = source.points[i]!;
    return {
      lng: geometry.coordinates[0]!,
      lat: geometry.coordinates[1]!,
      categoryId: source.category[i] === -1 ? null : source.categoryIds[source.category[i]!]!,
      tagIds: Array.from(source.tagList.subarray(source.tagStart[i], source.tagStart[i + 1]), (tag) => source.tagIds[tag]!),
      openNow: null,
    };
  });
}

export function placeIn<T>(places: Map<string, number>, list: T[], key: string, value: (key: string) => T = (k) => k as T): number {
  let place = places.get(key);
  if (place === undefined) {
    place = list.push(value(key)) - 1;
    places.set(key, place);
  }
  return place;
}

/** The filters' cluster index, with the rules the page itself applies (`filterBusinesses` in src/shared/map.ts). */
export function buildIndex(source: IndexSource, filters: ViewFilters, clock: HoursClock): BuiltIndex {
  const { order, points } = kept(source, filters, clock);
  return new BuiltIndex(newClusters().load(points), order, boundsOf(points));
}

/**
 * `buildIndex` a zoom at a time, letting other work run between (a build of 100,000 businesses is a few hundred ms of
 * CPU): for an index built off a view's path, in the place of one answered from with corrections.
 */
export async function buildIndexInSteps(source: IndexSource, filters: ViewFilters, clock: HoursClock, pause: () => Promise<void>): Promise<BuiltIndex> {
  const { order, points } = kept(source, filters, clock);
  return new BuiltIndex(await loadInSteps(newClusters(), points, pause), order, boundsOf(points));
}

const newClusters = () => new Supercluster<{ i: number }>({ radius: MAP_CLUSTER.gridSizePx, maxZoom: MAP_CLUSTER.maxZoom, minPoints: MAP_CLUSTER.minClusterSize });

/** The filters' businesses (slots) in the list's order, and their points. */
export function kept(source: IndexSource, filters: ViewFilters, clock: HoursClock): { order: Uint32Array; points: Point[] } {
  const keeps = keeper(source, filters, clock);
  const order: number[] = [];
  for (const i of source.order) if (keeps(i)) order.push(i);
  return { order: Uint32Array.from(order), points: order.map((i) => source.points[i]!) };
}

export function boundsOf(points: readonly Point[]): Index["bounds"] {
  if (points.length === 0) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { geometry } of points) {
    const [lng, lat] = geometry.coordinates as [number, number];
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [west, south, east, north];
}

/**
 * The category buttons' counts of the businesses "Open now" and having the features picked (`countByCategory` in
 * src/shared/map.ts, counted from the index instead of every business read whole).
 */
export function countsOf(source: IndexSource, filters: { openNow: boolean; features: readonly string[] }, clock: HoursClock): CategoryCounts {
  const keeps = keeper(source, { categoryId: null, tagIds: [], openNow: filters.openNow, attributes: [...filters.features] }, clock);
  const byCategory: Record<string, number> = {};
  let total = 0;
  for (const i of source.order) {
    if (!keeps(i)) continue;
    total++;
    const category = source.category[i]!;
    if (category !== -1) byCategory[source.categoryIds[category]!] = (byCategory[source.categoryIds[category]!] ?? 0) + 1;
  }
  return { total, byCategory };
}

/** Whether the business at a slot is one the filters keep. */
export function keeper(source: IndexSource, filters: ViewFilters, clock: HoursClock): (i: number) => boolean {
  const tests: Array<(i: number) => boolean> = [];
  if (filters.categoryId !== null) {
    const wanted = source.categoryIds.indexOf(filters.categoryId);
    tests.push((i) => wanted !== -1 && source.category[i] === wanted);
  } else if (filters.tagIds.length > 0) {
    // Any of the tags; tags no business has match none.
    const wanted = new Set(filters.tagIds.flatMap((id) => (source.tagIds.includes(id) ? [source.tagIds.indexOf(id)] : [])));
    tests.push((i) => {
      for (let at = source.tagStart[i]!; at < source.tagStart[i + 1]!; at++) if (wanted.has(source.tagList[at]!)) return true;
      return false;
    });
  }
  for (const key of filters.attributes) {
    const k = MAP_FEATURES.findIndex((feature) => feature.key === key);
    tests.push((i) => k !== -1 && (source.features[i * FEATURE_WORDS + (k >> 5)]! & (1 << (k & 31))) !== 0);
  }
  if (filters.openNow) {
    // Each set of hours once, however many businesses share it.
    const open = source.hours.map((hours) => isOpenNow(hours, clock) === true);
    tests.push((i) => source.hoursOf[i] !== -1 && open[source.hoursOf[i]!] === true);
  }
  return (i) => tests.every((test) => test(i));
}
