// What the map pages read: businesses with coordinates, categories with counts, tags. All public.
import type { MapBusiness, MapCategory, MapTag } from "../../../shared/map.ts";
import type { MapDataRepository } from "./map-data.repository.ts";

export class MapDataService {
  private readonly repository: MapDataRepository;
  constructor(repository: MapDataRepository) {
    this.repository = repository;
  }

  businesses(): Promise<MapBusiness[]> {
    return this.repository.getBusinesses();
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
