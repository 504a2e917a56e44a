// Loads the MapLibre bundle on demand, trying again a few times before giving up (spec: 3 retries).
import type * as MapLibreModule from "maplibre-gl";

export type MapLibre = typeof MapLibreModule;

export const MAP_SERVICE_NAME = "MapLibre GL";
export const MAP_LIBRARY_RETRIES = 3;

let loading: Promise<MapLibre> | null = null;

export function loadMapLibre(): Promise<MapLibre> {
  loading ??= (async () => {
    let lastError: unknown;
    for (let attempt = 0; attempt <= MAP_LIBRARY_RETRIES; attempt++) {
      try {
        return (await import("./maplibre.client.ts")).maplibregl;
      } catch (error) {
        lastError = error;
        if (attempt < MAP_LIBRARY_RETRIES) await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
      }
    }
    loading = null;
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  })();
  return loading;
}
