// The view right after a business was moved, added, removed or renamed, answered from the index built before it
// (decision 0052): Supercluster has no update, and building its trees again takes a few hundred ms of CPU at 100,000
// businesses. Each business written since is taken out of the clusters that held it (their counts and centres
// corrected) and shown where it is now, while the index is built whole off the view's path and put in this one's place.
import { MAP_CLUSTER } from "#shared/constants.ts";
import type { HoursClock } from "#server/lib/hours/hours-status.ts";
import { NO_RANK, boundsOf, kept, keeper, type BoundingBox, type BuiltIndex, type Index, type IndexSource, type Point, type ViewFilters, type ViewItem } from "./map-index.ts";
import { holders, latY, lngX, pointAt, xLng, yLat } from "./supercluster-trees.ts";

/** Supercluster's tile extent, against which its radius is counted. */
const TILE_EXTENT = 512;

/** Past this many businesses written since the index was built (an import), it is built whole instead. */
export const MAX_WRITTEN = 500;

interface Taken {
  x: number;
  y: number;
  /** What stands for it at each zoom (see `holders`). */
  holders: number[];
}

interface Shown {
  slot: number;
  lng: number;
  lat: number;
  x: number;
  y: number;
}

interface Correction {
  count: number;
  x: number;
  y: number;
}

/**
 * The filters' index for `source` after the businesses at `changed` slots were written (`previous` being the index of
 * `before`), answered from `previous`'s built index; null when too many were written since it was built, or its trees
 * are not as expected. Nothing here visits every business: the list's order is made when a list first asks for it.
 */
export function patchIndex(previous: Index, changed: readonly number[], before: IndexSource, source: IndexSource, filters: ViewFilters, clock: HoursClock): Index | null {
  const written = new Set(previous.written);
  for (const slot of changed) written.add(slot);
  if (written.size > MAX_WRITTEN) return null;
  const built = previous.built;
  const taken: Taken[] = [];
  for (const slot of written) {
    const point = built.loaded(slot);
    if (point === -1) continue;
    const chain = holders(built.clusters, point);
    if (!chain) return null;
    taken.push({ ...pointAt(built.clusters, point), holders: chain });
  }
  const keeps = keeper(source, filters, clock);
  const shown: Shown[] = [];
  for (const slot of written) {
    if (source.rank[slot] === NO_RANK || !keeps(slot)) continue;
    const [lng, lat] = source.points[slot]!.geometry.coordinates as [number, number];
    shown.push({ slot, lng, lat, x: lngX(lng), y: latY(lat) });
  }
  // The total and bounds from the ones before, for the businesses written this time.
  const was = keeper(before, filters, clock);
  const once = [...new Set(changed)];
  const left = once.filter((slot) => slot < before.ids.length && before.rank[slot] !== NO_RANK && was(slot)).map((slot) => before.points[slot]!);
  const now = once.filter((slot) => source.rank[slot] !== NO_RANK && keeps(slot)).map((slot) => source.points[slot]!);
  const total = previous.total - left.length + now.length;
  const onEdge = previous.bounds !== null && left.some(({ geometry: { coordinates: [lng, lat] } }) => [lng, lat].some((value) => previous.bounds!.includes(value!)));
  const bounds = onEdge ? null : boundsOf([...now, ...boundsPoints(previous.bounds)]);
  return new PatchedIndex({ built, written, total, bounds: onEdge ? undefined : bounds, taken, shown, order: () => kept(source, filters, clock) });
}

/** The corners of the bounds as points, so that `boundsOf` extends them. */
function boundsPoints(bounds: Index["bounds"]): Point[] {
  if (!bounds) return [];
  const [west, south, east, north] = bounds;
  return [
    { type: "Feature", geometry: { type: "Point", coordinates: [west, south] }, properties: { i: -1 } },
    { type: "Feature", geometry: { type: "Point", coordinates: [east, north] }, properties: { i: -1 } },
  ];
}

interface Patch {
  built: BuiltIndex;
  written: ReadonlySet<number>;
  total: number;
  /** Undefined when a business on its edge moved: then read from every business the first time it is asked. */
  bounds: Index["bounds"] | undefined;
  /** The businesses written since that the built index holds: taken out of its clusters. */
  taken: readonly Taken[];
  /** Those the filters keep now: shown where they are. */
  shown: readonly Shown[];
  order: () => { order: Uint32Array; points: Point[] };
}

