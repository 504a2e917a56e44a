// A MapLibre map of businesses: a clustered GeoJSON source drawn as WebGL circles (never DOM markers), with a second
// one holding the set it will likely show next; the visitor's blue dot, a selected business, a driving route and an
// info window.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { GeoJSONSource, Map as MapLibreMap, Popup } from "maplibre-gl";
import type * as GeoJSON from "geojson";
import type { MapStyleConfig } from "#shared/map.ts";
import { MAP_CLUSTER, MARKER_SCALE } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import { loadMapLibre, MAP_SERVICE_NAME, type MapLibre } from "./load-maplibre.ts";
import { clusterRedThreshold, type Framing, type MapBusiness } from "./map-filters.ts";
import { buildMapStyle } from "./map-style.ts";
import { positionsByColor } from "#shared/map-sketch.ts";

export const CLUSTER_COLORS = { red: "#c62828", blue: "#1e63c4" } as const;
export const VISITOR_COLOR = "#1a73e8";
export const ROUTE_COLOR = "#1a73e8";

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
  /** Called when the map has first drawn the businesses it was given (and the GPU has finished that frame), with them. */
  onDrawn?: (businesses: MapBusiness[]) => void;
}

type Status = { kind: "loading" } | { kind: "ready" } | { kind: "error"; message: string };

const EMPTY: GeoJSON.FeatureCollection = { type: "FeatureCollection", features: [] };

/**
 * The businesses' two sources with their layers: the one shown, and a standby drawn at opacity 0 (MapLibre then keeps
 * its tiles loaded and laid out but skips drawing them), so switching between them is a change of paint only.
 */
const SLOTS = [
  { source: "businesses", clusters: "clusters", count: "cluster-count", points: "business-points" },
  { source: "businesses-next", clusters: "clusters-next", count: "cluster-count-next", points: "business-points-next" },
] as const;
type Slot = (typeof SLOTS)[number];
const slotOfLayer = (layer: string) => SLOTS.findIndex((slot) => slot.clusters === layer || slot.count === layer || slot.points === layer);

/** Draws a slot's layers, or keeps them loaded out of sight; at once (no fade). */
function showSlot(map: MapLibreMap, slot: Slot, shown: boolean) {
  map.setPaintProperty(slot.clusters, "circle-opacity", shown ? 1 : 0);
  map.setPaintProperty(slot.clusters, "circle-stroke-opacity", shown ? 1 : 0);
  map.setPaintProperty(slot.count, "text-opacity", shown ? 1 : 0);
  map.setPaintProperty(slot.points, "circle-opacity", shown ? 0.8 : 0);
  map.setPaintProperty(slot.points, "circle-stroke-opacity", shown ? 1 : 0);
}

/**
 * The businesses as one MultiPoint per colour. MapLibre clusters and draws each position of a MultiPoint as a
 * point of its own, with the same rules as a feature per business; but the data crosses to MapLibre's worker
 * three to four times faster, since its message serialiser walks every object and a feature per business makes
 * five of them. The clusterer is greedy, so it now meets the businesses colour by colour (one category alone:
 * in the same order as before). Which business a circle is comes from where it is drawn (see `businessAt`).
 */
export function businessFeatures(businesses: MapBusiness[], colorOf: (b: MapBusiness) => string): GeoJSON.FeatureCollection {
  return {
    type: "FeatureCollection",
    features: [...positionsByColor(businesses, colorOf)].map(([color, coordinates]) => ({ type: "Feature", geometry: { type: "MultiPoint", coordinates }, properties: { color } })),
  };
}

function selectedFeature(business: MapBusiness, color: string): GeoJSON.Feature {
  return { type: "Feature", geometry: { type: "Point", coordinates: [business.lng, business.lat] }, properties: { id: business.id, color } };
}

/**
 * The business whose circle is drawn nearest to a pixel of the map, within `tolerance` pixels, among those of
 * the given colours (the circles the click hit). `project` gives a business's pixel.
 */
