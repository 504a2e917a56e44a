// Instants in admin lists, requests and owners' screens: on the site's clocks, as every date of the site is entered
// and shown ("4 Jul 2031, 7:30 PM EDT"), and an all-day event by its date alone.
import { useCallback } from "react";
import { zoneAbbreviation } from "#shared/zoned-time.ts";
import { useSiteTimeZone } from "#web/lib/site.ts";

export function formatWhen(iso: string, timeZone: string, allDay = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (allDay) return date.toLocaleDateString(undefined, { dateStyle: "medium", timeZone });
  return `${date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short", timeZone })} ${zoneAbbreviation(date, timeZone)}`;
}

/** `formatWhen` in the site's zone. */
export function useFormatWhen(): (iso: string, allDay?: boolean) => string {
  const timeZone = useSiteTimeZone();
  return useCallback((iso: string, allDay = false) => formatWhen(iso, timeZone, allDay), [timeZone]);
}

export function When({ iso, allDay = false }: { iso: string; allDay?: boolean }) {
  return <time dateTime={iso}>{useFormatWhen()(iso, allDay)}</time>;
}
