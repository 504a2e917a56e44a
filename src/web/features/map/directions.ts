// What the map pages say about a driving route, and the link that hands a place to the visitor's own maps app.

import type { TFunction } from "i18next";
import { formatNumber, type Lang } from "#shared/i18n/format.ts";

/** "Driving route: 2.4 km, about 6 min." in the page's language (`t` of the `public` catalog). */
export function describeRoute(distanceMeters: number, durationSeconds: number, t: TFunction<"public">, lang: Lang): string {
  const km = formatNumber(distanceMeters / 1000, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const minutes = formatNumber(Math.max(1, Math.round(durationSeconds / 60)), lang);
  return t("map.drivingRoute", { km, minutes });
}

/** A geo: URI (RFC 5870), which phones open in their maps app, with the place's name as the label. */
export function openInMapsHref(point: { lat: number; lng: number }, name: string): string {
  return `geo:${point.lat},${point.lng}?q=${point.lat},${point.lng}(${encodeURIComponent(name)})`;
}
