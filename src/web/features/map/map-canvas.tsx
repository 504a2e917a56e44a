// A MapLibre map of businesses: a clustered GeoJSON source drawn as WebGL circles (never DOM markers), with a second
// one holding the set it will likely show next; the visitor's blue dot, a selected business, a driving route and an
// info window.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { GeoJSONSource, Map as MapLibreMap, Popup } from "maplibre-gl";
import type { MapStyleConfig } from "#shared/map.ts";
import { MARKER_SCALE } from "#shared/constants.ts";
import { loadMapLibre, MAP_SERVICE_NAME, type MapLibre } from "./load-maplibre.ts";
import type { Framing, MapBusiness } from "./map-filters.ts";
import { addLayers, businessFeatures, EMPTY, selectedFeature, showSlot, SLOTS } from "./map-layers.ts";
import { buildMapStyle } from "./map-style.ts";
import { applyFraming, useMapCamera } from "./use-map-camera.ts";
import { useMapEvents, type SlotContent } from "./use-map-events.ts";
import { useClusterMarkers } from "./cluster-markers.ts";
import type { ViewCluster } from "./use-map-view.ts";
import type { MapView } from "./view-request.ts";
import { usePublicText } from "#web/lib/public-text.ts";
import { formatNumber } from "#shared/i18n/format.ts";


export interface LatLng {
  lat: number;
  lng: number;
}

export interface MapCanvasProps {
  mapStyle: MapStyleConfig;
  businesses: MapBusiness[];
  /**
   * The businesses the map will likely be given next (those the "Open now" switch would show). They are clustered
   * beforehand, out of sight, once the map is idle: when `businesses` becomes this very array, the map only changes
   * what it draws.
   */
  upcoming?: MapBusiness[] | null;
  colorOf: (business: MapBusiness) => string;
  /** Draw the business circles at all (the "markers" visibility switch). */
  showMarkers?: boolean;
  selected?: MapBusiness | null;
  visitor?: LatLng | null;
  route?: [number, number][] | null;
  /** Where to look; applied whenever `framingKey` changes. */
  framing: Framing;
  framingKey: string;
  /** A one-off camera move (a picked list row), applied whenever its key changes. */
  focus?: { lat: number; lng: number; zoom: number; key: number } | null;
  cluster?: boolean;
  interactive?: boolean;
  onSelect?: (id: string | null) => void;
  onReady?: () => void;
  /** Content of the info window of the selected business. */
  renderInfo?: (business: MapBusiness) => ReactNode;
  label: string;
  className?: string;
  /** Height in pixels, when the class names do not set one. */
  height?: number;
  /** What stands over the map's place (the page's first view in HTML, see map-sketch.tsx), while given. */
  sketch?: ReactNode;
  /** Clusters made by the server (a map of many businesses, decision 0040), drawn as buttons over the map. */
  clusters?: ViewCluster[];
  /** Called with what the map shows once it has loaded and after each move. */
  onView?: (view: MapView) => void;
  /** Called when the map has first drawn the businesses it was given (and the GPU has finished that frame), with them. */
  onDrawn?: (businesses: MapBusiness[]) => void;
}

type Status = { kind: "loading" } | { kind: "ready" } | { kind: "error"; message: string };

