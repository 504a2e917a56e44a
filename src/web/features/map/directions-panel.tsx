// The sidebar's directions card: the selected location, "Get Directions", the route's length, "Open in maps".
import { messages } from "#shared/messages.ts";
import { describeRoute, openInMapsHref } from "./directions.ts";
import type { MapBusiness } from "./map-filters.ts";

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
  return (
    <section aria-labelledby="map-directions" className="rounded-md border border-stone-200 bg-white p-3 text-sm">
      <h2 id="map-directions" className="font-semibold text-stone-700">
        Directions
      </h2>
      {selected ? (
        <p className="mt-1">
          <span className="block font-medium text-stone-900">{selected.name}</span>
          {selected.address && <span className="block text-stone-600">{selected.address}</span>}
        </p>
      ) : (
        <p className="mt-1 text-stone-600">Pick a location on the map or in the list.</p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={onGetDirections}
          disabled={busy}
          className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {messages.map.getDirections}
        </button>
        {selected && (
          <a href={openInMapsHref(selected, selected.name)} className="text-brand-700 underline">
            Open in maps
          </a>
        )}
      </div>
      <p role="status" className="mt-1 text-stone-700 empty:hidden">
        {busy ? "Getting directions..." : route ? describeRoute(route.distanceMeters, route.durationSeconds) : ""}
      </p>
    </section>
  );
}
