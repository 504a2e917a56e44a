// The grid of the map's kept cell counts (decision 0071, migration 0097-map-cells): at each zoom up to
// MAP_CLUSTER.maxZoom, cells as wide and as high on the Web Mercator map as the cluster index's radius (60 pixels of a
// 512-pixel world), counted from 180°W and from the north edge of the map. A cell at one zoom is four at the next:
// its children are the cells of its column and row times two, plus 0 or 1. The migration's triggers compute the same
// numbers in SQL with the same operations, in the same order, on the same doubles.
import { MAP_CLUSTER } from "#shared/constants.ts";
import { WORLD_PX } from "#shared/map-sketch.ts";

/** Cells across the world at zoom 0: the 512-pixel world over the 60-pixel radius. */
const CELLS_AT_ZERO = WORLD_PX / MAP_CLUSTER.gridSizePx;
/** The latitude past which Web Mercator ends (the map's square world), in degrees. */
const MERCATOR_EDGE = 85.0511287798;

/** Cells across the world at a zoom. */
function across(zoom: number): number {
  return CELLS_AT_ZERO * 2 ** zoom;
}

/** The column, from 180°W, of a longitude's cell at a zoom. */
export function cellColumn(lng: number, zoom: number): number {
  return Math.floor(((lng + 180) / 360) * across(zoom));
}

/** The row, from the map's north edge, of a latitude's cell at a zoom. */
export function cellRow(lat: number, zoom: number): number {
  const clamped = Math.max(-MERCATOR_EDGE, Math.min(MERCATOR_EDGE, lat));
  return Math.floor(((1 - Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) / Math.PI) / 2) * across(zoom));
}

/** The columns at a zoom a box of longitudes covers: two spans for one across the antimeridian. */
export function columnSpans(west: number, east: number, zoom: number): Array<[from: number, to: number]> {
  if (west <= east) return [[cellColumn(west, zoom), cellColumn(east, zoom)]];
  return [
    [cellColumn(west, zoom), cellColumn(180, zoom)],
    [cellColumn(-180, zoom), cellColumn(east, zoom)],
  ];
}

/**
 * One number per cell of a zoom: its column times 2^22 plus its row. Columns stay below 2^20 and rows below 2^22 up to
 * MAP_CLUSTER.maxZoom (8.53 × 2^16 cells across; decision 0064's grid, 2^22 rows from pole to pole), so a key and the
 * cluster id below are safe integers.
 */
export function cellKey(column: number, row: number): number {
  return column * 2 ** 22 + row;
}

/** A cell's cluster id, from its key: negative, unlike the index's, and one per cell and zoom. */
export function cellClusterId(key: number, zoom: number): number {
  return -(key * 32 + zoom + 1);
}
