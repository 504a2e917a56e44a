// What the map pages read: businesses with coordinates, categories with counts, tags. All public.
import { filterBusinesses, type MapBusiness, type MapCategory, type MapTag } from "#shared/map.ts";
import type { MapSketch } from "#shared/map-sketch.ts";
import type { MapDataRepository } from "./map-data.repository.ts";
import { mapSketch } from "./map-sketch.ts";
import { HoursClock, isOpenNow, type HoursZone } from "#server/lib/hours/hours-status.ts";

/** Sketches kept per content version, one per filter; the least recently asked go first. */
const KEPT_SKETCHES = 32;

type SketchSource = { businesses: Pick<MapBusiness, "lat" | "lng" | "categoryId" | "tagIds" | "openNow">[]; categories: MapCategory[] };

export class MapDataService {
  private readonly repository: MapDataRepository;
  private readonly zone: () => Promise<HoursZone>;
  private readonly contentVersion: () => number | null | Promise<number | null>;
  private kept: { version: number; source: Promise<SketchSource>; sketches: Map<string, MapSketch | null> } | null = null;
  /** `contentVersion`: the database's (see migration 0050-content-version); what is kept is read again when it moves. */
  constructor(repository: MapDataRepository, zone: () => Promise<HoursZone>, contentVersion: () => number | null | Promise<number | null> = () => null) {
    this.repository = repository;
    this.zone = zone;
    this.contentVersion = contentVersion;
  }

  /** The businesses with whether each is open now, in the site's time zone. */
  async businesses(): Promise<MapBusiness[]> {
    const [rows, zone] = await Promise.all([this.repository.getBusinesses(), this.zone()]);
    const clock = new HoursClock(zone);
    return rows.map(({ openingHours, ...business }) => ({ ...business, openNow: isOpenNow(openingHours, clock) }));
  }

  businessCount(): Promise<number> {
    return this.repository.countBusinesses();
  }

  categories(): Promise<MapCategory[]> {
    return this.repository.getCategories();
  }

  tags(): Promise<MapTag[]> {
    return this.repository.getTags();
  }

  /**
   * The map page's first view for a category or tags (src/shared/map-sketch.ts), or null when the map would not frame
   * the businesses as bounds. Whether a place is open is not part of it: the "Open now" view has none.
   */
  async sketch(filters: { categoryId: string | null; tagIds: string[] }): Promise<MapSketch | null> {
    const version = await this.contentVersion();
    if (version === null) return this.sketchOf(await this.sketchSource(), filters);
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
    const sketch = this.sketchOf(await kept.source, filters);
    kept.sketches.set(key, sketch);
    if (kept.sketches.size > KEPT_SKETCHES) kept.sketches.delete(kept.sketches.keys().next().value!);
    return sketch;
  }

  private async sketchSource(): Promise<SketchSource> {
    const [rows, categories] = await Promise.all([this.repository.getBusinesses(), this.repository.getCategories()]);
    return { businesses: rows.map(({ lat, lng, categoryId, tagIds }) => ({ lat, lng, categoryId, tagIds, openNow: null })), categories };
  }

  private sketchOf(source: SketchSource, filters: { categoryId: string | null; tagIds: string[] }): MapSketch | null {
    return mapSketch(filterBusinesses(source.businesses, { ...filters, openNow: false }), source.categories);
  }
}
