// What the map pages read: businesses with coordinates, categories with counts, tags. All public.
import type { MapBusiness, MapCategory, MapTag } from "../../../shared/map.ts";
import type { MapDataRepository } from "./map-data.repository.ts";
import { HoursClock, isOpenNow, type HoursZone } from "../hours/hours-status.ts";
import { parseStoredHours } from "../hours/stored-hours.ts";

export class MapDataService {
  private readonly repository: MapDataRepository;
  private readonly zone: () => Promise<HoursZone>;
  constructor(repository: MapDataRepository, zone: () => Promise<HoursZone>) {
    this.repository = repository;
    this.zone = zone;
  }

  /** The businesses with whether each is open now, in the site's time zone. */
  async businesses(): Promise<MapBusiness[]> {
    const [rows, zone] = await Promise.all([this.repository.getBusinesses(), this.zone()]);
    const clock = new HoursClock(zone);
    return rows.map(({ openingHours, ...business }) => ({ ...business, openNow: openingHours ? isOpenNow(parseStoredHours(openingHours), clock) : null }));
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
}