export function MapCanvas(props: MapCanvasProps) {
  const { mapStyle, businesses, colorOf, showMarkers = true, selected = null, visitor = null, route = null } = props;
  const { framing, framingKey, focus = null, cluster = true, interactive = true, label, className } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const libRef = useRef<MapLibre | null>(null);
  const popupRef = useRef<Popup | null>(null);
  const { t, lang } = usePublicText();
  const [status, setStatus] = useState<Status>({ kind: "loading" });
  // The info window's content is rendered by React into this node, which MapLibre's popup shows.
  const [popupNode] = useState<HTMLElement | null>(() => (typeof document === "undefined" ? null : document.createElement("div")));
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  // The first framing is applied when the map is created; later ones by the effect below.
  const initialFraming = useRef(framing);
  // Which data the businesses source was last given (and for which businesses), for the handlers below.
  const dataVersion = useRef(0);
  const shown = useRef<SlotContent>({ businesses: null, colorOf });
  // Which slot is shown, and what the other one holds.
  const active = useRef(0);
  const held = useRef<SlotContent>({ businesses: null, colorOf });
  // Set by the handlers' effect: works out the cluster colours of the slot now shown.
  const recolourNow = useRef<(() => void) | null>(null);
  // A framing waiting for its data to reach MapLibre's worker (see the framing effect).
  const pendingFraming = useRef<Framing | null>(null);

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    loadMapLibre()
      .then((maplibregl) => {
        if (cancelled || !containerRef.current) return;
        libRef.current = maplibregl;
        const first = initialFraming.current;
        const created = new maplibregl.Map({
          container: containerRef.current,
          style: buildMapStyle(mapStyle),
          center: first.kind === "point" ? [first.lng, first.lat] : [(first.west + first.east) / 2, (first.south + first.north) / 2],
          zoom: first.kind === "point" ? first.zoom : 15,
          interactive,
          attributionControl: { compact: false },
          cooperativeGestures: false,
          // Symbols (the cluster counts) appear at once: a fade keeps repainting for 300 ms after each change, which
          // on a slow device delays the map settling far more than the change itself.
          fadeDuration: 0,
        });
        map = created;
        mapRef.current = created;
        if (interactive) created.addControl(new maplibregl.NavigationControl({ showCompass: false }), document.documentElement.dir === "rtl" ? "top-left" : "top-right");
        const container = containerRef.current;
        const report = () => {
          const c = created.getCenter();
          container.dataset.center = `${c.lat.toFixed(6)},${c.lng.toFixed(6)}`;
          container.dataset.zoom = created.getZoom().toFixed(3);
          const bounds = created.getBounds();
          callbacks.current.onView?.({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth(), zoom: created.getZoom() });
        };
        created.on("moveend", report);
        created.on("error", (event) => {
          // Style failures leave a blank map: say so. Single tile failures are not worth a message.
          if (!created.isStyleLoaded()) setStatus({ kind: "error", message: t("map.error", { message: event.error?.message ?? "unknown" }) });
        });
        created.on("load", () => {
          // The businesses known by now go in with the source, rather than after React has rendered again.
          const { businesses, colorOf } = callbacks.current;
          dataVersion.current++;
          shown.current = { businesses, colorOf };
          addLayers(created, cluster, businessFeatures(businesses, colorOf));
          if (first.kind === "bounds") applyFraming(created, first, maplibregl);
          report();
          setStatus({ kind: "ready" });
          container.dataset.ready = "true";
          callbacks.current.onReady?.();
        });
      })
      .catch((error: Error) => {
        if (!cancelled) setStatus({ kind: "error", message: t("map.libraryError", { service: MAP_SERVICE_NAME, message: error.message }) });
      });
    return () => {
      cancelled = true;
      popupRef.current?.remove();
      map?.remove();
      mapRef.current = null;
    };
    // The map is built once; later prop changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const ready = status.kind === "ready";
  const data = useMemo(() => businessFeatures(businesses, colorOf), [businesses, colorOf]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    // The map may have been given these with its sources already.
    if (shown.current.businesses === businesses && shown.current.colorOf === colorOf) return;
    dataVersion.current++;
    if (held.current.businesses === businesses && held.current.colorOf === colorOf) {
      // Clustered already, out of sight: only what is drawn changes, colours first so the first frame has them.
      held.current = shown.current;
      shown.current = { businesses, colorOf };
      active.current = 1 - active.current;
      recolourNow.current?.();
      showSlot(map, SLOTS[active.current]!, true);
      showSlot(map, SLOTS[1 - active.current]!, false);
      return;
    }
    shown.current = { businesses, colorOf };
    (map.getSource(SLOTS[active.current]!.source) as GeoJSONSource).setData(data);
    // `data` changes exactly when the businesses or their colours do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, data]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    for (const slot of SLOTS) {
      for (const layer of [slot.clusters, slot.count, slot.points]) {
        if (map.getLayer(layer)) map.setLayoutProperty(layer, "visibility", showMarkers ? "visible" : "none");
      }
    }
  }, [ready, showMarkers]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    // Drawn over its plain circle, which it covers whole (larger and opaque): the 10,000-point source stays as it is.
    (map.getSource("selected") as GeoJSONSource).setData(selected ? selectedFeature(selected, colorOf(selected)) : EMPTY);
  }, [ready, selected, colorOf]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    if (containerRef.current) containerRef.current.dataset.visitor = visitor ? `${visitor.lat},${visitor.lng}` : "";
    (map.getSource("visitor") as GeoJSONSource).setData(
      visitor ? { type: "Feature", geometry: { type: "Point", coordinates: [visitor.lng, visitor.lat] }, properties: {} } : EMPTY,
    );
  }, [ready, visitor]);

  useMapCamera(ready, { mapRef, libRef, containerRef, activeRef: active, pendingFramingRef: pendingFraming, framing: () => callbacks.current.framing }, { framingKey, focus, route });

  // The info window follows the selection.
  useEffect(() => {
    const map = mapRef.current;
    const maplibregl = libRef.current;
    // Forget the old window before removing it, so its "close" is not taken for the visitor closing it.
    const previous = popupRef.current;
    popupRef.current = null;
    previous?.remove();
    if (!ready || !map || !maplibregl || !selected || !popupNode || !callbacks.current.renderInfo) return;
    const popup = new maplibregl.Popup({ closeOnClick: false, maxWidth: "280px", offset: MARKER_SCALE.selected + 2, focusAfterOpen: false })
      .setLngLat([selected.lng, selected.lat])
      .setDOMContent(popupNode)
      .addTo(map);
    popup.on("close", () => {
      if (popupRef.current === popup) callbacks.current.onSelect?.(null);
    });
    popupRef.current = popup;
  }, [ready, selected, popupNode]);

  useClusterMarkers(ready, mapRef, libRef, props.clusters, (count) => t("map.clusterName", { count, formatted: formatNumber(count, lang) }));

  // Clicks: a business selects it; a cluster zooms into it. Cluster colours follow what is in view.
  useMapEvents(ready, {
    mapRef,
    libRef,
    containerRef,
    callbacksRef: callbacks,
    dataVersionRef: dataVersion,
    shownRef: shown,
    activeRef: active,
    heldRef: held,
    recolourNowRef: recolourNow,
    pendingFramingRef: pendingFraming,
  });

  return (
    <div className={`relative ${className ?? ""}`} style={props.height ? { height: props.height } : undefined}>
      {/* Inline position: MapLibre's own stylesheet sets .maplibregl-map to relative, which would collapse it. */}
      {/* The canvas is hidden under the first view in HTML while that is given: nothing of it is composited (nor read
          back) until the map has drawn and the first view steps aside. */}
      <div
        ref={containerRef}
        role="region"
        aria-label={label}
        className={props.sketch ? "[&_canvas]:invisible" : undefined}
        style={{ position: "absolute", inset: 0 }}
        data-testid="map"
      />
      {props.sketch}
      {status.kind === "loading" && (
        <p
          role="status"
          className={
            props.sketch
              ? "absolute inset-x-0 bottom-3 mx-auto w-fit rounded-full bg-white/90 px-3 py-1 text-sm text-stone-700 shadow"
              : "absolute inset-0 flex items-center justify-center bg-stone-100 text-stone-600"
          }
        >
          {t("map.loading")}
        </p>
      )}
      {status.kind === "error" && (
        <p role="alert" className="absolute inset-x-0 top-0 z-10 m-3 me-12 rounded bg-red-50 p-3 text-red-800 [overflow-wrap:anywhere]">
          {status.message}
        </p>
      )}
      {ready && popupNode && selected && props.renderInfo && createPortal(props.renderInfo(selected), popupNode)}
    </div>
  );
}

