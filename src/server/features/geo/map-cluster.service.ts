// The map of a large site, a view at a time: the clusters and single businesses inside a bounding box at a zoom, and
// the businesses in view a page at a time. Each filter's cluster index is built once per content version (decisions
// 0040 and 0046), so a view costs a lookup in it and a read of the businesses it shows, not a read of every business.
import type Supercluster from "supercluster";
import type { CategoryCounts, MapBusiness } from "#shared/map.ts";
import { MAP_CLUSTER } from "#shared/constants.ts";
import { HoursClock, isOpenNow, type HoursZone } from "#server/lib/hours/hours-status.ts";
import type { MapDataRepository, StoredMapBusiness } from "./map-data.repository.ts";
import { buildIndex, countsOf, indexSource, type BoundingBox, type Index, type IndexSource, type ViewFilters } from "./map-index.ts";

export type { BoundingBox, ViewFilters } from "./map-index.ts";

/** Indexes kept per content version, one per filter; the least recently asked go first. */
const KEPT_INDEXES = 8;
/** How long after the last write the index of the new content is built. */
const WARM_AFTER_MS = 1000;
const EVERY_BUSINESS: ViewFilters = { categoryId: null, tagIds: [], openNow: false, attributes: [] };

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

export class MapClusterService {
  private readonly repository: MapDataRepository;
  private readonly zone: () => Promise<HoursZone>;
  private readonly contentVersion: () => number | null | Promise<number | null>;
  private warming: ReturnType<typeof setTimeout> | null = null;
  /** Whether a view was asked since the index was last built ahead. */
  private viewed = false;
  private kept: { version: number | null; source: Promise<IndexSource>; indexes: Map<string, Promise<Index>> } | null = null;

  constructor(repository: MapDataRepository, zone: () => Promise<HoursZone>, contentVersion: () => number | null | Promise<number | null> = () => null) {
    this.repository = repository;
    this.zone = zone;
    this.contentVersion = contentVersion;
  }

