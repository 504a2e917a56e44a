// The business page's map (400 px, zoom 15, the business's circle) with "Get Directions" and "Open in maps". Until
// the visitor asks for it ("Show map", or "Get Directions"), its place holds a still preview: the map library is the
// page's heaviest part by far, and most visitors never use the map.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { mapBusinessOf, type MapStyleConfig } from "#shared/map.ts";
import { BUSINESS_PAGE_MAP } from "#shared/constants.ts";
import type { TFunction } from "i18next";
import { DirectionsActions } from "./directions-actions.tsx";
import { describeRoute } from "./directions.ts";
import { fetchRoute } from "./fetch-route.ts";
import type { MapBusiness } from "./map-filters.ts";
import { usePublicText } from "#web/lib/public-text.ts";

// The map's own code (and through it the map library) downloads only when the map is asked for.
const MapCanvas = lazy(() => import("./map-canvas.tsx").then((module) => ({ default: module.MapCanvas })));

/** Spec section 4: idle, then getting location, then getting directions, then done or error. */
export type DirectionsState =
  | { kind: "idle" }
  | { kind: "getting-location" }
  | { kind: "getting-directions" }
  | { kind: "done"; distanceMeters: number; durationSeconds: number }
  | { kind: "error"; message: string };

const BUSINESS_COLOR = "#0b4f6c";

export function geolocationErrorMessage(code: number, t: TFunction<"public">): string {
  const reason = code === 1 ? "permissionDenied" : code === 2 ? "unavailable" : code === 3 ? "timeout" : "unknown";
  return `${t("directions.noCurrentLocation")}${t(`directions.${reason}`)}`;
}

/**
 * `height` in pixels: the business page's 400 unless given (an event's page shows a smaller one). `shownAtOnce`:
 * the map itself from the start (the event page shows this only once its own "Show map" was pressed).
 */
export function BusinessMap({
  business,
  height = BUSINESS_PAGE_MAP.heightPx,
  shownAtOnce = false,
}: {
  business: { id: string; name: string; lat: number | null; lng: number | null };
  height?: number;
  shownAtOnce?: boolean;
}) {
  const { t, lang } = usePublicText();
  const [config, setConfig] = useState<{ mapStyle: MapStyleConfig; directions: boolean } | null>(null);
  const [state, setState] = useState<DirectionsState>({ kind: "idle" });
  const [route, setRoute] = useState<[number, number][] | null>(null);
  const [shown, setShown] = useState(shownAtOnce);
  const mapArea = useRef<HTMLDivElement>(null);
  const hasLocation = business.lat !== null && business.lng !== null && Number.isFinite(business.lat) && Number.isFinite(business.lng);

  useEffect(() => {
    fetch("/api/v1/geo/map-config")
      .then((r) => (r.ok ? (r.json() as Promise<{ mapStyle: MapStyleConfig; directions: boolean }>) : Promise.reject(new Error(String(r.status)))))
      .then(setConfig)
      .catch(() => setConfig({ mapStyle: { kind: "offline" }, directions: true }));
  }, []);

  const point: MapBusiness | null = hasLocation
    ? mapBusinessOf({ id: business.id, name: business.name, lat: business.lat!, lng: business.lng! })
    : null;
  const colorOf = useCallback(() => BUSINESS_COLOR, []);

  function showMap() {
    setShown(true);
    // The button goes with the preview: focus stays in the same place, on the map's area.
    mapArea.current?.focus();
  }

  function getDirections() {
    setShown(true);
    if (!point) return setState({ kind: "error", message: t("directions.noBusinessLocation") });
    if (!("geolocation" in navigator)) return setState({ kind: "error", message: t("directions.unsupported") });
    setState({ kind: "getting-location" });
    setRoute(null);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        setState({ kind: "getting-directions" });
        const result = await fetchRoute({ lat: position.coords.latitude, lng: position.coords.longitude }, point);
        if ("coordinates" in result) {
          setRoute(result.coordinates);
          setState({ kind: "done", distanceMeters: result.distanceMeters, durationSeconds: result.durationSeconds });
        } else setState({ kind: "error", message: t("directions.failed", { status: result.status }) });
      },
      (error) => setState({ kind: "error", message: geolocationErrorMessage(error.code, t) }),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  }

  const busy = state.kind === "getting-location" || state.kind === "getting-directions";
  return (
    <div>
      {point && (
        <div ref={mapArea} tabIndex={-1} className="rounded-lg bg-stone-100 outline-none" style={{ height }} data-testid="business-map">
          {!shown && <MapPreview name={business.name} onShow={showMap} />}
          {config && shown && (
            <Suspense fallback={<p role="status" className="flex h-full items-center justify-center text-stone-600">{t("map.loading")}</p>}>
              <MapCanvas
                className="overflow-hidden rounded-lg border border-stone-200"
                height={height}
                label={t("map.mapShowing", { name: business.name })}
                mapStyle={config.mapStyle}
                businesses={[point]}
                colorOf={colorOf}
                cluster={false}
                route={route}
                framing={{ kind: "point", lat: point.lat, lng: point.lng, zoom: BUSINESS_PAGE_MAP.zoom }}
                framingKey="business"
              />
            </Suspense>
          )}
        </div>
      )}
      <DirectionsActions
        className="mt-3"
        buttonPadding="px-4 py-2"
        withButton={config?.directions !== false}
        busy={busy}
        onGetDirections={getDirections}
        place={point}
        placeName={business.name}
        businessId={business.id}
      />
      <p role="status" className="mt-2 text-sm text-stone-700">
        {state.kind === "getting-location" && t("map.gettingLocation")}
        {state.kind === "getting-directions" && t("map.gettingDirections")}
        {state.kind === "done" && describeRoute(state.distanceMeters, state.durationSeconds, t, lang)}
      </p>
      {state.kind === "error" && (
        <p role="alert" className="mt-1 text-red-700">
          {state.message}
        </p>
      )}
    </div>
  );
}

/** What stands in the map's place until it is asked for: streets in outline, the place's pin, and the button. */
function MapPreview({ name, onShow }: { name: string; onShow: () => void }) {
  const { t } = usePublicText();
  return (
    <div
      className="relative h-full overflow-hidden rounded-lg border border-stone-200 bg-[#e9ece3]"
      style={{
        backgroundImage:
          "linear-gradient(90deg, #fff 7px, transparent 7px), linear-gradient(#fff 5px, transparent 5px), linear-gradient(32deg, transparent 48%, #f6f1dc 48%, #f6f1dc 52%, transparent 52%)",
        backgroundSize: "96px 72px, 96px 72px, 100% 100%",
        backgroundPosition: "18px 30px, 18px 30px, 0 0",
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 32" className="absolute inset-x-0 top-1/2 mx-auto h-12 w-9 -translate-y-full drop-shadow">
        <path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill={BUSINESS_COLOR} />
        <circle cx="12" cy="12" r="4.5" fill="#fff" />
      </svg>
      <button
        type="button"
        onClick={onShow}
        aria-label={t("map.showMapOf", { name })}
        className="absolute inset-x-0 bottom-4 mx-auto w-fit rounded-md border border-stone-300 bg-white px-4 py-2 font-semibold text-brand-800 shadow hover:bg-stone-50"
      >
        {t("map.showMap")}
      </button>
    </div>
  );
}
