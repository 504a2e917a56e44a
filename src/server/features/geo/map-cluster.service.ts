// The map of a large site, a view at a time: the clusters and single businesses inside a bounding box at a zoom, and
// the businesses in view a page at a time. Each filter's cluster index is built once per content version (decisions
// 0040 and 0046), so a view costs a lookup in it and a read of the businesses it shows, not a read of every business.
// Until a server has built its first index, the views are answered from the database instead (decision 0064).
import { MAP_FEATURES, type CategoryCounts, type MapBusiness } from "#shared/map.ts";
import { MAP_CLUSTER } from "#shared/constants.ts";
import { WORLD_PX } from "#shared/map-sketch.ts";
import { HoursClock, isOpenNow, type HoursZone } from "#server/lib/hours/hours-status.ts";
import { backgroundTurn, StepTurns } from "#server/lib/requests-first.ts";
import { keptCategoryOf, type KeptCategory, type KeptCell, type MapDataRepository, type StoredMapBusiness, type ViewCell } from "./map-data.repository.ts";
import { cellClusterId, cellKey, cellRow, columnSpans } from "./map-cells.ts";
import { NO_RANK, buildIndex, buildIndexInSteps, countsOf, indexSourceInSteps, keeper, type BoundingBox, type Index, type IndexSource, type MapCluster, type ViewFilters } from "./map-index.ts";
import { applyChanges } from "./map-index-changes.ts";
import { patchIndex } from "./map-index-patch.ts";

export type { BoundingBox, MapCluster, ViewFilters } from "./map-index.ts";

/** Indexes kept per content version, one per filter; the least recently asked go first. */
const KEPT_INDEXES = 8;
/** How long after the last write the index of the new content is built. */
const WARM_AFTER_MS = 1000;
const EVERY_BUSINESS: ViewFilters = { categoryId: null, tagIds: [], openNow: false, attributes: [] };
/** How long after a view answered with corrections the index is built whole, in steps. */
const REBUILD_AFTER_MS = 50;
/** Past this many businesses written since the index was read (an import), it is read whole again. */
const MAX_CHANGES = 2000;

interface KeptIndex {
  filters: ViewFilters;
  index: Promise<Index>;
  /** Whether its index is being built whole, in the place of one answered from with corrections. */
  rebuilding?: boolean;
}

/** The index's source for a content version, where the change marks stood when it was read, and the indexes still valid. */
interface State {
  source: IndexSource;
  /** The change mark to read the next changes from (see MapDataRepository.changeMark); null when read with none. */
  mark: number | null;
  /** The filters' indexes of the version before that none of the businesses written since changed. */
  carried: Map<string, KeptIndex>;
}

interface Kept {
  version: number | null;
  state: Promise<State>;
  indexes: Map<string, KeptIndex>;
  /** The turns of its read and of its indexes built in steps: after the requests in flight, until one waits for them (decision 0072). */
  turns: StepTurns;
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
  private kept: Kept | null = null;
  /** The builds of indexes whole off the views' path, one after another. */
  private rebuilds: Promise<void> = Promise.resolve();
  /**
   * Whether an index of the content kept has been built since the last read of every business with none before it
   * (a server's first, or the one after a failed read): until then, views are answered from the database (decision 0064).
   */
  private built = false;

  constructor(repository: MapDataRepository, zone: () => Promise<HoursZone>, contentVersion: () => number | null | Promise<number | null> = () => null) {
    this.repository = repository;
    this.zone = zone;
    this.contentVersion = contentVersion;
  }

  async clusters(bbox: BoundingBox, zoom: number, filters: ViewFilters): Promise<ClusteredView> {
    this.viewed = true;
    const found = await this.indexFor(filters, false, answeredByDatabase(filters));
    if (!found.index) return this.clustersFromDatabase(bbox, zoom, filters, found.clock);
    const { index, source, clock } = found;
    const clusters: MapCluster[] = [];
    const singles: number[] = [];
    for (const item of index.view(bbox, zoom)) {
      if (item.cluster) clusters.push(item.cluster);
      else singles.push(item.slot);
    }
    return { total: index.total, bounds: index.bounds, clusters, businesses: await this.businessesAt(source, singles, clock) };
  }

