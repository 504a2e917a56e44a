// What a person can do with a place on a map: ask for directions to it, or open it in the device's maps app.
import { openInMapsHref } from "./directions.ts";
import { hitAttributes } from "#web/components/insight-beacon.tsx";
import { usePublicText } from "#web/lib/public-text.ts";

/**
 * The Get directions button (unless `withButton` is false) and, once there is a `place`, the link that opens it in
 * the device's maps app. `className` spaces the row; `buttonPadding` sizes the button for where it stands.
 */
export function DirectionsActions({
  className,
  buttonPadding,
  withButton = true,
  busy,
  onGetDirections,
  place,
  placeName,
  businessId,
}: {
  className: string;
  buttonPadding: string;
  withButton?: boolean;
  busy: boolean;
  onGetDirections: () => void;
  place: { lat: number; lng: number } | null;
  placeName: string;
  /** The business whose page this is: asking for directions to it counts for it. */
  businessId?: string | undefined;
}) {
  const { t } = usePublicText();
  const hit = businessId ? hitAttributes("directions", businessId) : {};
  return (
    <div className={`${className} flex flex-wrap items-center gap-3`}>
      {withButton && (
        <button
          type="button"
          onClick={onGetDirections}
          disabled={busy}
          {...hit}
          className={`rounded-md bg-brand-700 ${buttonPadding} font-semibold text-white hover:bg-brand-800 disabled:opacity-60`}
        >
          {t("map.getDirections")}
        </button>
      )}
      {place && (
        <a href={openInMapsHref(place, placeName)} className="text-brand-700 underline" {...hit}>
          {t("map.openInMaps")}
        </a>
      )}
    </div>
  );
}
