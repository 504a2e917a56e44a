// Our muted map style (spec: no points of interest, business labels or transit; white roads, light blue water,
// light grey land) over OpenMapTiles-schema vector tiles, or the tile-less offline style.
import type { StyleSpecification, LayerSpecification } from "maplibre-gl";
import type { MapStyleConfig } from "#shared/map.ts";

export const MAP_COLORS = {
  land: "#eceae6",
  water: "#b9d9ec",
  road: "#ffffff",
  roadCasing: "#d8d5cf",
  park: "#dfe6d8",
  building: "#e2dfda",
  boundary: "#b8b4ad",
  label: "#5f5b55",
} as const;

const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: "land", type: "background", paint: { "background-color": MAP_COLORS.land } }],
};

function mutedStyle(tilesUrl: string, glyphsUrl: string | null, attribution: string): StyleSpecification {
  const roadWidth = (base: number): ["interpolate", ["exponential", number], ["zoom"], ...number[]] => [
    "interpolate",
    ["exponential", 1.5],
    ["zoom"],
    10,
    base * 0.5,
    15,
    base * 3,
    18,
    base * 12,
  ];
  const layers: LayerSpecification[] = [
    { id: "land", type: "background", paint: { "background-color": MAP_COLORS.land } },
    {
      id: "park",
      type: "fill",
      source: "openmaptiles",
      "source-layer": "park",
      paint: { "fill-color": MAP_COLORS.park },
    },
    {
      id: "landcover-grass",
      type: "fill",
      source: "openmaptiles",
      "source-layer": "landcover",
      filter: ["in", ["get", "class"], ["literal", ["grass", "wood", "farmland"]]],
      paint: { "fill-color": MAP_COLORS.park, "fill-opacity": 0.6 },
    },
    { id: "water", type: "fill", source: "openmaptiles", "source-layer": "water", paint: { "fill-color": MAP_COLORS.water } },
    {
      id: "waterway",
      type: "line",
      source: "openmaptiles",
      "source-layer": "waterway",
      paint: { "line-color": MAP_COLORS.water, "line-width": 1.5 },
    },
    {
      id: "building",
      type: "fill",
      source: "openmaptiles",
      "source-layer": "building",
      minzoom: 14,
      paint: { "fill-color": MAP_COLORS.building },
    },
    {
      id: "road-casing",
      type: "line",
      source: "openmaptiles",
      "source-layer": "transportation",
      // Rail, transit and ferries stay hidden: only streets are drawn.
      filter: ["in", ["get", "class"], ["literal", ["motorway", "trunk", "primary", "secondary", "tertiary", "minor", "service"]]],
      layout: { "line-cap": "round", "line-join": "round" },
      paint: { "line-color": MAP_COLORS.roadCasing, "line-width": roadWidth(1.3) },
    },
    {
      id: "road",
      type: "line",
      source: "openmaptiles",
      "source-layer": "transportation",
      filter: ["in", ["get", "class"], ["literal", ["motorway", "trunk", "primary", "secondary", "tertiary", "minor", "service"]]],
      layout: { "line-cap": "round", "line-join": "round" },
      paint: { "line-color": MAP_COLORS.road, "line-width": roadWidth(1) },
    },
    {
      id: "boundary",
      type: "line",
      source: "openmaptiles",
      "source-layer": "boundary",
      filter: ["<=", ["get", "admin_level"], 4],
      paint: { "line-color": MAP_COLORS.boundary, "line-dasharray": [3, 2] },
    },
  ];
  if (glyphsUrl) {
    // Street and place names only; the poi layer (shops, business names) and transit labels are never drawn.
    layers.push(
      {
        id: "road-label",
        type: "symbol",
        source: "openmaptiles",
        "source-layer": "transportation_name",
        minzoom: 14,
        filter: ["!", ["in", ["get", "class"], ["literal", ["rail", "transit", "ferry"]]]],
        layout: { "symbol-placement": "line", "text-field": ["get", "name"], "text-font": ["Noto Sans Regular"], "text-size": 12 },
        paint: { "text-color": MAP_COLORS.label, "text-halo-color": "#ffffff", "text-halo-width": 1.5 },
      },
      {
        id: "place-label",
        type: "symbol",
        source: "openmaptiles",
        "source-layer": "place",
        filter: ["in", ["get", "class"], ["literal", ["city", "town", "village", "suburb", "neighbourhood"]]],
        layout: { "text-field": ["get", "name"], "text-font": ["Noto Sans Regular"], "text-size": 13 },
        paint: { "text-color": MAP_COLORS.label, "text-halo-color": "#ffffff", "text-halo-width": 1.5 },
      },
    );
  }
  return {
    version: 8,
    sources: { openmaptiles: { type: "vector", url: tilesUrl, attribution } },
    ...(glyphsUrl ? { glyphs: glyphsUrl } : {}),
    layers,
  };
}

/** The style object (or a URL to someone else's complete style) to hand MapLibre. */
export function buildMapStyle(config: MapStyleConfig): StyleSpecification | string {
  if (config.kind === "offline") return OFFLINE_STYLE;
  if (config.kind === "url") return config.url;
  return mutedStyle(config.tilesUrl, config.glyphsUrl, config.attribution);
}
