// The map's event wiring: a click on a business selects it and on a cluster zooms into it; cluster colours follow what
// is in view; the standby slot is prepared once someone uses the page; and what is drawn is stamped on the container
// for tests and benchmarks measuring from outside.
import { useEffect, type RefObject } from "react";
import type { GeoJSONSource, Map as MapLibreMap } from "maplibre-gl";
import type * as GeoJSON from "geojson";
import { MARKER_SCALE } from "#shared/constants.ts";
import type { MapLibre } from "./load-maplibre.ts";
import { clusterRedThreshold, type Framing, type MapBusiness } from "./map-filters.ts";
import { businessAt, businessFeatures, SLOTS, slotOfLayer } from "./map-layers.ts";
import { applyFraming } from "./use-map-camera.ts";
import type { MapCanvasProps } from "./map-canvas.tsx";

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

/** Businesses and their colours as one slot holds them. */
export type SlotContent = { businesses: MapBusiness[] | null; colorOf: (b: MapBusiness) => string };

export interface EventRefs {
  mapRef: RefObject<MapLibreMap | null>;
  libRef: RefObject<MapLibre | null>;
  containerRef: RefObject<HTMLDivElement | null>;
  callbacksRef: RefObject<MapCanvasProps>;
  /** Which data the businesses source was last given, for the handlers below. */
  dataVersionRef: RefObject<number>;
  /** What the slot shown holds. */
  shownRef: RefObject<SlotContent>;
  /** Which slot is shown, and what the other one holds. */
  activeRef: RefObject<number>;
  heldRef: RefObject<SlotContent>;
  /** Set here: works out the cluster colours of the slot now shown. */
  recolourNowRef: RefObject<(() => void) | null>;
  pendingFramingRef: RefObject<Framing | null>;
}

export function useMapEvents(ready: boolean, refs: EventRefs) {
  const { mapRef, libRef, containerRef, callbacksRef, dataVersionRef, shownRef, activeRef, heldRef, recolourNowRef, pendingFramingRef } = refs;
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    // The standby slot's layers are there (at opacity 0) but not for clicking.
    const fromShown = (event: { features?: { layer?: { id: string } }[] }) => slotOfLayer(event.features?.[0]?.layer?.id ?? "") === activeRef.current;
    const onSelected = (event: { features?: { properties: Record<string, unknown> }[] }) => {
      const id = event.features?.[0]?.properties.id;
      if (typeof id === "string") callbacksRef.current.onSelect?.(id);
    };
    const onPoint = (event: { point: { x: number; y: number }; features?: { properties: Record<string, unknown>; layer?: { id: string } }[] }) => {
      if (!fromShown(event)) return;
      const colors = new Set((event.features ?? []).map((f) => String(f.properties.color)));
      const { businesses, colorOf } = shownRef.current;
      if (!businesses) return;
      // Circles that can be hit are at most their radius and stroke away; only those near the click are projected.
      const reach = MARKER_SCALE.normal + 4;
      const corner = map.unproject([event.point.x - reach, event.point.y - reach]);
      const opposite = map.unproject([event.point.x + reach, event.point.y + reach]);
      const [west, east] = [Math.min(corner.lng, opposite.lng), Math.max(corner.lng, opposite.lng)];
      const [south, north] = [Math.min(corner.lat, opposite.lat), Math.max(corner.lat, opposite.lat)];
      const near = businesses.filter((b) => b.lng >= west && b.lng <= east && b.lat >= south && b.lat <= north);
      const hit = businessAt(near, colorOf, colors, (b) => map.project([b.lng, b.lat]), event.point, reach);
      if (hit) callbacksRef.current.onSelect?.(hit.id);
    };
    const onCluster = async (event: { features?: { properties: Record<string, unknown>; geometry: GeoJSON.Geometry; layer?: { id: string } }[] }) => {
      if (!fromShown(event)) return;
      const feature = event.features?.[0];
      if (!feature || feature.geometry.type !== "Point") return;
      const zoom = await (map.getSource(SLOTS[activeRef.current]!.source) as GeoJSONSource).getClusterExpansionZoom(Number(feature.properties.cluster_id));
      map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom });
    };
    // Cluster colours follow what is in view. They are kept in feature state, which the drawn buffers take on
    // the main thread: a changed paint expression would lay every tile out again in the worker and draw twice.
    // They are worked out as soon as the tiles in view are loaded, so the first frame drawn already has them.
    let red = new Map<number, boolean>();
    let colouredVersion = -1;
    const recolour = () => {
      const slot = SLOTS[activeRef.current]!;
      if (!map.getLayer(slot.clusters) || !map.isSourceLoaded(slot.source)) return;
      if (colouredVersion !== dataVersionRef.current) {
        // New data numbers its clusters afresh (and a slot shown again may keep colours of an older view).
        colouredVersion = dataVersionRef.current;
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
      const framing = pendingFramingRef.current;
      pendingFramingRef.current = null;
      if (framing && libRef.current) applyFraming(map, framing, libRef.current);
    };
    /** Fills the standby slot with the businesses the map will likely be given next, unless it holds them already. */
    const prepare = () => {
      const { upcoming, colorOf } = callbacksRef.current;
      if (!upcoming || upcoming === shownRef.current.businesses) return;
      if (heldRef.current.businesses === upcoming && heldRef.current.colorOf === colorOf) return;
      heldRef.current = { businesses: upcoming, colorOf };
      (map.getSource(SLOTS[1 - activeRef.current]!.source) as GeoJSONSource).setData(businessFeatures(upcoming, colorOf));
    };
    recolourNowRef.current = recolour;
    const onSourceData = (event: { sourceId?: string; sourceDataType?: string; tile?: unknown }) => {
      if (event.sourceId !== SLOTS[activeRef.current]!.source) return;
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
      if (!el || drawnVersion === dataVersionRef.current || !map.isSourceLoaded(SLOTS[activeRef.current]!.source)) return;
      drawnVersion = dataVersionRef.current;
      el.dataset.drawnAt = performance.now().toFixed(1);
      el.dataset.drawnPoints = String(shownRef.current.businesses?.length ?? 0);
      const drawn = shownRef.current.businesses;
      if (drawn) void afterGpu(map.getCanvas()).then(() => live && callbacksRef.current.onDrawn?.(drawn));
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
      recolourNowRef.current = null;
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
    // The refs are stable; the handlers are set up once the map is ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}
