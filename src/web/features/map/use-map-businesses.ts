// The map page's businesses, fetched as one GeoJSON FeatureCollection after the page arrives, and checked again
// each minute while the page is in view: whether each is open changes with the time, and the content with editors.
import { useEffect, useState } from "react";
import { MAP_FIELDS } from "#shared/map.ts";
import type { MapBusiness } from "./map-filters.ts";

export const BUSINESSES_GEOJSON_URL = "/api/v1/geo/businesses";

/** How often a map left open checks its businesses again (the server works out whether each is open once a minute). */
export const MAP_REFRESH_MS = 60_000;

interface BusinessFeature {
  id: string;
  geometry: { coordinates: [number, number] };
  properties: Omit<MapBusiness, "id" | "lat" | "lng">;
}

export type MapBusinesses = { kind: "loading" } | { kind: "ready"; businesses: MapBusiness[] } | { kind: "failed" };

const FIELD_NAMES = MAP_FIELDS.map(([name]) => name);

// Each business made with its fields set one by one in the same order, not spread from the feature's properties: on a
// page's first run, before the browser has optimised this code, about five times faster for ten thousand.
export function fromFeatures(features: BusinessFeature[]): MapBusiness[] {
  return features.map(({ id, geometry: { coordinates }, properties: p }) => {
    const business = { id, lat: coordinates[1], lng: coordinates[0], logoUrl: p.logoUrl, categoryId: p.categoryId, tagIds: p.tagIds, openNow: p.openNow } as MapBusiness;
    for (const name of FIELD_NAMES) (business as Record<string, unknown>)[name] = p[name];
    return business;
  });
}

/** `enabled` false (a map of many businesses, which asks for each view instead): nothing is fetched. */
export function useMapBusinesses(enabled = true): MapBusinesses {
  const [state, setState] = useState<MapBusinesses>({ kind: "loading" });
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let shown: string | null = null;
    let checkedAt = 0;
    let checking = false;
    // Plain fetch options, so the first request matches the page's preload and is not sent twice. Later ones are
    // answered 304 by the server while nothing changed (the browser then gives the body it kept): the same ETag as
    // the businesses shown is nothing new, and they are neither read again nor handed to the map.
    const load = async () => {
      checkedAt = Date.now();
      const response = await fetch(BUSINESSES_GEOJSON_URL);
      if (!response.ok) throw new Error(String(response.status));
      const etag = response.headers.get("etag");
      if (etag !== null && etag === shown) return;
      const collection = (await response.json()) as { features: BusinessFeature[] };
      if (cancelled) return;
      shown = etag;
      setState({ kind: "ready", businesses: fromFeatures(collection.features) });
    };
    load().catch(() => !cancelled && setState({ kind: "failed" }));

    // A failed check keeps what is shown (or the failure's message) until the next one.
    const check = () => {
      if (checking || document.visibilityState !== "visible" || Date.now() - checkedAt < MAP_REFRESH_MS / 2) return;
      checking = true;
      load()
        .catch(() => undefined)
        .finally(() => (checking = false));
    };
    const timer = setInterval(check, MAP_REFRESH_MS);
    // Back in view after a while (another tab, a phone woken up): checked at once.
    document.addEventListener("visibilitychange", check);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [enabled]);
  return state;
}
