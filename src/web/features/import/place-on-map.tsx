// Placing a business by hand when its address cannot be found: a small map with a cross at its centre. Drag the map
// (or focus it and use the arrow keys, + and -) until the cross is on the place, or click the place, then use the
// centre: its latitude and longitude fill the row's fields.
import { useEffect, useRef, useState } from "react";
import type { Map as MapLibreMap } from "maplibre-gl";
import { DEFAULT_MAP_CENTER } from "#shared/constants.ts";
import { buildMapStyle, loadMapLibre, MAP_SERVICE_NAME } from "../map/index.ts";
import type { MapStyleConfig } from "#shared/map.ts";
import { messages } from "#shared/messages.ts";
import { ui } from "#web/components/ui/classes.ts";
import { useManageText } from "#web/lib/manage-text.ts";

const ZOOM = 16;

export function PlaceOnMap({ start, label, onPlace }: { start: { lat: number; lng: number } | null; label: string; onPlace: (place: { lat: number; lng: number }) => void }) {
  const { t } = useManageText();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const first = useRef(start ?? DEFAULT_MAP_CENTER);

  useEffect(() => {
    let stopped = false;
    let created: MapLibreMap | null = null;
    (async () => {
      const [maplibregl, config] = await Promise.all([
        loadMapLibre(),
        fetch("/api/v1/geo/map-config")
          .then((r) => (r.ok ? (r.json() as Promise<{ mapStyle: MapStyleConfig }>) : Promise.reject(new Error(String(r.status)))))
          .catch(() => ({ mapStyle: { kind: "offline" } as MapStyleConfig })),
      ]);
      if (stopped || !container.current) return;
      created = new maplibregl.Map({
        container: container.current,
        style: buildMapStyle(config.mapStyle),
        center: [first.current.lng, first.current.lat],
        zoom: ZOOM,
        attributionControl: { compact: true },
      });
      created.addControl(new maplibregl.NavigationControl({ showCompass: false }), document.documentElement.dir === "rtl" ? "top-left" : "top-right");
      // A click brings the clicked place under the cross.
      created.on("click", (event) => created?.easeTo({ center: event.lngLat, duration: 200 }));
      created.on("load", () => !stopped && setReady(true));
      map.current = created;
    })().catch((e: Error) => !stopped && setError(messages.map.libraryError(MAP_SERVICE_NAME, e.message)));
    return () => {
      stopped = true;
      created?.remove();
      map.current = null;
    };
  }, []);

  return (
    <div className="grid gap-2 sm:col-span-3">
      <p className="text-sm text-stone-700">
        {t("importer.mapHint")}
      </p>
      <div className="relative h-64 w-full overflow-hidden rounded-md border border-stone-300">
        <div ref={container} className="h-full w-full" role="region" aria-label={label} />
        {/* The cross marks the centre, which is what "Use the centre of the map" takes. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-1/2 mx-auto size-8 -translate-y-1/2">
          <div className="absolute inset-x-0 top-1/2 h-0.5 w-full -translate-y-1/2 bg-red-700 shadow-[0_0_0_1px_white]" />
          <div className="absolute inset-x-0 top-0 mx-auto h-full w-0.5 bg-red-700 shadow-[0_0_0_1px_white]" />
        </div>
      </div>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <button
        type="button"
        className={`${ui.secondary} justify-self-start`}
        disabled={!ready}
        onClick={() => {
          const centre = map.current?.getCenter();
          if (centre) onPlace({ lat: Number(centre.lat.toFixed(6)), lng: Number(centre.lng.toFixed(6)) });
        }}
      >
        {t("importer.useCentre")}
      </button>
    </div>
  );
}
