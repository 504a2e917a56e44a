// The business page's map (400 px, zoom 15, the business's circle) with "Get Directions" and "Open in maps".
import { useCallback, useEffect, useRef, useState } from "react";
import type { MapStyleConfig } from "../../../shared/map.ts";
import { BUSINESS_PAGE_MAP } from "../../../shared/constants.ts";
import { useInView } from "../../lib/use-in-view.ts";
import { messages } from "../../../shared/messages.ts";
import { describeRoute, openInMapsHref } from "./directions.ts";
import { fetchRoute } from "./fetch-route.ts";
import { MapCanvas } from "./map-canvas.tsx";
import type { MapBusiness } from "./map-filters.ts";

/** Spec section 4: idle, then getting location, then getting directions, then done or error. */
export type DirectionsState =
  | { kind: "idle" }
  | { kind: "getting-location" }
  | { kind: "getting-directions" }
  | { kind: "done"; distanceMeters: number; durationSeconds: number }
  | { kind: "error"; message: string };

const BUSINESS_COLOR = "#0b4f6c";

export function geolocationErrorMessage(code: number): string {
  const d = messages.directions;
  const reason = code === 1 ? d.permissionDenied : code === 2 ? d.unavailable : code === 3 ? d.timeout : d.unknown;
  return `${d.noCurrentLocation}${reason}`;
}

/** `height` in pixels: the business page's 400 unless given (an event's page shows a smaller one). */
export function BusinessMap({ business, height = BUSINESS_PAGE_MAP.heightPx }: { business: { id: string; name: string; lat: number | null; lng: number | null }; height?: number }) {
  const [config, setConfig] = useState<{ mapStyle: MapStyleConfig; directions: boolean } | null>(null);
  const [state, setState] = useState<DirectionsState>({ kind: "idle" });
  const [route, setRoute] = useState<[number, number][] | null>(null);
  // The map library (the page's heaviest part by far) loads only once the map is about to be seen.
  const mapArea = useRef<HTMLDivElement>(null);
  const inView = useInView(mapArea);
  const hasLocation = business.lat !== null && business.lng !== null && Number.isFinite(business.lat) && Number.isFinite(business.lng);

  useEffect(() => {
    fetch("/api/v1/geo/map-config")
      .then((r) => (r.ok ? (r.json() as Promise<{ mapStyle: MapStyleConfig; directions: boolean }>) : Promise.reject(new Error(String(r.status)))))
      .then(setConfig)
      .catch(() => setConfig({ mapStyle: { kind: "offline" }, directions: true }));
  }, []);

  const point: MapBusiness | null = hasLocation
    ? { id: business.id, name: business.name, lat: business.lat!, lng: business.lng!, description: null, address: null, logoUrl: null, categoryId: null, tagIds: [], openNow: null }
    : null;
  const colorOf = useCallback(() => BUSINESS_COLOR, []);

  function getDirections() {
    if (!point) return setState({ kind: "error", message: messages.directions.noBusinessLocation });
    if (!("geolocation" in navigator)) return setState({ kind: "error", message: messages.directions.unsupported });
    setState({ kind: "getting-location" });
    setRoute(null);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        setState({ kind: "getting-directions" });
        const result = await fetchRoute({ lat: position.coords.latitude, lng: position.coords.longitude }, point);
        if ("coordinates" in result) {
          setRoute(result.coordinates);
          setState({ kind: "done", distanceMeters: result.distanceMeters, durationSeconds: result.durationSeconds });
        } else setState({ kind: "error", message: messages.directions.failed(result.status) });
      },
      (error) => setState({ kind: "error", message: geolocationErrorMessage(error.code) }),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  }

  const busy = state.kind === "getting-location" || state.kind === "getting-directions";
  return (
    <div>
      {point && (
        <div ref={mapArea} className="rounded-lg bg-stone-100" style={{ height }} data-testid="business-map">
          {config && inView && (
            <MapCanvas
              className="overflow-hidden rounded-lg border border-stone-200"
              height={height}
              label={`Map showing ${business.name}`}
              mapStyle={config.mapStyle}
              businesses={[point]}
              colorOf={colorOf}
              cluster={false}
              route={route}
              framing={{ kind: "point", lat: point.lat, lng: point.lng, zoom: BUSINESS_PAGE_MAP.zoom }}
              framingKey="business"
            />
          )}
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {config?.directions !== false && (
          <button
            type="button"
            onClick={getDirections}
            disabled={busy}
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {messages.map.getDirections}
          </button>
        )}
        {point && (
          <a href={openInMapsHref(point, business.name)} className="text-brand-700 underline">
            Open in maps
          </a>
        )}
      </div>
      <p role="status" className="mt-2 text-sm text-stone-700">
        {state.kind === "getting-location" && "Getting your location..."}
        {state.kind === "getting-directions" && "Getting directions..."}
        {state.kind === "done" && describeRoute(state.distanceMeters, state.durationSeconds)}
      </p>
      {state.kind === "error" && (
        <p role="alert" className="mt-1 text-red-700">
          {state.message}
        </p>
      )}
    </div>
  );
}
