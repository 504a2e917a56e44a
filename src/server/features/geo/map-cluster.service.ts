// The map of a large site, a view at a time: the clusters and single businesses inside a bounding box at a zoom, and
// the businesses in view a page at a time. Each filter's cluster index is built once per content version (decision
// 0040), so a view costs a lookup in it rather than a read of every business.
import Supercluster from "supercluster";
import { hasFeature, type MapBusiness } from "#shared/map.ts";
import { MAP_CLUSTER } from "#shared/constants.ts";
import { HoursClock, isOpenNow, type HoursZone } from "#server/lib/hours/hours-status.ts";
import type { OpeningHours } from "#shared/schemas/opening-hours.ts";
import type { MapDataRepository } from "./map-data.repository.ts";

/** Indexes kept per content version, one per filter; the least recently asked go first. */
const KEPT_INDEXES = 8;

export type BoundingBox = readonly [west: number, south: number, east: number, north: number];

export interface ViewFilters {
  categoryId: string | null;
  tagIds: string[];
  openNow: boolean;
  /** MAP_FEATURES' keys, every one of which a business must have. */
  attributes: string[];
}

export interface MapCluster {
  id: number;
  lat: number;
  lng: number;
  count: number;
  /** The zoom at which the cluster splits into smaller clusters or businesses. */
  expansionZoom: number;
}

export interface ClusteredView {
  /** How many businesses the filters keep, in view or not. */
  total: number;
  /** Where the filters' businesses lie ([west, south, east, north]), or null when there are none. */
  bounds: [west: number, south: number, east: number, north: number] | null;
  clusters: MapCluster[];
  businesses: MapBusiness[];
}

export interface ListedView {
  /** How many of the filters' businesses are in the box. */
  total: number;
  offset: number;
  businesses: MapBusiness[];
}

type StoredBusiness = Omit<MapBusiness, "openNow"> & { openingHours: OpeningHours | null };
type Point = GeoJSON.Feature<GeoJSON.Point, { i: number }>;
interface Index {
  clusters: Supercluster<{ i: number }>;
  /** The filters' businesses in the list's order. */
  points: Point[];
  total: number;
  bounds: [west: number, south: number, east: number, north: number] | null;
}
interface Source {
  /** In the map's list order (by name), so a point's `i` orders the list. */
  businesses: StoredBusiness[];
  points: Point[];
}

export class MapClusterService {
  private readonly repository: MapDataRepository;
  private readonly zone: () => Promise<HoursZone>;
  private readonly contentVersion: () => number | null | Promise<number | null>;
  private kept: { version: number | null; source: Promise<Source>; indexes: Map<string, Index> } | null = null;

  constructor(repository: MapDataRepository, zone: () => Promise<HoursZone>, contentVersion: () => number | null | Promise<number | null> = () => null) {
    this.repository = repository;
    this.zone = zone;
    this.contentVersion = contentVersion;
  }