  /** The businesses in the box in the map's list order (by name), `limit` from `offset`. */
  async listed(bbox: BoundingBox, filters: ViewFilters, offset: number, limit: number): Promise<ListedView> {
    this.viewed = true;
    const found = await this.indexFor(filters, false, answeredByDatabase(filters));
    if (!found.index) {
      const { total, ids } = await this.repository.viewPage(bbox, filters, offset, limit);
      return { total, offset, businesses: await this.businessesOf(ids, found.clock) };
    }
    const { index, source, clock } = found;
    // A view of all of them (the map's first) is the list as it stands, whatever the site's size.
    if (index.bounds && covers(bbox, index.bounds)) {
      return { total: index.total, offset, businesses: await this.businessesAt(source, index.order.subarray(offset, offset + limit), clock) };
    }
    // Past the last zoom that clusters, the index holds each business on its own.
    const inView = index.view(bbox, MAP_CLUSTER.maxZoom + 1).flatMap((item) => (item.cluster ? [] : [item.slot]));
    const ranks = Uint32Array.from(inView, (slot) => source.rank[slot]!)
      .filter((rank) => rank !== NO_RANK)
      .sort();
    const page = Array.from(ranks.subarray(offset, offset + limit), (rank) => source.order[rank]!);
    return { total: ranks.length, offset, businesses: await this.businessesAt(source, page, clock) };
  }

  /** The category buttons' counts for "Open now" and the features picked, in the site's time zone. */
  async categoryCounts(filters: { openNow: boolean; features: readonly string[] }): Promise<CategoryCounts> {
    const [source, zone] = await Promise.all([this.source(true), this.zone()]);
    return countsOf(source, filters, new HoursClock(zone));
  }