export function businessAt<T extends { lat: number; lng: number }>(
  candidates: readonly T[],
  colorOf: (b: T) => string,
  colors: ReadonlySet<string>,
  project: (b: T) => { x: number; y: number },
  at: { x: number; y: number },
  tolerance: number,
): T | null {
  let best: T | null = null;
  let bestDistance = tolerance * tolerance;
  for (const candidate of candidates) {
    if (!colors.has(colorOf(candidate))) continue;
    const p = project(candidate);
    const distance = (p.x - at.x) ** 2 + (p.y - at.y) ** 2;
    if (distance <= bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function applyFraming(map: MapLibreMap, framing: Framing, maplibregl: MapLibre) {
  const camera =
    framing.kind === "point"
      ? { center: [framing.lng, framing.lat] as [number, number], zoom: framing.zoom }
      : map.cameraForBounds(
          [
            [framing.west, framing.south],
            [framing.east, framing.north],
          ],
          { padding: 40, maxZoom: 18 },
        );
  if (!camera?.center) return;
  // A move repaints the map even when it goes nowhere (a filter whose businesses span the same area).
  const target = maplibregl.LngLat.convert(camera.center);
  const center = map.getCenter();
  const same = (a: number, b: number | undefined) => b === undefined || Math.abs(a - b) < 1e-9;
  if (same(center.lng, target.lng) && same(center.lat, target.lat) && same(map.getZoom(), camera.zoom) && same(map.getBearing(), camera.bearing)) return;
  map.jumpTo(camera);
}

/**
 * Resolves once the GPU has finished what has been drawn on the canvas so far (at once without WebGL 2). A browser
 * that composites in software (no GPU, or one it will not use) reads every frame of a visible WebGL canvas back on
 * the main thread, and the first read waits for all the drawing still queued: the map is shown once there is none.
 * The fence's status is never waited on, only looked at, and the wait gives up after a second.
 */
function afterGpu(canvas: HTMLCanvasElement): Promise<void> {
  const gl = canvas.getContext("webgl2");
  const sync = gl?.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!gl || !sync) return Promise.resolve();
  gl.flush();
  const giveUp = performance.now() + 1000;
  return new Promise((resolve) => {
    const poll = () => {
      if (gl.isContextLost() || performance.now() > giveUp || gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED) {
        if (!gl.isContextLost()) gl.deleteSync(sync);
        resolve();
      } else setTimeout(poll, 16);
    };
    poll();
  });
}

/** Events that say someone is using the page (rather than a crawler or a tab left open). */
const ENGAGING_EVENTS = ["pointerdown", "pointermove", "keydown", "focusin", "wheel", "touchstart"] as const;

export function MapCanvas(props: MapCanvasProps) {
  const { mapStyle, businesses, colorOf, showMarkers = true, selected = null, visitor = null, route = null } = props;
  const { framing, framingKey, focus = null, cluster = true, interactive = true, label, className } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const libRef = useRef<MapLibre | null>(null);
  const popupRef = useRef<Popup | null>(null);
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
  const shown = useRef<{ businesses: MapBusiness[] | null; colorOf: (b: MapBusiness) => string }>({ businesses: null, colorOf });
  // Which slot is shown, and what the other one holds.
  const active = useRef(0);
  const held = useRef<{ businesses: MapBusiness[] | null; colorOf: (b: MapBusiness) => string }>({ businesses: null, colorOf });
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
        if (interactive) created.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
        const container = containerRef.current;
        const report = () => {
          const c = created.getCenter();
          container.dataset.center = `${c.lat.toFixed(6)},${c.lng.toFixed(6)}`;
          container.dataset.zoom = created.getZoom().toFixed(3);
        };
        created.on("moveend", report);
        created.on("error", (event) => {
          // Style failures leave a blank map: say so. Single tile failures are not worth a message.
          if (!created.isStyleLoaded()) setStatus({ kind: "error", message: messages.map.error(event.error?.message ?? "unknown") });
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
        if (!cancelled) setStatus({ kind: "error", message: messages.map.libraryError(MAP_SERVICE_NAME, error.message) });
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

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    (map.getSource("route") as GeoJSONSource).setData(
      route ? { type: "Feature", geometry: { type: "LineString", coordinates: route }, properties: {} } : EMPTY,
    );
    if (containerRef.current) containerRef.current.dataset.route = route ? String(route.length) : "";
    if (route && route.length > 1) {
      pendingFraming.current = null;
      const lngs = route.map((p) => p[0]);
      const lats = route.map((p) => p[1]);
      map.fitBounds(
        [
          [Math.min(...lngs), Math.min(...lats)],
          [Math.max(...lngs), Math.max(...lats)],
        ],
        { padding: 60, maxZoom: 17, animate: false },
      );
    }
  }, [ready, route]);

  // A framing that comes with new data (a filter changed) waits until MapLibre's worker has that data: the move
  // then shares its repaint with the new data's, instead of first drawing the old businesses at the new place.
  // On a slow device each repaint holds the main thread, which the worker needs while it lays out the tiles.
  const framedKey = useRef(framingKey);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || framedKey.current === framingKey) return;
    framedKey.current = framingKey;
    if (!(map.getSource(SLOTS[active.current]!.source) as GeoJSONSource).loaded()) pendingFraming.current = callbacks.current.framing;
    else if (libRef.current) applyFraming(map, callbacks.current.framing, libRef.current);
  }, [ready, framingKey]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !focus) return;
    pendingFraming.current = null;
    map.jumpTo({ center: [focus.lng, focus.lat], zoom: focus.zoom });
  }, [ready, focus]);

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

  // Clicks: a business selects it; a cluster zooms into it. Cluster colours follow what is in view.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    // The standby slot's layers are there (at opacity 0) but not for clicking.
    const fromShown = (event: { features?: { layer?: { id: string } }[] }) => slotOfLayer(event.features?.[0]?.layer?.id ?? "") === active.current;
    const onSelected = (event: { features?: { properties: Record<string, unknown> }[] }) => {
      const id = event.features?.[0]?.properties.id;
      if (typeof id === "string") callbacks.current.onSelect?.(id);
    };
    const onPoint = (event: { point: { x: number; y: number }; features?: { properties: Record<string, unknown>; layer?: { id: string } }[] }) => {
      if (!fromShown(event)) return;
      const colors = new Set((event.features ?? []).map((f) => String(f.properties.color)));
      const { businesses, colorOf } = shown.current;
      if (!businesses) return;
      // Circles that can be hit are at most their radius and stroke away; only those near the click are projected.
      const reach = MARKER_SCALE.normal + 4;
      const corner = map.unproject([event.point.x - reach, event.point.y - reach]);
      const opposite = map.unproject([event.point.x + reach, event.point.y + reach]);
      const [west, east] = [Math.min(corner.lng, opposite.lng), Math.max(corner.lng, opposite.lng)];
      const [south, north] = [Math.min(corner.lat, opposite.lat), Math.max(corner.lat, opposite.lat)];
      const near = businesses.filter((b) => b.lng >= west && b.lng <= east && b.lat >= south && b.lat <= north);
      const hit = businessAt(near, colorOf, colors, (b) => map.project([b.lng, b.lat]), event.point, reach);
      if (hit) callbacks.current.onSelect?.(hit.id);
    };
    const onCluster = async (event: { features?: { properties: Record<string, unknown>; geometry: GeoJSON.Geometry; layer?: { id: string } }[] }) => {
      if (!fromShown(event)) return;
      const feature = event.features?.[0];
      if (!feature || feature.geometry.type !== "Point") return;
      const zoom = await (map.getSource(SLOTS[active.current]!.source) as GeoJSONSource).getClusterExpansionZoom(Number(feature.properties.cluster_id));
      map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom });
    };
    // Cluster colours follow what is in view. They are kept in feature state, which the drawn buffers take on
    // the main thread: a changed paint expression would lay every tile out again in the worker and draw twice.
    // They are worked out as soon as the tiles in view are loaded, so the first frame drawn already has them.
    let red = new Map<number, boolean>();
    let colouredVersion = -1;
    const recolour = () => {
      const slot = SLOTS[active.current]!;
      if (!map.getLayer(slot.clusters) || !map.isSourceLoaded(slot.source)) return;
      if (colouredVersion !== dataVersion.current) {
        // New data numbers its clusters afresh (and a slot shown again may keep colours of an older view).
        colouredVersion = dataVersion.current;
        map.removeFeatureState({ source: slot.source });
        red = new Map();
      }
      // A cluster near a tile edge is returned once per tile it touches.
      const seen = new Set<unknown>();
      const clusters = map.queryRenderedFeatures({ layers: [slot.clusters] }).filter((f) => {
        if (seen.has(f.properties.cluster_id)) return false;
        seen.add(f.properties.cluster_id);
        return true;
      });
      const counts = clusters.map((f) => Number(f.properties.point_count));
      const threshold = clusterRedThreshold(counts);
      for (const f of clusters) {
        const id = Number(f.properties.cluster_id);
        const isRed = Number(f.properties.point_count) > threshold;
        if (red.get(id) === isRed) continue;
        red.set(id, isRed);
        map.setFeatureState({ source: slot.source, id }, { red: isRed });
      }
      // What is drawn, for anyone checking the map from outside (tests, benchmarks).
      if (containerRef.current) {
        const drawn = JSON.stringify(
          clusters.map((f) => {
            const [lng, lat] = f.geometry.type === "Point" ? f.geometry.coordinates : [0, 0];
            const count = Number(f.properties.point_count);
            return { count, color: count > threshold ? "red" : "blue", lng, lat };
          }),
        );
        if (containerRef.current.dataset.clusters !== drawn) containerRef.current.dataset.clusters = drawn;
      }
    };
    const applyPendingFraming = () => {
      const framing = pendingFraming.current;
      pendingFraming.current = null;
      if (framing && libRef.current) applyFraming(map, framing, libRef.current);
    };
    /** Fills the standby slot with the businesses the map will likely be given next, unless it holds them already. */
    const prepare = () => {
      const { upcoming, colorOf } = callbacks.current;
      if (!upcoming || upcoming === shown.current.businesses) return;
      if (held.current.businesses === upcoming && held.current.colorOf === colorOf) return;
      held.current = { businesses: upcoming, colorOf };
      (map.getSource(SLOTS[1 - active.current]!.source) as GeoJSONSource).setData(businessFeatures(upcoming, colorOf));
    };
    recolourNow.current = recolour;
    const onSourceData = (event: { sourceId?: string; sourceDataType?: string; tile?: unknown }) => {
      if (event.sourceId !== SLOTS[active.current]!.source) return;
      if (event.sourceDataType === "metadata") applyPendingFraming();
      if (event.tile) recolour();
    };
    // The standby is prepared for someone using the page, once the map is idle: until then its layout would only add
    // frames to the page's load.
    let engaged = false;
    const engage = () => {
      for (const type of ENGAGING_EVENTS) window.removeEventListener(type, engage, true);
      engaged = true;
      if (map.loaded()) prepare();
    };
    for (const type of ENGAGING_EVENTS) window.addEventListener(type, engage, { capture: true, passive: true });
    const onIdle = () => {
      // Should the worker have failed the data, the camera still moves.
      applyPendingFraming();
      recolour();
      // What is shown is drawn and the worker is free: the standby is prepared now.
      if (engaged) prepare();
    };
    const pointer = () => (map.getCanvas().style.cursor = "pointer");
    const noPointer = () => (map.getCanvas().style.cursor = "");
    for (const slot of SLOTS) {
      map.on("click", slot.points, onPoint);
      map.on("click", slot.clusters, onCluster);
    }
    map.on("click", "selected", onSelected);
    map.on("sourcedata", onSourceData);
    map.on("idle", onIdle);
    // When the map last settled, and when the latest data was first drawn, for benchmarks measuring from outside.
    const stamp = () => {
      const el = containerRef.current;
      if (!el) return;
      el.dataset.idleAt = performance.now().toFixed(1);
    };
    let drawnVersion = 0;
    let live = true;
    const stampDrawn = () => {
      const el = containerRef.current;
      if (!el || drawnVersion === dataVersion.current || !map.isSourceLoaded(SLOTS[active.current]!.source)) return;
      drawnVersion = dataVersion.current;
      el.dataset.drawnAt = performance.now().toFixed(1);
      el.dataset.drawnPoints = String(shown.current.businesses?.length ?? 0);
      const drawn = shown.current.businesses;
      if (drawn) void afterGpu(map.getCanvas()).then(() => live && callbacks.current.onDrawn?.(drawn));
    };
    map.on("idle", stamp);
    map.on("render", stampDrawn);
    const hoverable = ["selected", ...SLOTS.flatMap((slot) => [slot.points, slot.clusters])];
    for (const layer of hoverable) {
      map.on("mouseenter", layer, pointer);
      map.on("mouseleave", layer, noPointer);
    }
    return () => {
      live = false;
      for (const type of ENGAGING_EVENTS) window.removeEventListener(type, engage, true);
      recolourNow.current = null;
      for (const slot of SLOTS) {
        map.off("click", slot.points, onPoint);
        map.off("click", slot.clusters, onCluster);
      }
      map.off("click", "selected", onSelected);
      map.off("sourcedata", onSourceData);
      map.off("idle", onIdle);
      map.off("idle", stamp);
      map.off("render", stampDrawn);
      for (const layer of hoverable) {
        map.off("mouseenter", layer, pointer);
        map.off("mouseleave", layer, noPointer);
      }
    };
  }, [ready]);

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
              ? "absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-white/90 px-3 py-1 text-sm text-stone-700 shadow"
              : "absolute inset-0 flex items-center justify-center bg-stone-100 text-stone-600"
          }
        >
          {messages.map.loading}
        </p>
      )}
      {status.kind === "error" && (
        <p role="alert" className="absolute inset-x-0 top-0 z-10 m-3 mr-12 rounded bg-red-50 p-3 text-red-800 [overflow-wrap:anywhere]">
          {status.message}
        </p>
      )}
      {ready && popupNode && selected && props.renderInfo && createPortal(props.renderInfo(selected), popupNode)}
    </div>
  );
}

