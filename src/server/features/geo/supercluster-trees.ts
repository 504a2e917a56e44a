// What the map's index reads of Supercluster's own trees (supercluster 8, as package.json allows), for what its API has
// no call for: a build that lets other work run between its steps, and the clusters that hold a given point at each
// zoom (decision 0052). map-index-patch.test.ts checks both against Supercluster's own `load` and `getLeaves`, so an
// upgrade that changes these internals fails there first.
import type Supercluster from "supercluster";

interface Tree {
  /** Per entry, `stride` numbers: x, y, the zoom it was last seen at, its id, its parent cluster's id (-1), its count. */
  data: number[];
  within(x: number, y: number, r: number): number[];
}

interface KDBushTree extends Tree {
  add(x: number, y: number): number;
  finish(): void;
}

interface Internals {
  options: { minZoom: number; maxZoom: number; radius: number; extent: number; nodeSize: number; minPoints: number; reduce?: unknown };
  trees: Tree[];
  stride: number;
  points: unknown[];
  _createTree(data: number[]): Tree;
  _cluster(tree: Tree, zoom: number): number[];
}

const OFFSET_ZOOM = 2;
const OFFSET_ID = 3;
const OFFSET_PARENT = 4;
const OFFSET_NUM = 5;
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

/**
 * Points, or entries of a zoom's tree, handled between two pauses of `loadInSteps`: a few milliseconds of work (a whole
 * zoom of 100,000 businesses held the thread 50 to 80 ms, decision 0072).
 */
export const STEP_ENTRIES = 5_000;

/**
 * `clusters.load(points)`, awaiting `pause` after each `stepEntries` points projected, entries added to a tree or
 * entries clustered: the same trees, built in steps. Each zoom's clustering is Supercluster 8's `_cluster` (ISC
 * licence) with its loop cut into runs, which changes nothing: each entry is handled in the same order, and nothing
 * else reads the trees until they are built. Supercluster's own `_cluster` is used whole where options ask it to
 * merge properties (`reduce`), which the map's index does not.
 */
export async function loadInSteps<P extends GeoJSON.Feature<GeoJSON.Point, { i: number }>>(
  clusters: Supercluster<{ i: number }>,
  points: P[],
  pause: () => Promise<void>,
  stepEntries = STEP_ENTRIES,
): Promise<Supercluster<{ i: number }>> {
  const index = internals(clusters);
  const { minZoom, maxZoom } = index.options;
  index.points = points;
  const data: number[] = [];
  for (let from = 0; from < points.length; from += stepEntries) {
    for (let i = from; i < Math.min(points.length, from + stepEntries); i++) {
      const [lng, lat] = points[i]!.geometry.coordinates as [number, number];
      data.push(Math.fround(lngX(lng)), Math.fround(latY(lat)), Infinity, i, -1, 1);
    }
    await pause();
  }
  let tree = (index.trees[maxZoom + 1] = await treeInSteps(index, data, pause, stepEntries));
  for (let zoom = maxZoom; zoom >= minZoom; zoom--) {
    await pause();
    const next = index.options.reduce ? index._cluster(tree, zoom) : await clusterInSteps(index, tree, zoom, pause, stepEntries);
    tree = index.trees[zoom] = await treeInSteps(index, next, pause, stepEntries);
  }
  return clusters;
}

/** Supercluster's `_createTree(data)`, its entries added in steps (the tree's sort, `finish`, is one). */
async function treeInSteps(index: Internals, data: number[], pause: () => Promise<void>, stepEntries: number): Promise<Tree> {
  const { stride } = index;
  // KDBush is Supercluster's dependency, not the project's: its class is taken from a tree Supercluster makes.
  const KDBush = index._createTree([]).constructor as new (numItems: number, nodeSize: number, arrayType: Float32ArrayConstructor) => KDBushTree;
  const tree = new KDBush((data.length / stride) | 0, index.options.nodeSize, Float32Array);
  const step = stepEntries * stride;
  for (let from = 0; from < data.length; from += step) {
    for (let i = from; i < Math.min(data.length, from + step); i += stride) tree.add(data[i]!, data[i + 1]!);
    if (from + step < data.length) await pause();
  }
  tree.finish();
  tree.data = data;
  return tree;
}

/** Supercluster's `_cluster(tree, zoom)` for options with no `reduce`, awaiting `pause` after each `stepEntries` entries. */
async function clusterInSteps(index: Internals, tree: Tree, zoom: number, pause: () => Promise<void>, stepEntries: number): Promise<number[]> {
  const { radius, extent, minPoints } = index.options;
  const r = radius / (extent * Math.pow(2, zoom));
  const { data } = tree;
  const { stride } = index;
  const nextData: number[] = [];
  const step = stepEntries * stride;
  for (let from = 0; from < data.length; from += step) {
    for (let i = from; i < Math.min(data.length, from + step); i += stride) {
      // Visited at this zoom already (a neighbour of an entry before it).
      if (data[i + OFFSET_ZOOM]! <= zoom) continue;
      data[i + OFFSET_ZOOM] = zoom;
      const x = data[i]!;
      const y = data[i + 1]!;
      const neighborIds = tree.within(x, y, r);
      const numPointsOrigin = data[i + OFFSET_NUM]!;
      let numPoints = numPointsOrigin;
      for (const neighborId of neighborIds) {
        const k = neighborId * stride;
        if (data[k + OFFSET_ZOOM]! > zoom) numPoints += data[k + OFFSET_NUM]!;
      }
      if (numPoints > numPointsOrigin && numPoints >= minPoints) {
        // A cluster of the entry and its neighbours not visited yet, at their weighted centre.
        let wx = x * numPointsOrigin;
        let wy = y * numPointsOrigin;
        const id = (((i / stride) | 0) << 5) + (zoom + 1) + index.points.length;
        for (const neighborId of neighborIds) {
          const k = neighborId * stride;
          if (data[k + OFFSET_ZOOM]! <= zoom) continue;
          data[k + OFFSET_ZOOM] = zoom;
          const numPoints2 = data[k + OFFSET_NUM]!;
          wx += data[k]! * numPoints2;
          wy += data[k + 1]! * numPoints2;
          data[k + OFFSET_PARENT] = id;
        }
        data[i + OFFSET_PARENT] = id;
        nextData.push(wx / numPoints, wy / numPoints, Infinity, id, -1, numPoints);
      } else {
        // Left as they are: the entry, and its neighbours when too few to make a cluster.
        for (let j = 0; j < stride; j++) nextData.push(data[i + j]!);
        if (numPoints > 1) {
          for (const neighborId of neighborIds) {
            const k = neighborId * stride;
            if (data[k + OFFSET_ZOOM]! <= zoom) continue;
            data[k + OFFSET_ZOOM] = zoom;
            for (let j = 0; j < stride; j++) nextData.push(data[k + j]!);
          }
        }
      }
    }
    if (from + step < data.length) await pause();
  }
  return nextData;
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