class PatchedIndex implements Index {
  readonly built: BuiltIndex;
  readonly written: ReadonlySet<number>;
  readonly total: number;
  private readonly patch: Patch;
  private kept: { order: Uint32Array; points: Point[] } | null = null;
  private edges: Index["bounds"] | undefined;
  /** What to take from each cluster, per zoom, by the cluster's id. */
  private readonly corrections = new Map<number, Map<number, Correction>>();

  constructor(patch: Patch) {
    this.patch = patch;
    this.built = patch.built;
    this.written = patch.written;
    this.total = patch.total;
    this.edges = patch.bounds;
  }

  get order(): Uint32Array {
    this.kept ??= this.patch.order();
    return this.kept.order;
  }

  get bounds(): Index["bounds"] {
    if (this.edges === undefined) {
      this.kept ??= this.patch.order();
      this.edges = boundsOf(this.kept.points);
    }
    return this.edges;
  }

  view(bbox: BoundingBox, zoom: number): ViewItem[] {
    const { clusters } = this.built;
    const z = Math.max(0, Math.min(Math.floor(zoom), MAP_CLUSTER.maxZoom + 1));
    const corrections = this.correctionsAt(z);
    const kept: Array<{ id: number; x: number; y: number; count: number; expansionZoom: number }> = [];
    const slots: number[] = [];
    for (const item of this.built.view(bbox, zoom)) {
      if (!item.cluster) {
        if (!this.written.has(item.slot)) slots.push(item.slot);
        continue;
      }
      const { id, lng, lat, count, expansionZoom } = item.cluster;
      const less = corrections.get(id);
      const x = lngX(lng);
      const y = latY(lat);
      if (!less) kept.push({ id, x, y, count, expansionZoom });
      else if (count - less.count >= MAP_CLUSTER.minClusterSize) {
        const left = count - less.count;
        kept.push({ id, x: (x * count - less.x) / left, y: (y * count - less.y) / left, count: left, expansionZoom });
      } else {
        // Too few left to be a cluster: those left, on their own.
        for (const leaf of clusters.getLeaves(id, Infinity)) if (!this.written.has(leaf.properties.i)) slots.push(leaf.properties.i);
      }
    }
    // Each business written since joins the nearest cluster within the radius there, as a build would mostly put it.
    const radius = z > MAP_CLUSTER.maxZoom ? 0 : MAP_CLUSTER.gridSizePx / (TILE_EXTENT * 2 ** z);
    for (const point of this.patch.shown) {
      if (!inBox(bbox, point.lng, point.lat)) continue;
      let nearest: (typeof kept)[number] | null = null;
      let best = radius * radius;
      for (const cluster of kept) {
        const d = (cluster.x - point.x) ** 2 + (cluster.y - point.y) ** 2;
        if (d <= best) [nearest, best] = [cluster, d];
      }
      if (!nearest) slots.push(point.slot);
      else {
        nearest.x = (nearest.x * nearest.count + point.x) / (nearest.count + 1);
        nearest.y = (nearest.y * nearest.count + point.y) / (nearest.count + 1);
        nearest.count++;
      }
    }
    return [
      ...kept.map(({ id, x, y, count, expansionZoom }) => ({ cluster: { id, lat: yLat(y), lng: xLng(x), count, expansionZoom } })),
      ...slots.map((slot) => ({ slot })),
    ];
  }

  private correctionsAt(zoom: number): Map<number, Correction> {
    let at = this.corrections.get(zoom);
    if (at) return at;
    at = new Map();
    const points = this.built.order.length;
    for (const { x, y, holders } of this.patch.taken) {
      const id = holders[zoom]!;
      // On its own at this zoom: left out by its slot.
      if (id < points) continue;
      const correction = at.get(id) ?? { count: 0, x: 0, y: 0 };
      correction.count++;
      correction.x += x;
      correction.y += y;
      at.set(id, correction);
    }
    this.corrections.set(zoom, at);
    return at;
  }
}

/** Whether the place is in the box, as Supercluster's `getClusters` reads the box (across the antimeridian too). */
function inBox([west, south, east, north]: BoundingBox, lng: number, lat: number): boolean {
  if (lat < Math.max(-90, south) || lat > Math.min(90, north)) return false;
  if (east - west >= 360) return true;
  const min = (((west + 180) % 360) + 360) % 360 - 180;
  const max = east === 180 ? 180 : (((east + 180) % 360) + 360) % 360 - 180;
  return min > max ? lng >= min || lng <= max : lng >= min && lng <= max;
}