  async clusters(bbox: BoundingBox, zoom: number, filters: ViewFilters): Promise<ClusteredView> {
    const { source, index, clock } = await this.indexFor(filters);
    const clusters: MapCluster[] = [];
    const businesses: MapBusiness[] = [];
    for (const feature of index.clusters.getClusters([...bbox], zoom)) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties as Partial<Supercluster.ClusterProperties> & { i?: number };
      if (properties.cluster) {
        const id = properties.cluster_id!;
        clusters.push({ id, lat, lng, count: properties.point_count!, expansionZoom: index.clusters.getClusterExpansionZoom(id) });
      } else businesses.push(withOpenNow(source.businesses[properties.i!]!, clock));
    }
    return { total: index.total, bounds: index.bounds, clusters, businesses };
  }

  /** The businesses in the box in the map's list order (by name), `limit` from `offset`. */
  async listed(bbox: BoundingBox, filters: ViewFilters, offset: number, limit: number): Promise<ListedView> {
    const { source, index, clock } = await this.indexFor(filters);
    // A view of all of them (the map's first) is the list as it stands, whatever the site's size.
    if (index.bounds && covers(bbox, index.bounds)) {
      const page = index.points.slice(offset, offset + limit).map((point) => withOpenNow(source.businesses[point.properties.i]!, clock));
      return { total: index.total, offset, businesses: page };
    }
    // Past the last zoom that clusters, the index holds each business on its own.
    const inView = index.clusters.getClusters([...bbox], MAP_CLUSTER.maxZoom + 1);
    const order = Uint32Array.from(inView, (feature) => (feature.properties as { i: number }).i).sort();
    const page = Array.from(order.subarray(offset, offset + limit), (i) => withOpenNow(source.businesses[i]!, clock));
    return { total: order.length, offset, businesses: page };
  }

  private async indexFor(filters: ViewFilters): Promise<{ source: Source; index: Index; clock: HoursClock }> {
    const [version, zone] = await Promise.all([this.contentVersion(), this.zone()]);
    if (!this.kept || version === null || this.kept.version !== version) {
      const source = this.read();
      this.kept = { version, source, indexes: new Map() };
      // A failed read is not kept.
      source.catch(() => {
        if (this.kept?.source === source) this.kept = null;
      });
    }
    const kept = this.kept;
    const clock = new HoursClock(zone);
    const source = await kept.source;
    // Whether a place is open moves with the clock: an index of those open now is built again each minute.
    const minute = filters.openNow ? `@${Math.floor(Date.now() / 60_000)}` : "";
    const key = `${filters.categoryId ?? ""}#${[...filters.tagIds].sort().join(",")}#${[...filters.attributes].sort().join(",")}${minute}`;
    let index = kept.indexes.get(key);
    if (index) kept.indexes.delete(key);
    else index = build(source, filters, clock);
    kept.indexes.set(key, index);
    if (kept.indexes.size > KEPT_INDEXES) kept.indexes.delete(kept.indexes.keys().next().value!);
    return { source, index, clock };
  }

  private async read(): Promise<Source> {
    const businesses = (await this.repository.getBusinesses()).filter((b) => Number.isFinite(b.lat) && Number.isFinite(b.lng));
    const points = businesses.map((b, i): Point => ({ type: "Feature", geometry: { type: "Point", coordinates: [b.lng, b.lat] }, properties: { i } }));
    return { businesses, points };
  }
}

function covers([west, south, east, north]: BoundingBox, [w, s, e, n]: BoundingBox): boolean {
  return west <= east && west <= w && east >= e && south <= s && north >= n;
}

function withOpenNow({ openingHours, ...business }: StoredBusiness, clock: HoursClock): MapBusiness {
  return { ...business, openNow: isOpenNow(openingHours, clock) };
}

/** The filters' cluster index, with the rules the page itself applies (`filterBusinesses` in src/shared/map.ts). */
function build(source: Source, filters: ViewFilters, clock: HoursClock): Index {
  const wanted = new Set(filters.tagIds);
  const keeps = (b: StoredBusiness) =>
    (filters.categoryId === null || b.categoryId === filters.categoryId) &&
    (filters.categoryId !== null || wanted.size === 0 || b.tagIds.some((id) => wanted.has(id))) &&
    filters.attributes.every((key) => hasFeature(b, key)) &&
    (!filters.openNow || isOpenNow(b.openingHours, clock) === true);
  const points = source.points.filter((point) => keeps(source.businesses[point.properties.i]!));
  const clusters = new Supercluster<{ i: number }>({ radius: MAP_CLUSTER.gridSizePx, maxZoom: MAP_CLUSTER.maxZoom, minPoints: MAP_CLUSTER.minClusterSize });
  clusters.load(points);
  let bounds: Index["bounds"] = null;
  if (points.length > 0) {
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const { geometry } of points) {
      const [lng, lat] = geometry.coordinates as [number, number];
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
    bounds = [west, south, east, north];
  }
  return { clusters, points, total: points.length, bounds };
}
