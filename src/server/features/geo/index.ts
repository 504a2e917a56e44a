// Places on the map, geocoding and the map's data: what other code may use of this feature.
export { GeoRepository } from "./geo.repository.ts";
export { GeoService } from "./geo.service.ts";
export { MapDataRepository } from "./map-data.repository.ts";
export { MapChangeRepository } from "./map-change.repository.ts";
export { MapDataService } from "./map-data.service.ts";
export { MapClusterService } from "./map-cluster.service.ts";
export { registerGeoRoutes } from "./geo.routes.ts";
