// The map's sources and layers: the businesses in two slots (the one shown and a standby kept loaded out of sight),
// the selected business, the visitor's dot and a driving route; and the businesses as the data MapLibre is given.
import type { Map as MapLibreMap } from "maplibre-gl";
import type * as GeoJSON from "geojson";
import { MAP_CLUSTER, MARKER_SCALE } from "#shared/constants.ts";
import { positionsByColor } from "#shared/map-sketch.ts";
import type { MapBusiness } from "./map-filters.ts";

export const CLUSTER_COLORS = { red: "#c62828", blue: "#1e63c4" } as const;
export const VISITOR_COLOR = "#1a73e8";
export const ROUTE_COLOR = "#1a73e8";

export const EMPTY: GeoJSON.FeatureCollection = { type: "FeatureCollection", features: [] };

/**
 * The businesses' two sources with their layers: the one shown, and a standby drawn at opacity 0 (MapLibre then keeps
 * its tiles loaded and laid out but skips drawing them), so switching between them is a change of paint only.
 */
export const SLOTS = [
  { source: "businesses", clusters: "clusters", count: "cluster-count", points: "business-points" },
  { source: "businesses-next", clusters: "clusters-next", count: "cluster-count-next", points: "business-points-next" },
] as const;
export type Slot = (typeof SLOTS)[number];
export const slotOfLayer = (layer: string) => SLOTS.findIndex((slot) => slot.clusters === layer || slot.count === layer || slot.points === layer);

/** Draws a slot's layers, or keeps them loaded out of sight; at once (no fade). */
export function showSlot(map: MapLibreMap, slot: Slot, shown: boolean) {
  map.setPaintProperty(slot.clusters, "circle-opacity", shown ? 1 : 0);
  map.setPaintProperty(slot.clusters, "circle-stroke-opacity", shown ? 1 : 0);
  map.setPaintProperty(slot.count, "text-opacity", shown ? 1 : 0);
  map.setPaintProperty(slot.points, "circle-opacity", shown ? 0.8 : 0);
  map.setPaintProperty(slot.points, "circle-stroke-opacity", shown ? 1 : 0);
}

/**
 * The businesses as one MultiPoint per colour. MapLibre clusters and draws each position of a MultiPoint as a
 * point of its own, with the same rules as a feature per business; but the data crosses to MapLibre's worker
 * three to four times faster, since its message serialiser walks every object and a feature per business makes
 * five of them. The clusterer is greedy, so it now meets the businesses colour by colour (one category alone:
 * in the same order as before). Which business a circle is comes from where it is drawn (see `businessAt`).
 */
export function businessFeatures(businesses: MapBusiness[], colorOf: (b: MapBusiness) => string): GeoJSON.FeatureCollection {
  return {
    type: "FeatureCollection",
    features: [...positionsByColor(businesses, colorOf)].map(([color, coordinates]) => ({ type: "Feature", geometry: { type: "MultiPoint", coordinates }, properties: { color } })),
  };
}

export function selectedFeature(business: MapBusiness, color: string): GeoJSON.Feature {
  return { type: "Feature", geometry: { type: "Point", coordinates: [business.lng, business.lat] }, properties: { id: business.id, color } };
}

/**
 * The business whose circle is drawn nearest to a pixel of the map, within `tolerance` pixels, among those of
 * the given colours (the circles the click hit). `project` gives a business's pixel.
 */
export function businessAt<T extends { lat: number; lng: number }>(
  candidates: readonly T[],
  colorOf: (b: T) => string,
  colors: ReadonlySet<string>,
  project: (b: T) => { x: number; y: number },
  at: { x: number; y: number },
  tolerance: number,
): T | null {
  let best: T | null = null;
  let bestDistance = tolerance * tolerance;
  for (const candidate of candidates) {
    if (!colors.has(colorOf(candidate))) continue;
    const p = project(candidate);
    const distance = (p.x - at.x) ** 2 + (p.y - at.y) ** 2;
    if (distance <= bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

export function addLayers(map: MapLibreMap, cluster: boolean, businesses: GeoJSON.FeatureCollection) {
  for (const [index, slot] of SLOTS.entries()) {
    map.addSource(slot.source, {
      type: "geojson",
      data: index === 0 ? businesses : EMPTY,
      cluster,
      clusterRadius: MAP_CLUSTER.gridSizePx,
      clusterMinPoints: MAP_CLUSTER.minClusterSize,
      clusterMaxZoom: MAP_CLUSTER.maxZoom,
    });
  }
  map.addSource("selected", { type: "geojson", data: EMPTY });
  map.addSource("visitor", { type: "geojson", data: EMPTY });
  map.addSource("route", { type: "geojson", data: EMPTY });

  map.addLayer({
    id: "route",
    type: "line",
    source: "route",
    layout: { "line-cap": "round", "line-join": "round" },
    paint: { "line-color": ROUTE_COLOR, "line-width": 5, "line-opacity": 0.85 },
  });
  const now = { duration: 0, delay: 0 };
  for (const [index, slot] of SLOTS.entries()) {
    const shown = index === 0;
    map.addLayer({
      id: slot.clusters,
      type: "circle",
      source: slot.source,
      filter: ["has", "point_count"],
      paint: {
        "circle-color": ["case", ["boolean", ["feature-state", "red"], false], CLUSTER_COLORS.red, CLUSTER_COLORS.blue],
        "circle-radius": ["step", ["get", "point_count"], 16, 10, 20, 100, 26, 1000, 32],
        "circle-stroke-color": "#ffffff",
        "circle-stroke-width": 2,
        "circle-opacity": shown ? 1 : 0,
        "circle-opacity-transition": now,
        "circle-stroke-opacity": shown ? 1 : 0,
        "circle-stroke-opacity-transition": now,
      },
    });
    // Counts need glyphs: styles with tiles bring them, the offline style draws them with a local font.
    map.addLayer({
      id: slot.count,
      type: "symbol",
      source: slot.source,
      filter: ["has", "point_count"],
      layout: { "text-field": ["get", "point_count_abbreviated"], "text-size": 12, "text-allow-overlap": true },
      paint: { "text-color": "#ffffff", "text-opacity": shown ? 1 : 0, "text-opacity-transition": now },
    });
    map.addLayer({
      id: slot.points,
      type: "circle",
      source: slot.source,
      filter: ["!", ["has", "point_count"]],
      paint: {
        "circle-color": ["get", "color"],
        "circle-radius": MARKER_SCALE.normal,
        "circle-opacity": shown ? 0.8 : 0,
        "circle-opacity-transition": now,
        "circle-stroke-color": "#ffffff",
        "circle-stroke-width": 1.5,
        "circle-stroke-opacity": shown ? 1 : 0,
        "circle-stroke-opacity-transition": now,
      },
    });
  }
  map.addLayer({
    id: "selected",
    type: "circle",
    source: "selected",
    paint: {
      "circle-color": ["get", "color"],
      "circle-radius": MARKER_SCALE.selected,
      "circle-opacity": 1,
      "circle-stroke-color": "#ffffff",
      "circle-stroke-width": 2,
    },
  });
  map.addLayer({
    id: "visitor",
    type: "circle",
    source: "visitor",
    paint: { "circle-color": VISITOR_COLOR, "circle-radius": 7, "circle-stroke-color": "#ffffff", "circle-stroke-width": 3 },
  });
}