function addLayers(map: MapLibreMap, cluster: boolean, businesses: GeoJSON.FeatureCollection) {
  for (const [index, slot] of SLOTS.entries()) {
    map.addSource(slot.source, {
      type: "geojson",
      data: index === 0 ? businesses : EMPTY,
      cluster,
      clusterRadius: MAP_CLUSTER.gridSizePx,
      clusterMinPoints: MAP_CLUSTER.minClusterSize,
      clusterMaxZoom: MAP_CLUSTER.maxZoom,
    });
  }
  map.addSource("selected", { type: "geojson", data: EMPTY });
  map.addSource("visitor", { type: "geojson", data: EMPTY });
  map.addSource("route", { type: "geojson", data: EMPTY });

  map.addLayer({
    id: "route",
    type: "line",
    source: "route",
    layout: { "line-cap": "round", "line-join": "round" },
    paint: { "line-color": ROUTE_COLOR, "line-width": 5, "line-opacity": 0.85 },
  });
  const now = { duration: 0, delay: 0 };
  for (const [index, slot] of SLOTS.entries()) {
    const shown = index === 0;
    map.addLayer({
      id: slot.clusters,
      type: "circle",
      source: slot.source,
      filter: ["has", "point_count"],
      paint: {
        "circle-color": ["case", ["boolean", ["feature-state", "red"], false], CLUSTER_COLORS.red, CLUSTER_COLORS.blue],
        "circle-radius": ["step", ["get", "point_count"], 16, 10, 20, 100, 26, 1000, 32],
        "circle-stroke-color": "#ffffff",
        "circle-stroke-width": 2,
        "circle-opacity": shown ? 1 : 0,
        "circle-opacity-transition": now,
        "circle-stroke-opacity": shown ? 1 : 0,
        "circle-stroke-opacity-transition": now,
      },
    });
    // Counts need glyphs: styles with tiles bring them, the offline style draws them with a local font.
    map.addLayer({
      id: slot.count,
      type: "symbol",
      source: slot.source,
      filter: ["has", "point_count"],
      layout: { "text-field": ["get", "point_count_abbreviated"], "text-size": 12, "text-allow-overlap": true },
      paint: { "text-color": "#ffffff", "text-opacity": shown ? 1 : 0, "text-opacity-transition": now },
    });
    map.addLayer({
      id: slot.points,
      type: "circle",
      source: slot.source,
      filter: ["!", ["has", "point_count"]],
      paint: {
        "circle-color": ["get", "color"],
        "circle-radius": MARKER_SCALE.normal,
        "circle-opacity": shown ? 0.8 : 0,
        "circle-opacity-transition": now,
        "circle-stroke-color": "#ffffff",
        "circle-stroke-width": 1.5,
        "circle-stroke-opacity": shown ? 1 : 0,
        "circle-stroke-opacity-transition": now,
      },
    });
  }
  map.addLayer({
    id: "selected",
    type: "circle",
    source: "selected",
    paint: {
      "circle-color": ["get", "color"],
      "circle-radius": MARKER_SCALE.selected,
      "circle-opacity": 1,
      "circle-stroke-color": "#ffffff",
      "circle-stroke-width": 2,
    },
  });
  map.addLayer({
    id: "visitor",
    type: "circle",
    source: "visitor",
    paint: { "circle-color": VISITOR_COLOR, "circle-radius": 7, "circle-stroke-color": "#ffffff", "circle-stroke-width": 3 },
  });
}
