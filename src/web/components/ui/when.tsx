// Instants in admin lists, requests and owners' screens: on the site's clocks, as every date of the site is entered
// and shown ("4 Jul 2031, 7:30 PM EDT"), and an all-day event by its date alone.
import { useCallback } from "react";
import { zoneAbbreviation } from "#shared/zoned-time.ts";
import { useSiteTimeZone } from "#web/lib/site.ts";

// One formatter per zone and kind, kept: toLocaleString with options makes a new one on each call, and a list of 50
// events made 100 of them on each render.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, allDay: boolean): Intl.DateTimeFormat {
  const key = `${timeZone} ${allDay}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(undefined, allDay ? { dateStyle: "medium", timeZone } : { dateStyle: "medium", timeStyle: "short", timeZone });
    formatters.set(key, found);
  }
  return found;
}

export function formatWhen(iso: string, timeZone: string, allDay = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (allDay) return formatter(timeZone, true).format(date);
  return `${formatter(timeZone, false).format(date)} ${zoneAbbreviation(date, timeZone)}`;
}

/** `formatWhen` in the site's zone. */
export function useFormatWhen(): (iso: string, allDay?: boolean) => string {
  const timeZone = useSiteTimeZone();
  return useCallback((iso: string, allDay = false) => formatWhen(iso, timeZone, allDay), [timeZone]);
}

export function When({ iso, allDay = false }: { iso: string; allDay?: boolean }) {
  return <time dateTime={iso}>{useFormatWhen()(iso, allDay)}</time>;
}
