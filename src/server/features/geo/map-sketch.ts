// Works out the map page's first view (see src/shared/map-sketch.ts) with the clusterer MapLibre itself runs in its
// worker (`@maplibre/geojson-vt`, the same version as MapLibre's), given the businesses as MapLibre is given them and
// the options MapLibre gives it for the map's source.
import { Supercluster } from "@maplibre/geojson-vt";
import { MAP_CLUSTER, UNKNOWN_CATEGORY_COLOR } from "#shared/constants.ts";
import { clusterRedThreshold, type MapBusiness, type MapCategory } from "#shared/map.ts";
import {
  positionsByColor,
  project,
  SKETCH_AREA,
  SKETCH_MAX_ZOOM,
  SKETCH_STEPS,
  WORLD_PX,
  zoomForArea,
  type MapSketch,
  type SketchCluster,
  type SketchLevel,
  type SketchPoint,
} from "#shared/map-sketch.ts";

/** MapLibre's tile extent, and the pixels of its GeoJSON sources' tiles: a pixel is 16 units. */
const EXTENT = 8192;
const SOURCE_TILE_PX = 512;
/** Bounds smaller than this (in pixels at zoom 0, about a millimetre) are one spot: the map frames them at zoom 18. */
const SMALLEST = 1e-9;
const HEX_COLOR = /^#[0-9a-f]{3,8}$/i;

/**
 * The sketch of these businesses (already filtered, in the map's order), or null when the map would not frame them as
 * bounds (fewer than two, or all at one spot or on one line).
 */
export function mapSketch(businesses: readonly Pick<MapBusiness, "lat" | "lng" | "categoryId">[], categories: readonly Pick<MapCategory, "id" | "color">[]): MapSketch | null {
  if (businesses.length < 2) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const b of businesses) {
    west = Math.min(west, b.lng);
    east = Math.max(east, b.lng);
    south = Math.min(south, b.lat);
    north = Math.max(north, b.lat);
  }
  const [x0, y0] = project(west, north);
  const [x1, y1] = project(east, south);
  const bounds = { width: (x1 - x0) * WORLD_PX, height: (y1 - y0) * WORLD_PX };
  if (!(bounds.width > SMALLEST && bounds.height > SMALLEST)) return null;

  // Colours go into the page's style sheet: only plain hex ones (the categories' own are checked when saved).
  const colorById = new Map(categories.map((c) => [c.id, HEX_COLOR.test(c.color) ? c.color : UNKNOWN_CATEGORY_COLOR]));
  const byColor = positionsByColor(businesses, (b) => (b.categoryId && colorById.get(b.categoryId)) || UNKNOWN_CATEGORY_COLOR);
  const colors = [...byColor.keys()];
  const index = new Supercluster({
    minPoints: Math.max(2, MAP_CLUSTER.minClusterSize),
    maxZoom: MAP_CLUSTER.maxZoom,
    extent: EXTENT,
    radius: MAP_CLUSTER.gridSizePx * (EXTENT / SOURCE_TILE_PX),
    log: false,
    generateId: false,
  });
  index.load(
    colors.map((color, colorIndex) => ({
      type: "Feature" as const,
      geometry: { type: "MultiPoint" as const, coordinates: byColor.get(color)! },
      properties: { color: colorIndex },
    })),
  );

  const share = (lng: number, lat: number): [number, number] => {
    const [x, y] = project(lng, lat);
    // (+ 0: a share a hair west or north of the bounds is 0, not -0.)
    return [Math.round(((x - x0) / (x1 - x0)) * SKETCH_STEPS) + 0, Math.round(((y - y0) / (y1 - y0)) * SKETCH_STEPS) + 0];
  };
  const lowest = Math.max(0, zoomForArea(bounds, SKETCH_AREA.min));
  const highest = Math.max(lowest, zoomForArea(bounds, SKETCH_AREA.max));
  // A whisker wider than the bounds: a cluster's centre, stored in whole steps, may fall just outside them.
  const margin = 1e-6;
  const levels: SketchLevel[] = [];
  for (let zoom = lowest; zoom <= Math.min(highest, SKETCH_MAX_ZOOM); zoom++) {
    const features = index.getClusters([west - margin, south - margin, east + margin, north + margin], zoom);
    const counts: number[] = [];
    for (const feature of features) if (feature.properties?.cluster) counts.push(Number(feature.properties.point_count));
    const threshold = clusterRedThreshold(counts);
    const clusters: SketchCluster[] = [];
    const points: SketchPoint[] = [];
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const [x, y] = share(lng, lat);
      const properties = feature.properties ?? {};
      if (properties.cluster) {
        const count = Number(properties.point_count);
        clusters.push([x, y, count, String(properties.point_count_abbreviated), count > threshold ? 1 : 0]);
      } else points.push([x, y, Number(properties.color)]);
    }
    levels.push({ zoom, clusters, points });
  }
  return { total: businesses.length, width: bounds.width, height: bounds.height, colors, levels };
}
