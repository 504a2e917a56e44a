// The sidebar's directions card: the selected location, "Get Directions", the route's length, "Open in maps".
import { DirectionsActions } from "./directions-actions.tsx";
import { describeRoute } from "./directions.ts";
import type { MapBusiness } from "./map-filters.ts";
import { usePublicText } from "#web/lib/public-text.ts";

export type RouteSummary = { distanceMeters: number; durationSeconds: number };

export function DirectionsPanel({
  selected,
  route,
  busy,
  onGetDirections,
}: {
  selected: MapBusiness | null;
  route: RouteSummary | null;
  busy: boolean;
  onGetDirections: () => void;
}) {
  const { t, lang } = usePublicText();
  return (
    <section aria-labelledby="map-directions" className="rounded-md border border-stone-200 bg-white p-3 text-sm">
      <h2 id="map-directions" className="font-semibold text-stone-700">
        {t("map.directions")}
      </h2>
      {selected ? (
        <p className="mt-1">
          <span className="block font-medium text-stone-900">{selected.name}</span>
          {selected.address && <span className="block text-stone-600">{selected.address}</span>}
        </p>
      ) : (
        <p className="mt-1 text-stone-600">{t("map.pickLocation")}</p>
      )}
      <DirectionsActions className="mt-2" buttonPadding="px-3 py-1.5" busy={busy} onGetDirections={onGetDirections} place={selected} placeName={selected?.name ?? ""} />
      <p role="status" className="mt-1 text-stone-700 empty:hidden">
        {busy ? t("map.gettingDirections") : route ? describeRoute(route.distanceMeters, route.durationSeconds, t, lang) : ""}
      </p>
    </section>
  );
}
