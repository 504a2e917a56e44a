// The map feature's public face: /map's explorer, the maps of a business and of the home page, and MapLibre itself.
export { BusinessMap } from "./business-map.tsx";
export { HomeMapSection } from "./home-map.tsx";
export { loadMapLibre, MAP_SERVICE_NAME } from "./load-maplibre.ts";
export { MapExplorer, type Loaded } from "./map-explorer.tsx";
export { parseFilters } from "./map-filters.ts";
export { buildMapStyle } from "./map-style.ts";
export { BUSINESSES_GEOJSON_URL, MAP_REFRESH_MS } from "./use-map-businesses.ts";
