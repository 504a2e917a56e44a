// Which map style the browser draws (MAP_STYLE_URL), and the origins the CSP must allow for it.
import type { MapStyleConfig } from "#shared/map.ts";

/** OpenFreeMap: keyless public OpenMapTiles-schema vector tiles. Its terms ask for this attribution. */
export const OPENFREEMAP = {
  tilesUrl: "https://tiles.openfreemap.org/planet",
  glyphsUrl: "https://tiles.openfreemap.org/fonts/{fontstack}/{range}.pbf",
  attribution:
    '<a href="https://openfreemap.org" target="_blank" rel="noopener">OpenFreeMap</a> ' +
    '<a href="https://www.openmaptiles.org/" target="_blank" rel="noopener">&copy; OpenMapTiles</a> ' +
    'Data from <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>',
} as const;

const OPENMAPTILES_ATTRIBUTION =
  '<a href="https://www.openmaptiles.org/" target="_blank" rel="noopener">&copy; OpenMapTiles</a> ' +
  '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">&copy; OpenStreetMap contributors</a>';


export function mapStyleConfig(value: string | undefined): MapStyleConfig {
  if (!value) return { kind: "vector", tilesUrl: OPENFREEMAP.tilesUrl, glyphsUrl: OPENFREEMAP.glyphsUrl, attribution: OPENFREEMAP.attribution };
  if (value === "offline") return { kind: "offline" };
  if (value.startsWith("pmtiles://")) return { kind: "vector", tilesUrl: value, glyphsUrl: null, attribution: OPENMAPTILES_ATTRIBUTION };
  return { kind: "url", url: value };
}

/** Origins the browser fetches style, tiles and glyphs from, for connect-src and img-src. */
export function mapStyleOrigins(config: MapStyleConfig): string[] {
  const urls =
    config.kind === "offline" ? [] : config.kind === "url" ? [config.url] : [config.tilesUrl.replace(/^pmtiles:\/\//, ""), config.glyphsUrl ?? ""];
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Not an absolute URL: nothing to allow.
    }
  }
  return [...origins];
}
