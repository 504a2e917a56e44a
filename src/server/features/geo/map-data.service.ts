// What the map pages read: businesses with coordinates, categories with counts, tags. All public.
import { filterBusinesses, type MapBusiness, type MapCategory, type MapTag } from "#shared/map.ts";
import type { MapSketch } from "#shared/map-sketch.ts";
import type { MapDataRepository } from "./map-data.repository.ts";
import { indexSource, positionsOf, type IndexSource } from "./map-index.ts";
import { keptPerContentVersion } from "#server/lib/per-content-version.ts";
import { mapSketch } from "./map-sketch.ts";
import { HoursClock, isOpenNow, type HoursZone } from "#server/lib/hours/hours-status.ts";

/** Sketches kept per content version, one per filter; the least recently asked go first. */
const KEPT_SKETCHES = 32;

/** Each index source's positions, made once: a write that changes no business on the map keeps the source (decision 0050). */
const positionsOfSource = new WeakMap<IndexSource, ReturnType<typeof positionsOf>>();

type SketchSource = { businesses: Pick<MapBusiness, "lat" | "lng" | "categoryId" | "tagIds" | "openNow">[]; categories: MapCategory[] };

export class MapDataService {
  private readonly repository: MapDataRepository;
  private readonly zone: () => Promise<HoursZone>;
  private readonly contentVersion: () => number | null | Promise<number | null>;
  private readonly keptCount: () => Promise<number>;
  private readonly keptCategories: () => Promise<MapCategory[]>;
  private readonly keptTags: () => Promise<MapTag[]>;
  private kept: { version: number; source: Promise<SketchSource | null>; sketches: Map<string, MapSketch | null> } | null = null;
  private readonly positions: () => Promise<IndexSource | null>;
  /**
   * `contentVersion`: the database's (see migration 0050-content-version); what is kept is read again when it moves.
   * `positions`: every business's position, category and tags, as the map's cluster index reads them (read once), or
   * null while they are being read for the first time: the page then has no sketch rather than wait (decision 0064).
   */
  constructor(repository: MapDataRepository, zone: () => Promise<HoursZone>, contentVersion: () => number | null | Promise<number | null> = () => null, positions?: () => Promise<IndexSource | null>) {
    this.repository = repository;
    this.positions = positions ?? (async () => {
      const { rows, links } = await repository.getIndexRows();
      return indexSource(rows, links);
    });
    this.zone = zone;
    this.contentVersion = contentVersion;
    this.keptCount = keptPerContentVersion(contentVersion, () => repository.countBusinesses());
    this.keptCategories = keptPerContentVersion(contentVersion, () => repository.getCategories());
    this.keptTags = keptPerContentVersion(contentVersion, () => repository.getTags());
  }

  /** The businesses with whether each is open now, in the site's time zone. */
  async businesses(): Promise<MapBusiness[]> {
    const [rows, zone] = await Promise.all([this.repository.getBusinesses(), this.zone()]);
    const clock = new HoursClock(zone);
    return rows.map(({ openingHours, ...business }) => ({ ...business, openNow: isOpenNow(openingHours, clock) }));
  }

  /** How many businesses there are; kept per content version, as the categories and tags are (the map page asks each time). */
  businessCount(): Promise<number> {
    return this.keptCount();
  }

  /** The categories with how many businesses each has (read once per content version; shared, never to be changed). */
  categories(): Promise<MapCategory[]> {
    return this.keptCategories();
  }

  tags(): Promise<MapTag[]> {
    return this.keptTags();
  }

  /**
   * The map page's first view for a category or tags (src/shared/map-sketch.ts), or null when the map would not frame
   * the businesses as bounds; undefined while the businesses' positions are being read for the first time (decision
   * 0064). Whether a place is open is not part of it: the "Open now" view has none.
   */
  async sketch(filters: { categoryId: string | null; tagIds: string[] }): Promise<MapSketch | null | undefined> {
    const version = await this.contentVersion();
    if (version === null) {
      const source = await this.sketchSource();
      return source ? this.sketchOf(source, filters) : undefined;
    }
    if (this.kept?.version !== version) {
      const source = this.sketchSource();
      this.kept = { version, source, sketches: new Map() };
      // A failed read is not kept.
      source.catch(() => {
        if (this.kept?.source === source) this.kept = null;
      });
    }
    const kept = this.kept;
    const key = filters.categoryId ?? `#${[...filters.tagIds].sort().join(",")}`;
    const known = kept.sketches.get(key);
    if (known !== undefined) {
      kept.sketches.delete(key);
      kept.sketches.set(key, known);
      return known;
    }
    const source = await kept.source;
    if (!source) {
      // Not read yet: none this time, and the next page asks again.
      if (this.kept === kept) this.kept = null;
      return undefined;
    }
    const sketch = this.sketchOf(source, filters);
    kept.sketches.set(key, sketch);
    if (kept.sketches.size > KEPT_SKETCHES) kept.sketches.delete(kept.sketches.keys().next().value!);
    return sketch;
  }

  private async sketchSource(): Promise<SketchSource | null> {
    const [source, categories] = await Promise.all([this.positions(), this.categories()]);
    if (!source) return null;
    let businesses = positionsOfSource.get(source);
    if (!businesses) positionsOfSource.set(source, (businesses = positionsOf(source)));
    return { businesses, categories };
  }

  private sketchOf(source: SketchSource, filters: { categoryId: string | null; tagIds: string[] }): MapSketch | null {
    return mapSketch(filterBusinesses(source.businesses, { ...filters, openNow: false }), source.categories);
  }
}
