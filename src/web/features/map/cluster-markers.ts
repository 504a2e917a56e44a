// The clusters of a map of many businesses (decision 0040), which the server makes: buttons over the map, each named by
// how many businesses it holds ("12 businesses"), which zoom into it when pressed. A view holds a few dozen at most, so
// they can be elements a keyboard and a screen reader reach, unlike the businesses' circles drawn on the canvas.
import { useEffect, useRef, type RefObject } from "react";
import type { Map as MapLibreMap, Marker } from "maplibre-gl";
import type { MapLibre } from "./load-maplibre.ts";
import { clusterRedThreshold } from "./map-filters.ts";
import { CLUSTER_COLORS } from "./map-layers.ts";
import type { ViewCluster } from "./use-map-view.ts";

/** A cluster's size on screen by its count, as the canvas's clusters are drawn (map-layers.ts). */
const diameter = (count: number) => 2 * (count < 10 ? 16 : count < 100 ? 20 : count < 1000 ? 26 : 32);

const abbreviated = (count: number) => (count >= 10_000 ? `${Math.round(count / 1000)}k` : count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count));

// The same id may be another cluster in another filter's index: a cluster is known by all it shows.
const keyOf = (c: ViewCluster) => `${c.id}|${c.count}|${c.lng}|${c.lat}|${c.expansionZoom}`;

export function useClusterMarkers(
  ready: boolean,
  mapRef: RefObject<MapLibreMap | null>,
  libRef: RefObject<MapLibre | null>,
  clusters: ViewCluster[] | undefined,
  /** A cluster's accessible name in the page's language, e.g. "12 businesses". */
  nameOf: (count: number) => string,
) {
  const markers = useRef(new Map<string, Marker>());
  // The latest wording, read when a marker is made: a new function each render must not remake every marker.
  const nameRef = useRef(nameOf);
  useEffect(() => {
    nameRef.current = nameOf;
  });
  useEffect(() => {
    const map = mapRef.current;
    const maplibregl = libRef.current;
    if (!ready || !map || !maplibregl) return;
    const list = clusters ?? [];
    const threshold = clusterRedThreshold(list.map((c) => c.count));
    const wanted = new Set(list.map(keyOf));
    for (const [id, marker] of markers.current) {
      if (wanted.has(id)) continue;
      marker.remove();
      markers.current.delete(id);
    }
    for (const cluster of list) {
      const color = cluster.count > threshold ? CLUSTER_COLORS.red : CLUSTER_COLORS.blue;
      const known = markers.current.get(keyOf(cluster));
      if (known) {
        known.getElement().style.background = color;
        continue;
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = "map-cluster";
      button.textContent = abbreviated(cluster.count);
      button.setAttribute("aria-label", nameRef.current(cluster.count));
      button.dataset.count = String(cluster.count);
      const size = diameter(cluster.count);
      Object.assign(button.style, {
        width: `${size}px`,
        height: `${size}px`,
        borderRadius: "50%",
        border: "2px solid #fff",
        background: color,
        color: "#fff",
        font: "600 12px/1 system-ui, sans-serif",
        cursor: "pointer",
      });
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        map.easeTo({ center: [cluster.lng, cluster.lat], zoom: cluster.expansionZoom });
      });
      markers.current.set(keyOf(cluster), new maplibregl.Marker({ element: button }).setLngLat([cluster.lng, cluster.lat]).addTo(map));
    }
  }, [ready, mapRef, libRef, clusters]);

  useEffect(() => {
    const kept = markers.current;
    return () => {
      for (const marker of kept.values()) marker.remove();
      kept.clear();
    };
  }, []);
}
