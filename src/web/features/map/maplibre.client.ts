// The MapLibre bundle: imported lazily, only on pages that show a map.
import * as maplibregl from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { Protocol } from "pmtiles";
import "maplibre-gl/dist/maplibre-gl.css";

// v6 loads its worker from a file; served from our own origin, it passes the CSP's worker-src 'self'.
maplibregl.setWorkerUrl(workerUrl);
// The workers start now, while the page is still busy (with the businesses' GeoJSON for the list), not when the
// first map is made.
maplibregl.prewarm();
// Self-hosted PMTiles archives (MAP_STYLE_URL=pmtiles://...) are read with HTTP range requests.
maplibregl.addProtocol("pmtiles", new Protocol().tile);

export { maplibregl };
