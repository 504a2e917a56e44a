// The map page's first view without WebGL: the businesses' circles and clusters as MapLibre will first draw them for
// the page's filters, worked out by the server with MapLibre's own clusterer and carried by the page's HTML. They
// show at the page's first paint, in plain HTML and CSS, while the map library loads and draws (seconds on a phone
// without a fast GPU); the map takes their place once it has drawn the businesses.
//
// The map frames several businesses with `cameraForBounds` (40 px of padding, zoom 18 at most): their bounds, projected,
// scaled to fit. The sketch does the same in CSS: a box of the bounds' aspect ratio fitted in the map's area (container
// query units), each circle placed at its share of the box. Clusters depend on the zoom the map ends at, which depends
// on the area's size: the sketch holds the clusters of each whole zoom an area could come to, and shows the one the
// area's size gives (app.css: each level moves out of sight unless the area is at least its zoom's size and smaller
// than the next's). All of it is custom properties on the elements and one style sheet: no style element per page.
import type { MapBusiness } from "./map.ts";

/** The padding in pixels the map leaves around the businesses it frames. */
export const SKETCH_PADDING_PX = 40;
/** The map's closest zoom when it frames businesses. */
export const SKETCH_MAX_ZOOM = 18;
/** The width of the world at zoom 0 in MapLibre's pixels. */
export const WORLD_PX = 512;
/**
 * Map areas the sketch is made for, in CSS pixels, padding included: a phone's to the map beside the sidebar in a
 * 1920 × 1200 window. A larger map (whose screen likely comes with a GPU) shows its loading message until it has drawn:
 * the closest zooms hold the most circles, and every visitor's page would carry them.
 */
export const SKETCH_AREA = { min: { width: 240, height: 240 }, max: { width: 1600, height: 1100 } } as const;
/** Shares of the box are written in steps of 1/100,000 (a fiftieth of a pixel on a 2,000-pixel box). */
export const SKETCH_STEPS = 100_000;

/** A cluster: where it is (shares of the box), how many businesses it holds, its count as drawn, whether it is red. */
export type SketchCluster = [x: number, y: number, count: number, label: string, red: 0 | 1];
/** A business on its own: where it is, and the index of its colour in `MapSketch.colors`. */
export type SketchPoint = [x: number, y: number, color: number];

/**
 * The circles of one whole zoom. Circles closer than the cluster radius (60 px) are one cluster, so a level holds at
 * most a few hundred, whatever the number of businesses (about 400 on the largest area).
 */
export interface SketchLevel {
  zoom: number;
  clusters: SketchCluster[];
  points: SketchPoint[];
}

export interface MapSketch {
  /** How many businesses it shows. */
  total: number;
  /** The businesses' bounds, projected, in pixels at zoom 0. */
  width: number;
  height: number;
  colors: string[];
  /** One per whole zoom, lowest first. */
  levels: SketchLevel[];
}

/** Web Mercator, as MapLibre projects: 0 to 1 across the world, west to east and north to south. */
export function project(lng: number, lat: number): [x: number, y: number] {
  const sin = Math.sin((lat * Math.PI) / 180);
  return [(lng + 180) / 360, 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI];
}

/**
 * The businesses as MapLibre is given them: one list of positions per colour, the colours in the order their first
 * business comes. The clusterer is greedy, so the order decides the clusters; the map and the sketch share it.
 */
export function positionsByColor<B extends Pick<MapBusiness, "lat" | "lng">>(businesses: readonly B[], colorOf: (b: B) => string): Map<string, [number, number][]> {
  const byColor = new Map<string, [number, number][]>();
  for (const b of businesses) {
    const color = colorOf(b);
    let positions = byColor.get(color);
    if (!positions) byColor.set(color, (positions = []));
    positions.push([b.lng, b.lat]);
  }
  return byColor;
}

/** The smallest size of the map's area, padding included, at which the map frames the businesses at `zoom` or closer. */
export function areaForZoom(sketch: Pick<MapSketch, "width" | "height">, zoom: number): { width: number; height: number } {
  const scale = 2 ** zoom;
  return { width: sketch.width * scale + 2 * SKETCH_PADDING_PX, height: sketch.height * scale + 2 * SKETCH_PADDING_PX };
}

/** The whole zoom the map frames the businesses at in an area of this size (padding included). */
export function zoomForArea(sketch: Pick<MapSketch, "width" | "height">, area: { width: number; height: number }): number {
  const fit = Math.min((area.width - 2 * SKETCH_PADDING_PX) / sketch.width, (area.height - 2 * SKETCH_PADDING_PX) / sketch.height);
  return Math.min(SKETCH_MAX_ZOOM, Math.floor(Math.log2(fit)));
}

/**
 * The custom properties the sketch's style sheet (app.css) places it by: on the sketch, the box's aspect ratio and its
 * width at zoom 18 (the closest the map frames); on each level, the area sizes from which it shows (its zoom's) and from
 * which it no longer does (the next zoom's).
 */
export function sketchBoxProperties(sketch: Pick<MapSketch, "width" | "height">): Record<string, string> {
  return { "--sketch-aspect": String(round(sketch.width / sketch.height)), "--sketch-max-width": `${round(sketch.width * 2 ** SKETCH_MAX_ZOOM)}px` };
}

export function sketchLevelProperties(sketch: Pick<MapSketch, "width" | "height">, zoom: number): Record<string, string> {
  const from = areaForZoom(sketch, zoom);
  const to = zoom >= SKETCH_MAX_ZOOM ? { width: 1e9, height: 1e9 } : areaForZoom(sketch, zoom + 1);
  return {
    "--from-width": `${round(from.width)}px`,
    "--from-height": `${round(from.height)}px`,
    "--to-width": `${round(to.width)}px`,
    "--to-height": `${round(to.height)}px`,
  };
}

/** A share of the box as a CSS percentage. */
export function percent(steps: number): string {
  return `${steps / (SKETCH_STEPS / 100)}%`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