  async clusters(bbox: BoundingBox, zoom: number, filters: ViewFilters): Promise<ClusteredView> {
    this.viewed = true;
    const { index, source, clock } = await this.indexFor(filters);
    const clusters: MapCluster[] = [];
    const singles: number[] = [];
    for (const feature of index.clusters.getClusters([...bbox], zoom)) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties as Partial<Supercluster.ClusterProperties> & { i?: number };
      if (properties.cluster) {
        const id = properties.cluster_id!;
        clusters.push({ id, lat, lng, count: properties.point_count!, expansionZoom: index.clusters.getClusterExpansionZoom(id) });
      } else singles.push(properties.i!);
    }
    return { total: index.total, bounds: index.bounds, clusters, businesses: await this.businessesAt(source, singles, clock) };
  }

  /** The businesses in the box in the map's list order (by name), `limit` from `offset`. */
  async listed(bbox: BoundingBox, filters: ViewFilters, offset: number, limit: number): Promise<ListedView> {
    this.viewed = true;
    const { index, source, clock } = await this.indexFor(filters);
    // A view of all of them (the map's first) is the list as it stands, whatever the site's size.
    if (index.bounds && covers(bbox, index.bounds)) {
      return { total: index.total, offset, businesses: await this.businessesAt(source, index.order.subarray(offset, offset + limit), clock) };
    }
    // Past the last zoom that clusters, the index holds each business on its own.
    const inView = index.clusters.getClusters([...bbox], MAP_CLUSTER.maxZoom + 1);
    const order = Uint32Array.from(inView, (feature) => (feature.properties as { i: number }).i).sort();
    return { total: order.length, offset, businesses: await this.businessesAt(source, order.subarray(offset, offset + limit), clock) };
  }

  /** The category buttons' counts for "Open now" and the features picked, in the site's time zone. */
  async categoryCounts(filters: { openNow: boolean; features: readonly string[] }): Promise<CategoryCounts> {
    const [source, zone] = await Promise.all([this.source(), this.zone()]);
    return countsOf(source, filters, new HoursClock(zone));
  }

  /**
   * Builds the index of every business for the content as it is now, unless it is built or being built: called when
   * a server starts and after a change, so that the first view after it finds the index made or on its way.
   */
  async warm(): Promise<void> {
    if ((await this.contentVersion()) === null) return;
    await this.indexFor(EVERY_BUSINESS);
  }

  /**
   * `warm` a moment after a write (`WARM_AFTER_MS`): a burst of writes (an import, an administrator's edits) builds the
   * index once, for the content the last of them made. A request in between builds it itself, and `warm` finds it so.
   * Nothing is built when no view was asked since the last time.
   */
  warmSoon(onError: (error: unknown) => void = () => undefined): void {
    // Only while the map is being looked at: writes on a site whose map nobody opens build nothing.
    if (!this.viewed) return;
    if (this.warming) clearTimeout(this.warming);
    this.warming = setTimeout(() => {
      this.warming = null;
      this.viewed = false;
      this.warm().catch(onError);
    }, WARM_AFTER_MS);
    // Never what keeps a process (or a test) alive.
    this.warming.unref();
  }

  /** The businesses at these places of the source, in that order, as the map answers them. */
  private async businessesAt(source: IndexSource, places: ArrayLike<number>, clock: HoursClock): Promise<MapBusiness[]> {
    if (places.length === 0) return [];
    const ids = Array.from(places, (i) => source.ids[i]!);
    const byId = new Map((await this.repository.getBusinessesByIds(ids)).map((business) => [business.id, business]));
    // One removed since the index was built is left out (the next view, on the new content, is built without it).
    return ids.flatMap((id) => {
      const business = byId.get(id);
      return business ? [withOpenNow(business, clock)] : [];
    });
  }

  /** The filters' index for the content as it is now: built once, and a request asking while it is built waits for it. */
  private async indexFor(filters: ViewFilters): Promise<{ source: IndexSource; index: Index; clock: HoursClock }> {
    const [version, zone] = await Promise.all([this.contentVersion(), this.zone()]);
    const kept = this.keptFor(version);
    const clock = new HoursClock(zone);
    // Whether a place is open moves with the clock: an index of those open now is built again each minute.
    const minute = filters.openNow ? `@${Math.floor(Date.now() / 60_000)}` : "";
    const key = `${filters.categoryId ?? ""}#${[...filters.tagIds].sort().join(",")}#${[...filters.attributes].sort().join(",")}${minute}`;
    let index = kept.indexes.get(key);
    if (index) kept.indexes.delete(key);
    else {
      const building = kept.source.then((source) => buildIndex(source, filters, clock));
      index = building;
      building.catch(() => {
        if (kept.indexes.get(key) === building) kept.indexes.delete(key);
      });
    }
    kept.indexes.set(key, index);
    if (kept.indexes.size > KEPT_INDEXES) kept.indexes.delete(kept.indexes.keys().next().value!);
    return { source: await kept.source, index: await index, clock };
  }

  /** Every business's position, category and tags as the index has them, for the content as it is now. */
  async source(): Promise<IndexSource> {
    return this.keptFor(await this.contentVersion()).source;
  }

  private keptFor(version: number | null): NonNullable<MapClusterService["kept"]> {
    if (!this.kept || version === null || this.kept.version !== version) {
      const source = this.read();
      this.kept = { version, source, indexes: new Map() };
      // A failed read is not kept.
      source.catch(() => {
        if (this.kept?.source === source) this.kept = null;
      });
    }
    return this.kept;
  }

  private async read(): Promise<IndexSource> {
    const { rows, links } = await this.repository.getIndexRows();
    return indexSource(rows, links);
  }
}

function covers([west, south, east, north]: BoundingBox, [w, s, e, n]: BoundingBox): boolean {
  return west <= east && west <= w && east >= e && south <= s && north >= n;
}

function withOpenNow({ openingHours, ...business }: StoredMapBusiness, clock: HoursClock): MapBusiness {
  return { ...business, openNow: isOpenNow(openingHours, clock) };
}
