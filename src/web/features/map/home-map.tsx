// The home page's map of all businesses: nothing (not even the map library) loads until it scrolls into view.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { paths } from "#web/lib/paths.ts";
import { useInView } from "#web/lib/use-in-view.ts";
import type { HomeMapData } from "./home-map-view.tsx";
import { usePublicText } from "#web/lib/public-text.ts";
import { LocalLink } from "#web/components/ui/local-link.tsx";

const loadView = () => import("./home-map-view.tsx");
const HomeMapView = lazy(loadView);

type State = { kind: "loading" } | { kind: "ready"; data: HomeMapData } | { kind: "failed" };

/** `onFailed` hands the failure to the page, which says it in its one red message (spec section 8, Home). */
export function HomeMap({ onFailed }: { onFailed: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  const [state, setState] = useState<State>({ kind: "loading" });
  const { t } = usePublicText();

  useEffect(() => {
    if (!inView) return;
    let cancelled = false;
    // The map's code downloads while its data does.
    loadView().catch(() => undefined);
    fetch("/api/v1/geo/map-data", { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<HomeMapData>) : Promise.reject(new Error(String(response.status)))))
      .then((data) => !cancelled && setState({ kind: "ready", data }))
      .catch(() => {
        if (cancelled) return;
        setState({ kind: "failed" });
        onFailed();
      });
    return () => {
      cancelled = true;
    };
  }, [inView, onFailed]);

  const loading = (
    <p role="status" className="flex h-full items-center justify-center text-stone-600">
      {t("map.loading")}
    </p>
  );
  return (
    <div ref={ref} className="h-[400px] overflow-hidden rounded-lg border border-stone-200 bg-stone-100" data-testid="home-map">
      {state.kind === "loading" && loading}
      {state.kind === "ready" && (
        <Suspense fallback={loading}>
          <HomeMapView data={state.data} />
        </Suspense>
      )}
    </div>
  );
}

export function HomeMapSection({ onFailed }: { onFailed: () => void }) {
  const { t } = usePublicText();
  return (
    <>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="home-map-heading" className="text-2xl font-bold text-brand-800">
          {t("map.businessLocations")}
        </h2>
        <LocalLink to={paths.map} className="text-brand-700 underline">
          {t("map.openFullMap")}
        </LocalLink>
      </div>
      <div className="mt-4">
        <HomeMap onFailed={onFailed} />
      </div>
    </>
  );
}
