// The map's camera: where it looks for a framing (a point at a zoom, or bounds), a framing that waits for its data to
// reach MapLibre's worker, a one-off move to a picked business, and the view of a driving route.
import { useEffect, useRef, type RefObject } from "react";
import type { GeoJSONSource, Map as MapLibreMap } from "maplibre-gl";
import type { MapLibre } from "./load-maplibre.ts";
import type { Framing } from "./map-filters.ts";
import { EMPTY, SLOTS } from "./map-layers.ts";

export function applyFraming(map: MapLibreMap, framing: Framing, maplibregl: MapLibre) {
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

export interface CameraRefs {
  mapRef: RefObject<MapLibreMap | null>;
  libRef: RefObject<MapLibre | null>;
  containerRef: RefObject<HTMLDivElement | null>;
  /** Which slot is shown. */
  activeRef: RefObject<number>;
  /** A framing waiting for its data to reach MapLibre's worker (applied by the map's events, see use-map-events.ts). */
  pendingFramingRef: RefObject<Framing | null>;
  /** The latest framing given. */
  framing: () => Framing;
}

/** Applies each new framing (by its key), a one-off focus, and frames a route when one is drawn. */
export function useMapCamera(
  ready: boolean,
  refs: CameraRefs,
  { framingKey, focus, route }: { framingKey: string; focus: { lat: number; lng: number; zoom: number; key: number } | null; route: [number, number][] | null },
) {
  const { mapRef, libRef, containerRef, activeRef, pendingFramingRef } = refs;
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    (map.getSource("route") as GeoJSONSource).setData(
      route ? { type: "Feature", geometry: { type: "LineString", coordinates: route }, properties: {} } : EMPTY,
    );
    if (containerRef.current) containerRef.current.dataset.route = route ? String(route.length) : "";
    if (route && route.length > 1) {
      pendingFramingRef.current = null;
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
    // The refs hold the same objects for the map's life: each effect runs when its own value changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, route]);

  // A framing that comes with new data (a filter changed) waits until MapLibre's worker has that data: the move
  // then shares its repaint with the new data's, instead of first drawing the old businesses at the new place.
  // On a slow device each repaint holds the main thread, which the worker needs while it lays out the tiles.
  const framedKey = useRef(framingKey);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || framedKey.current === framingKey) return;
    framedKey.current = framingKey;
    if (!(map.getSource(SLOTS[activeRef.current]!.source) as GeoJSONSource).loaded()) pendingFramingRef.current = refs.framing();
    else if (libRef.current) applyFraming(map, refs.framing(), libRef.current);
    // The refs hold the same objects for the map's life: each effect runs when its own value changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, framingKey]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !focus) return;
    pendingFramingRef.current = null;
    map.jumpTo({ center: [focus.lng, focus.lat], zoom: focus.zoom });
    // The refs hold the same objects for the map's life: each effect runs when its own value changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, focus]);
}
