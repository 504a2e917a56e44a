// What the map's index reads of Supercluster's own trees (supercluster 8, as package.json allows), for what its API has
// no call for: a build that lets other work run between its zooms, and the clusters that hold a given point at each
// zoom (decision 0052). map-index-patch.test.ts checks both against Supercluster's own `load` and `getLeaves`, so an
// upgrade that changes these internals fails there first.
import type Supercluster from "supercluster";

interface Tree {
  /** Per entry, `stride` numbers: x, y, the zoom it was last seen at, its id, its parent cluster's id (-1), its count. */
  data: number[];
  within(x: number, y: number, r: number): number[];
}

interface Internals {
  options: { minZoom: number; maxZoom: number; radius: number; extent: number };
  trees: Tree[];
  stride: number;
  points: unknown[];
  _createTree(data: number[]): Tree;
  _cluster(tree: Tree, zoom: number): number[];
}

const OFFSET_ID = 3;
const OFFSET_PARENT = 4;
/** Beyond the float32 rounding of the trees' coordinates (projected on [0, 1]). */
const EPSILON = 1e-6;

const internals = (clusters: Supercluster<{ i: number }>) => clusters as unknown as Internals;

export const lngX = (lng: number) => lng / 360 + 0.5;
export function latY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
}
export const xLng = (x: number) => (x - 0.5) * 360;
export const yLat = (y: number) => (360 * Math.atan(Math.exp(((180 - y * 360) * Math.PI) / 180))) / Math.PI - 90;

/** `clusters.load(points)`, awaiting `pause` once the points are projected and after each zoom's trees: the same trees, built in steps. */
export async function loadInSteps<P extends GeoJSON.Feature<GeoJSON.Point, { i: number }>>(
  clusters: Supercluster<{ i: number }>,
  points: P[],
  pause: () => Promise<void>,
): Promise<Supercluster<{ i: number }>> {
  const index = internals(clusters);
  const { minZoom, maxZoom } = index.options;
  index.points = points;
  const data: number[] = [];
  points.forEach((point, i) => {
    const [lng, lat] = point.geometry.coordinates as [number, number];
    data.push(Math.fround(lngX(lng)), Math.fround(latY(lat)), Infinity, i, -1, 1);
  });
  await pause();
  let tree = (index.trees[maxZoom + 1] = index._createTree(data));
  for (let zoom = maxZoom; zoom >= minZoom; zoom--) {
    await pause();
    tree = index.trees[zoom] = index._createTree(index._cluster(tree, zoom));
  }
  return clusters;
}

/** The point's projected position as the trees hold it. */
export function pointAt(clusters: Supercluster<{ i: number }>, point: number): { x: number; y: number } {
  const { trees, stride, options } = internals(clusters);
  const data = trees[options.maxZoom + 1]!.data;
  return { x: data[point * stride]!, y: data[point * stride + 1]! };
}

/**
 * The id of what stands for the point (its place among the points loaded) at each zoom from the last that clusters
 * down to the first: the point's own place where it is on its own, else the cluster holding it. Null when the trees are
 * not as expected.
 */
export function holders(clusters: Supercluster<{ i: number }>, point: number): number[] | null {
  const { trees, stride, points, options } = internals(clusters);
  const { minZoom, maxZoom, radius, extent } = options;
  const chain: number[] = [];
  chain[maxZoom + 1] = point;
  let at = point;
  let id = point;
  for (let zoom = maxZoom + 1; zoom > minZoom; zoom--) {
    const data = trees[zoom]!.data;
    const parent = data[at * stride + OFFSET_PARENT]!;
    let x = data[at * stride]!;
    let y = data[at * stride + 1]!;
    let r = EPSILON;
    if (parent !== -1) {
      // A cluster made at the zoom below from the entry it is named after and its neighbours within the radius: its
      // centre lies within the radius of that entry.
      const origin = (parent - points.length) >> 5;
      x = data[origin * stride]!;
      y = data[origin * stride + 1]!;
      r += radius / (extent * 2 ** (zoom - 1));
      id = parent;
    }
    const below = trees[zoom - 1]!;
    const found = below.within(x, y, r).find((k) => below.data[k * stride + OFFSET_ID] === id);
    if (found === undefined) return null;
    at = found;
    chain[zoom - 1] = id;
  }
  return chain;
}
