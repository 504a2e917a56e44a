// The map page's businesses, fetched as one GeoJSON FeatureCollection after the page arrives.
import { useEffect, useState } from "react";
import type { MapBusiness } from "./map-filters.ts";

export const BUSINESSES_GEOJSON_URL = "/api/v1/geo/businesses";

interface BusinessFeature {
  id: string;
  geometry: { coordinates: [number, number] };
  properties: Omit<MapBusiness, "id" | "lat" | "lng">;
}

export type MapBusinesses = { kind: "loading" } | { kind: "ready"; businesses: MapBusiness[] } | { kind: "failed" };

export function fromFeatures(features: BusinessFeature[]): MapBusiness[] {
  return features.map(({ id, geometry, properties }) => ({ id, lng: geometry.coordinates[0], lat: geometry.coordinates[1], ...properties }));
}

export function useMapBusinesses(): MapBusinesses {
  const [state, setState] = useState<MapBusinesses>({ kind: "loading" });
  useEffect(() => {
    let cancelled = false;
    // Plain fetch options, so the request matches the page's preload and is not sent twice.
    fetch(BUSINESSES_GEOJSON_URL)
      .then((response) => (response.ok ? (response.json() as Promise<{ features: BusinessFeature[] }>) : Promise.reject(new Error(String(response.status)))))
      .then((collection) => !cancelled && setState({ kind: "ready", businesses: fromFeatures(collection.features) }))
      .catch(() => !cancelled && setState({ kind: "failed" }));
    return () => {
      cancelled = true;
    };
  }, []);
  return state;
}
