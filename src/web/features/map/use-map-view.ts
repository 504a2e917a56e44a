// A map of many businesses, a view at a time (decision 0040): each settled view asks the server for its clusters and
// single businesses, and for the first page of the businesses in it; "Show more" asks for the next page.
import { useCallback, useEffect, useState } from "react";
import type { MapBusiness } from "./map-filters.ts";
import { clustersUrl, framingFilterKey, inViewUrl, LIST_PAGE, type MapView, type ViewFilters } from "./view-request.ts";

export interface ViewCluster {
  id: number;
  lat: number;
  lng: number;
  count: number;
  expansionZoom: number;
}

interface ClustersAnswer {
  total: number;
  bounds: [number, number, number, number] | null;
  clusters: ViewCluster[];
  businesses: MapBusiness[];
}

interface ListAnswer {
  total: number;
  offset: number;
  businesses: MapBusiness[];
}

export interface MapViewState {
  /** "idle" until the first view's answer; what is shown stays until the next one's. */
  status: "idle" | "ready" | "failed";
  clusters: ViewCluster[];
  /** The businesses drawn on their own in the view. */
  businesses: MapBusiness[];
  /** How many businesses the filters keep, in view or not (null until known). */
  total: number | null;
  /** Where they lie, with which filters' key (`framingFilterKey`) it is for. */
  bounds: { key: string; west: number; south: number; east: number; north: number } | null;
  /** The list beside the map: the businesses in view so far, and how many there are. */
  listed: MapBusiness[];
  listedTotal: number;
  loadingMore: boolean;
  /** Every business seen since the filters last changed, by id (the selection is looked up here). */
  known: ReadonlyMap<string, MapBusiness>;
}

const EMPTY_STATE: MapViewState = { status: "idle", clusters: [], businesses: [], total: null, bounds: null, listed: [], listedTotal: 0, loadingMore: false, known: new Map() };

async function get<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as T;
}

function withKnown(known: ReadonlyMap<string, MapBusiness>, ...lists: MapBusiness[][]): Map<string, MapBusiness> {
  const next = new Map(known);
  for (const list of lists) for (const b of list) next.set(b.id, b);
  return next;
}

export function useMapView(enabled: boolean, filters: ViewFilters): MapViewState & { onView: (view: MapView) => void; showMore: () => void } {
  const [view, setView] = useState<MapView | null>(null);
  const [state, setState] = useState<MapViewState>(EMPTY_STATE);
  const { categoryId, tagIds, openNow, features } = filters;

  useEffect(() => {
    if (!enabled || !view) return;
    const asked: ViewFilters = { categoryId, tagIds, openNow, features };
    const key = framingFilterKey(asked);
    const controller = new AbortController();
    Promise.all([get<ClustersAnswer>(clustersUrl(view, asked), controller.signal), get<ListAnswer>(inViewUrl(view, asked, 0), controller.signal)]).then(
      ([clusters, list]) =>
        setState((s) => ({
          status: "ready",
          clusters: clusters.clusters,
          businesses: clusters.businesses,
          total: clusters.total,
          bounds: clusters.bounds ? { key, west: clusters.bounds[0], south: clusters.bounds[1], east: clusters.bounds[2], north: clusters.bounds[3] } : null,
          listed: list.businesses,
          listedTotal: list.total,
          loadingMore: false,
          known: withKnown(s.bounds?.key === key ? s.known : new Map(), clusters.businesses, list.businesses),
        })),
      () => !controller.signal.aborted && setState((s) => ({ ...s, status: "failed" })),
    );
    return () => controller.abort();
  }, [enabled, view, categoryId, tagIds, openNow, features]);

  const showMore = useCallback(() => {
    if (!view || state.loadingMore || state.listed.length >= state.listedTotal) return;
    const offset = state.listed.length;
    setState((s) => ({ ...s, loadingMore: true }));
    get<ListAnswer>(inViewUrl(view, { categoryId, tagIds, openNow, features }, offset, LIST_PAGE), new AbortController().signal).then(
      (page) =>
        setState((s) =>
          // A view or filter changed meanwhile: its own list stands.
          s.listed.length !== offset ? s : { ...s, listed: [...s.listed, ...page.businesses], listedTotal: page.total, loadingMore: false, known: withKnown(s.known, page.businesses) },
        ),
      () => setState((s) => ({ ...s, loadingMore: false })),
    );
  }, [view, state.loadingMore, state.listed.length, state.listedTotal, categoryId, tagIds, openNow, features]);

  return { ...state, onView: setView, showMore };
}