  /**
   * Builds the index of every business for the content as it is now, unless it is built or being built: called when
   * a server starts and after a change, so that the first view after it finds the index made or on its way.
   */
  async warm(): Promise<void> {
    if ((await this.contentVersion()) === null) return;
    // Off any view's path: built a zoom at a time, so that the requests arriving meanwhile are answered (decision 0058).
    await this.indexFor(EVERY_BUSINESS, true);
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

  /**
   * The clusters view read from the database, for a server with no index yet (decision 0064): the filters' businesses
   * in the box counted by the cells of a grid as wide as the index's cluster radius at the zoom, a cell of one business
   * being that business. Past the last zoom that clusters, each business on its own, as the index has them.
   */
  private async clustersFromDatabase(bbox: BoundingBox, zoom: number, filters: ViewFilters, clock: HoursClock): Promise<ClusteredView> {
    const whole = this.repository.viewTotal(filters);
    if (zoom > MAP_CLUSTER.maxZoom) {
      const [{ total, bounds }, { ids }] = await Promise.all([whole, this.repository.viewPage(bbox, filters, 0, null)]);
      return { total, bounds, clusters: [], businesses: await this.businessesOf(ids, clock) };
    }
    const category = keptCategoryOf(filters);
    if (category !== null) return this.clustersFromKeptCells(bbox, zoom, category, clock, whole);
    const cell = cellAt(zoom, bbox);
    const [{ total, bounds }, cells] = await Promise.all([whole, this.repository.viewCells(bbox, cell, filters)]);
    const clusters: MapCluster[] = [];
    const singles: string[] = [];
    // MAP_CLUSTER.minClusterSize is 2: a cell of two businesses or more is a cluster.
    for (const found of cells) {
      if (found.count === 1) singles.push(found.id);
      else clusters.push({ id: cellClusterId(found.cell, zoom), lat: found.lat, lng: found.lng, count: found.count, expansionZoom: splitZoom(found.extent, zoom, cell) });
    }
    return { total, bounds, clusters, businesses: await this.businessesOf(singles, clock) };
  }

  /**
   * The clusters view of every business, or a category's, from the counts kept by cell (decision 0071): the cells of
   * the grid at the zoom whose businesses' mean position is in the box, a cell of one business being that business.
   * Its cost is that of the cells in view, whatever the number of businesses in them.
   */
  private async clustersFromKeptCells(bbox: BoundingBox, zoom: number, category: KeptCategory, clock: HoursClock, whole: ReturnType<MapDataRepository["viewTotal"]>): Promise<ClusteredView> {
    const [west, south, east, north] = bbox;
    const found = await this.repository.keptCells(zoom, category, columnSpans(west, east, zoom), [cellRow(north, zoom), cellRow(south, zoom)]);
    const inView = found.filter((cell) => within(bbox, cell));
    const groups = inView.filter((cell) => cell.count > 1);
    const singles = inView.filter((cell) => cell.count === 1);
    const [{ total, bounds }, splits, ids] = await Promise.all([whole, this.splitZooms(groups, zoom, category), this.repository.businessesAt(singles, category)]);
    const clusters = groups.map((cell, at) => ({ id: cellClusterId(cellKey(cell.column, cell.row), zoom), lat: cell.lat, lng: cell.lng, count: cell.count, expansionZoom: splits[at]! }));
    return { total, bounds, clusters, businesses: await this.businessesOf(ids.filter((id) => id !== null), clock) };
  }

  /**
   * For each kept cell of `zoom` holding two businesses or more, the first zoom at which they lie in more than one
   * cell, read from the kept cells of the zooms after it: mostly the next (a cell's four); from there, only under the
   * cells whose businesses all lie in one. The zoom past MAP_CLUSTER.maxZoom for businesses at one spot.
   */
  private async splitZooms(cells: readonly KeptCell[], zoom: number, category: KeptCategory): Promise<number[]> {
    const splits = cells.map(() => MAP_CLUSTER.maxZoom + 1);
    let pending = cells.map((_, at) => at);
    for (let next = zoom + 1; next <= MAP_CLUSTER.maxZoom && pending.length > 0; next++) {
      const scale = 2 ** (next - zoom);
      const spans = pending.map((at) => {
        const { column, row } = cells[at]!;
        return { columns: [column * scale, (column + 1) * scale - 1] as const, rows: [row * scale, (row + 1) * scale - 1] as const };
      });
      // Many: the span of them all, one read of at most the cells in view at that zoom; a few, each its own.
      const under = await this.repository.keptCellsUnder(next, category, spans.length > FEW_SPANS ? [spanOf(spans)] : spans);
      const children = new Map<number, number>();
      for (const { column, row } of under) {
        const parent = cellKey(Math.floor(column / scale), Math.floor(row / scale));
        children.set(parent, (children.get(parent) ?? 0) + 1);
      }
      pending = pending.filter((at) => {
        const { column, row } = cells[at]!;
        if ((children.get(cellKey(column, row)) ?? 0) < 2) return true;
        splits[at] = next;
        return false;
      });
    }
    return splits;
  }

  /** The businesses at these slots of the source, in that order, as the map answers them. */
  private businessesAt(source: IndexSource, places: ArrayLike<number>, clock: HoursClock): Promise<MapBusiness[]> {
    return this.businessesOf(Array.from(places, (i) => source.ids[i]!), clock);
  }

  /** The businesses of these ids, in that order, as the map answers them. */
  private async businessesOf(ids: readonly string[], clock: HoursClock): Promise<MapBusiness[]> {
    if (ids.length === 0) return [];
    const byId = new Map((await this.repository.getBusinessesByIds(ids)).map((business) => [business.id, business]));
    // One removed since the index was built is left out (the next view, on the new content, is built without it).
    return ids.flatMap((id) => {
      const business = byId.get(id);
      return business ? [withOpenNow(business, clock)] : [];
    });
  }

  /**
   * The filters' index for the content as it is now: built once, and a request asking while it is built waits for it.
   * `inSteps` builds it a zoom at a time, letting other work run between (for an index built ahead of the views).
   * `orNone`: while no index of any content version is built yet, none (the index started, built in steps, off the
   * view's path), for a view the database answers meanwhile (decision 0064).
   */
  private async indexFor(filters: ViewFilters, inSteps = false, orNone = false): Promise<{ source: IndexSource; index: Index; clock: HoursClock } | { source: null; index: null; clock: HoursClock }> {
    const [version, zone] = await Promise.all([this.contentVersion(), this.zone()]);
    const kept = this.keptFor(version);
    const clock = new HoursClock(zone);
    const none = orNone && version !== null && !this.built;
    // Whether a place is open moves with the clock: an index of those open now is built again each minute.
    const minute = filters.openNow ? `@${Math.floor(Date.now() / 60_000)}` : "";
    const key = `${filters.categoryId ?? ""}#${[...filters.tagIds].sort().join(",")}#${[...filters.attributes].sort().join(",")}${minute}`;
    let entry = kept.indexes.get(key);
    if (entry) kept.indexes.delete(key);
    else {
      const building = kept.state.then(({ source, carried }): Promise<Index> => {
        const before = carried.get(key);
        const build = () => (inSteps || none ? buildIndexInSteps(source, filters, clock, kept.turns.turn) : Promise.resolve(buildIndex(source, filters, clock)));
        return before ? before.index.catch(build) : build();
      });
      entry = { filters, index: building };
      building.then(
        () => {
          if (this.kept === kept) this.built = true;
        },
        () => {
          if (kept.indexes.get(key)?.index === building) kept.indexes.delete(key);
        },
      );
    }
    kept.indexes.set(key, entry);
    if (kept.indexes.size > KEPT_INDEXES) kept.indexes.delete(kept.indexes.keys().next().value!);
    // Its failure is the next view's to meet, as a failed read is.
    if (none) return { source: null, index: null, clock };
    // A view waiting for the read or the build: their steps no longer wait for the requests in flight (it is one).
    if (!inSteps) kept.turns.awaited();
    const [{ source }, index] = await Promise.all([kept.state, entry.index]);
    if (index.written.size > 0) this.rebuildLater(kept, key, entry, source, clock);
    return { source, index, clock };
  }

  /**
   * Builds whole, after the views waiting and one at a time, the index `entry` answers from with corrections, and puts
   * it in its place; none is built for an index no longer asked or content no longer current.
   */
  private rebuildLater(kept: Kept, key: string, entry: KeptIndex, source: IndexSource, clock: HoursClock): void {
    if (entry.rebuilding) return;
    entry.rebuilding = true;
    const current = () => this.kept === kept && kept.indexes.get(key) === entry;
    this.rebuilds = this.rebuilds
      .then(async () => {
        // After the view that asked has been answered.
        await new Promise((resolve) => setTimeout(resolve, REBUILD_AFTER_MS));
        if (!current()) return;
        const built = await buildIndexInSteps(source, entry.filters, clock, backgroundTurn);
        if (current()) entry.index = Promise.resolve(built);
      })
      // The next view answered with corrections asks again.
      .catch(() => void (entry.rebuilding = false));
  }

  /** Settles once the indexes being built whole are in place (answered from with corrections until then). */
  async rebuilt(): Promise<void> {
    for (let waited = this.rebuilds; ; waited = this.rebuilds) {
      await waited;
      if (waited === this.rebuilds) return;
    }
  }

  /**
   * Every business's position, category and tags as the index has them, for the content as it is now. `forView`: a
   * request waits for it (see `Kept.turns`).
   */
  async source(forView = false): Promise<IndexSource> {
    const kept = this.keptFor(await this.contentVersion());
    if (forView) kept.turns.awaited();
    return (await kept.state).source;
  }

  /**
   * `source`, or null while no index of any content version is built yet (decision 0064): the map page's sketch of its
   * first view does not wait for a server's first read of every business.
   */
  async sourceOnceBuilt(): Promise<IndexSource | null> {
    const version = await this.contentVersion();
    const kept = this.keptFor(version);
    if (version !== null && !this.built) return null;
    kept.turns.awaited();
    return (await kept.state).source;
  }

  /**
   * The index's state for the content version: the one kept while the version stands, else the kept one brought up
   * to date from the businesses written since it was read (one update at a time, each after the one before), or, with
   * none to start from, every business read.
   */
  private keptFor(version: number | null): Kept {
    if (this.kept && version !== null && this.kept.version === version) return this.kept;
    const previous = version === null ? null : this.kept;
    // Every business read with no index before: the views are answered from the database until one is built.
    if (!previous && version !== null) this.built = false;
    // Brought up to date once the previous state is read: a view waiting for this one waits for that one's read too.
    const turns = new StepTurns(previous?.turns);
    const earlierDone = () => turns.earlierDone();
    if (previous) void previous.state.then(earlierDone, earlierDone);
    const state = previous ? previous.state.then((before) => this.advance(before, previous.indexes, turns)) : this.read(turns);
    const kept: Kept = { version, state, indexes: new Map(), turns };
    this.kept = kept;
    // A failed read is not kept.
    state.catch(() => {
      if (this.kept === kept) this.kept = null;
    });
    return kept;
  }

  /** Every business read, a page at a time, and made the index's source in steps: other requests are answered meanwhile (decision 0058). */
  private async read(turns: StepTurns): Promise<State> {
    const mark = await this.repository.changeMark();
    const { rows, links } = await this.repository.getIndexRows(turns.turn);
    return { source: await indexSourceInSteps(rows, links, turns.turn), mark, carried: new Map() };
  }

  /** `before` after the businesses written since it was read; the indexes of `asked` and those it carried that stay valid are carried on. */
  private async advance(before: State, asked: Map<string, KeptIndex>, turns: StepTurns): Promise<State> {
    const changes = before.mark === null ? null : await this.repository.changesSince(before.mark, MAX_CHANGES);
    if (!changes) return this.read(turns);
    const { rows, links } = changes.ids.length === 0 ? { rows: [], links: [] } : await this.repository.getIndexRowsByIds(changes.ids);
    const applied = await applyChanges(before.source, changes.ids, rows, links, () => this.repository.getOrder());
    if (!applied) return this.read(turns);
    const clock = new HoursClock(await this.zone());
    const carried = new Map<string, KeptIndex>();
    const changed = [...applied.before, ...applied.after];
    // The indexes asked most recently last, so that the newest stay when there are more than are kept.
    for (const [key, kept] of [...before.carried, ...asked]) {
      // Whether a place is open moves with the clock and its index is kept for a minute: not worth carrying.
      if (kept.filters.openNow) continue;
      const was = keeper(before.source, kept.filters, clock);
      const is = keeper(applied.source, kept.filters, clock);
      let entry = kept;
      if (applied.before.some(was) || applied.after.some(is)) {
        // One holding a business written since answers, corrected for it, until it is built whole again.
        const previous = await kept.index.catch(() => null);
        const patched = previous && patchIndex(previous, changed, before.source, applied.source, kept.filters, clock);
        if (!patched) continue;
        entry = { filters: kept.filters, index: Promise.resolve(patched) };
      }
      carried.delete(key);
      carried.set(key, entry);
    }
    while (carried.size > KEPT_INDEXES) carried.delete(carried.keys().next().value!);
    return { source: applied.source, mark: changes.mark, carried };
  }
}

/**
 * Whether the database answers a view of these filters while there is no index (decision 0064): not one of places
 * open now, told by each one's hours in the site's time zone, nor of a map feature that is not one of a list's choices.
 */
function answeredByDatabase(filters: ViewFilters): boolean {
  return !filters.openNow && filters.attributes.every((key) => MAP_FEATURES.some((feature) => feature.key === key && feature.choice !== null));
}

/** Degrees of longitude in the cluster radius at zoom 0 (MAP_CLUSTER.gridSizePx of a world WORLD_PX wide). */
const RADIUS_DEGREES = (360 * MAP_CLUSTER.gridSizePx) / WORLD_PX;

/**
 * A cell of the grid the database counts a view by at a zoom, in degrees: as wide as the index's cluster radius, and
 * as high as that at the box's middle latitude (rounded to a degree, so that a view moved a little keeps its cells).
 */
function cellAt(zoom: number, [, south, , north]: BoundingBox): { lng: number; lat: number } {
  const lng = RADIUS_DEGREES / 2 ** zoom;
  const middle = Math.max(-85, Math.min(85, Math.round((south + north) / 2)));
  return { lng, lat: lng * Math.cos((middle * Math.PI) / 180) };
}

/**
 * The first zoom whose cells are smaller than the spread of the cluster's businesses, where it is counted in more
 * than one: from the next zoom to the one past the last that clusters (businesses at one spot never split).
 */
function splitZoom([west, south, east, north]: ViewCell["extent"], zoom: number, cell: { lng: number; lat: number }): number {
  // In degrees of longitude, as the cells' width is.
  const spread = Math.max(east - west, ((north - south) * cell.lng) / cell.lat);
  const last = MAP_CLUSTER.maxZoom + 1;
  if (!(spread > 0)) return last;
  return Math.min(last, Math.max(zoom + 1, Math.floor(Math.log2(RADIUS_DEGREES / spread)) + 1));
}

/** Past this many cells to look under, the kept cells of their whole span are read at once (`splitZooms`). */
const FEW_SPANS = 16;

/** One span of columns and rows holding these. */
function spanOf(spans: ReadonlyArray<{ columns: readonly [number, number]; rows: readonly [number, number] }>) {
  return {
    columns: [Math.min(...spans.map((s) => s.columns[0])), Math.max(...spans.map((s) => s.columns[1]))] as const,
    rows: [Math.min(...spans.map((s) => s.rows[0])), Math.max(...spans.map((s) => s.rows[1]))] as const,
  };
}

/** Whether a position is in the box (one whose west edge is east of its east edge crosses the antimeridian). */
function within([west, south, east, north]: BoundingBox, { lng, lat }: { lng: number; lat: number }): boolean {
  if (lat < south || lat > north) return false;
  return west <= east ? lng >= west && lng <= east : lng >= west || lng <= east;
}

function covers([west, south, east, north]: BoundingBox, [w, s, e, n]: BoundingBox): boolean {
  return west <= east && west <= w && east >= e && south <= s && north >= n;
}

function withOpenNow({ openingHours, ...business }: StoredMapBusiness, clock: HoursClock): MapBusiness {
  return { ...business, openNow: isOpenNow(openingHours, clock) };
}
