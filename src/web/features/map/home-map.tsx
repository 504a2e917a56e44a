// The home page's map of all businesses: nothing (not even the map library) loads until it scrolls into view.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import type { MapStyleConfig } from "../../../server/geo/map-style-config.ts";
import { MAP_ZOOM, UNKNOWN_CATEGORY_COLOR } from "../../../shared/constants.ts";
import { messages } from "../../../shared/messages.ts";
import { paths } from "../../lib/paths.ts";
import { BusinessInfo } from "./business-info.tsx";
import { MapCanvas, type LatLng } from "./map-canvas.tsx";
import { frameFor, type MapBusiness, type MapCategory } from "./map-filters.ts";

interface MapData {
  mapStyle: MapStyleConfig;
  center: LatLng;
  businesses: MapBusiness[];
  categories: MapCategory[];
}

type State = { kind: "waiting" } | { kind: "loading" } | { kind: "ready"; data: MapData } | { kind: "failed" };

export function HomeMap() {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: "waiting" });
  const [selectedId, setSelectedId] = useState<string | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setState({ kind: "loading" });
        fetch("/api/v1/geo/map-data", { headers: { Accept: "application/json" } })
          .then((response) => (response.ok ? (response.json() as Promise<MapData>) : Promise.reject(new Error(String(response.status)))))
          .then((data) => setState({ kind: "ready", data }))
          .catch(() => setState({ kind: "failed" }));
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const data = state.kind === "ready" ? state.data : null;
  const colorById = useMemo(() => new Map((data?.categories ?? []).map((c) => [c.id, c.color])), [data]);
  const colorOf = useCallback((b: MapBusiness) => (b.categoryId && colorById.get(b.categoryId)) || UNKNOWN_CATEGORY_COLOR, [colorById]);
  const selected = data?.businesses.find((b) => b.id === selectedId) ?? null;
  const noTags = useMemo(() => new Map(), []);

  return (
    <div ref={ref} className="h-[400px] overflow-hidden rounded-lg border border-stone-200 bg-stone-100" data-testid="home-map">
      {state.kind === "failed" && (
        <p role="alert" className="p-4 text-red-700">
          {messages.home.failedMarkers}
        </p>
      )}
      {(state.kind === "waiting" || state.kind === "loading") && (
        <p role="status" className="flex h-full items-center justify-center text-stone-600">
          {messages.map.loading}
        </p>
      )}
      {data && (
        <MapCanvas
          className="h-full"
          label="Map of business locations"
          mapStyle={data.mapStyle}
          businesses={data.businesses}
          colorOf={colorOf}
          selected={selected}
          framing={frameFor(data.businesses, null, data.center, MAP_ZOOM)}
          framingKey="all"
          onSelect={setSelectedId}
          renderInfo={(business) => <BusinessInfo business={business} tagsById={noTags} />}
        />
      )}
    </div>
  );
}

export function HomeMapSection() {
  return (
    <>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="home-map-heading" className="text-2xl font-bold text-brand-800">
          Business Locations
        </h2>
        <Link to={paths.map} className="text-brand-700 underline">
          Open the full map »
        </Link>
      </div>
      <div className="mt-4">
        <HomeMap />
      </div>
    </>
  );
}
