// Instants in admin lists, requests and owners' screens: on the site's clocks, as every date of the site is entered
// and shown ("4 Jul 2031, 7:30 PM EDT"), and an all-day event by its date alone.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, zoneAbbreviation as zoneName } from "#shared/i18n/format.ts";
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

/** English as the site has always written it; French as Québec does ("4 juill. 2031, 19 h 30 HAE"). */
export function formatWhen(iso: string, timeZone: string, allDay = false, lang: "en" | "fr" = "en"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // Québec writes "8 h", not "08 h".
  if (lang === "fr") return allDay ? formatDateTime(date, lang, timeZone, true) : `${formatDateTime(date, lang, timeZone).replace(/\b0(\d) h\b/, "$1 h")} ${zoneName(date, lang, timeZone)}`;
  if (allDay) return formatter(timeZone, true).format(date);
  return `${formatter(timeZone, false).format(date)} ${zoneAbbreviation(date, timeZone)}`;
}

/** `formatWhen` in the site's zone and the page's language. */
export function useFormatWhen(): (iso: string, allDay?: boolean) => string {
  const timeZone = useSiteTimeZone();
  const lang = useTranslation().i18n.language === "fr" ? "fr" : "en";
  return useCallback((iso: string, allDay = false) => formatWhen(iso, timeZone, allDay, lang), [timeZone, lang]);
}

export function When({ iso, allDay = false }: { iso: string; allDay?: boolean }) {
  return <time dateTime={iso}>{useFormatWhen()(iso, allDay)}</time>;
}
