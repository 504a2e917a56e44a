// Dates and times in the site's time zone (site setting `timeZone`), whatever the zone of the server or the
// visitor's browser: what pages show, what JSON-LD and calendars say, and where a local day starts.
import * as i18nFormat from "./i18n/format.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const PARTS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The wall-clock fields of an instant in a zone. */
export function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(formatter(timeZone, PARTS).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in minutes (Toronto in winter: -300). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number, size = 2) => String(Math.abs(n)).padStart(size, "0");

/** "2026-12-04T18:00:00-05:00": the instant as the zone's wall clock with its offset (schema.org dates). */
export function isoWithOffset(value: string | Date, timeZone: string): string {
  const instant = new Date(value);
  const w = wallClock(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** "2026-12-04": the zone's calendar date of an instant. */
export function localDate(value: string | Date, timeZone: string): string {
  const w = wallClock(new Date(value), timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * The instant at which the zone's clocks show a wall time ("2026-12-04T18:00" or "2026-12-04"). A time that happens
 * twice is read as the first; a time skipped by a change to summer time with the offset before the change, as RFC 5545
 * and calendar apps read it (02:30 on the night the clocks go from 02:00 to 03:00 is 03:30).
 */
export function zonedInstant(wall: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(wall);
  if (!match) return new Date(Number.NaN);
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = match;
  const guess = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // The zone's offsets the day before and after (and at the guess) are every offset a wall time that day can have.
  const before = offsetMinutes(new Date(guess - DAY_MS), timeZone);
  const at = offsetMinutes(new Date(guess), timeZone);
  const after = offsetMinutes(new Date(guess + DAY_MS), timeZone);
  // No change of the clocks near: the one answer.
  if (before === at && at === after) return new Date(guess - at * 60_000);
  const offsets = new Set([before, at, after]);
  const shown = [...offsets].map((offset) => guess - offset * 60_000).filter((instant) => instant + offsetMinutes(new Date(instant), timeZone) * 60_000 === guess);
  return new Date(shown.length > 0 ? Math.min(...shown) : guess - before * 60_000);
}

/** The instant the zone's next day starts after `value` (the end of an offer's last day). */
export function startOfNextDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return zonedInstant(next.toISOString().slice(0, 10), timeZone);
}

// The site's English forms; pages in other languages take the same functions from i18n/format.ts with their language.
/** "Friday, December 4, 2026" in the zone. */
export const formatDay = (value: string | Date, timeZone: string): string => i18nFormat.formatDay(value, "en", timeZone);

/** "6:00 PM" in the zone. */
export const formatTime = (value: string | Date, timeZone: string): string => i18nFormat.formatTime(value, "en", timeZone);

/** "EST" or "EDT": the zone's short name at an instant. */
export const zoneAbbreviation = (value: string | Date, timeZone: string): string => i18nFormat.zoneAbbreviation(value, "en", timeZone);

/** When an event happens, in words: "Friday, December 4, 2026, 6:00 PM – 9:00 PM EST" (see i18n/format.ts). */
export const formatEventWhen = (start: string, end: string | null, allDay: boolean, timeZone: string): string =>
  i18nFormat.formatEventWhen(start, end, allDay, "en", timeZone);
