// Whether a business is open at a given instant and when that changes, always in the site's time zone
// (never the server's or the visitor's), with the region's public holidays.
import Holidays from "date-holidays";
import { Temporal } from "temporal-polyfill";
import { WEEKDAYS, type ComingException, type HoursChange, type HoursStatus, type Interval, type OpeningHours } from "../../../shared/schemas/opening-hours.ts";

export interface HoursZone {
  /** IANA time zone, e.g. America/Toronto. */
  timeZone: string;
  /** Country or country-region code for public holidays, e.g. CA-ON. */
  holidayRegion: string;
}

const holidayCache = new Map<string, Map<string, string>>();

/** The region's public holidays of a year, by local date, with their English names. */
export function publicHolidays(region: string, year: number): Map<string, string> {
  const key = `${region}:${year}`;
  let found = holidayCache.get(key);
  if (!found) {
    const [country, state] = region.split("-");
    found = new Map();
    try {
      const calendar = new Holidays(country!, state ?? "", { languages: ["en"], types: ["public"] });
      for (const h of calendar.getHolidays(year, "en") || []) {
        if (h.type === "public" && !found.has(h.date.slice(0, 10))) found.set(h.date.slice(0, 10), h.name);
      }
    } catch {
      // An unknown region has no holidays.
    }
    if (holidayCache.size > 200) holidayCache.clear();
    holidayCache.set(key, found);
  }
  return found;
}

function holidayName(region: string, date: Temporal.PlainDate): string | undefined {
  return publicHolidays(region, date.year).get(date.toString());
}

/** The intervals that start on a date: a dated exception's, none on a public holiday when so set, or the week's; null when not given. */
function scheduleOf(hours: OpeningHours, zone: HoursZone, date: Temporal.PlainDate): Interval[] | null {
  const iso = date.toString();
  for (let i = hours.exceptions.length - 1; i >= 0; i--) {
    const e = hours.exceptions[i]!;
    if (e.from <= iso && iso <= (e.to ?? e.from)) return e.intervals;
  }
  if (hours.closedOnPublicHolidays && holidayName(zone.holidayRegion, date)) return [];
  return hours.week[WEEKDAYS[date.dayOfWeek - 1]!];
}

type Span = { start: Temporal.ZonedDateTime; end: Temporal.ZonedDateTime };

/** The instants a day's intervals span; a time a daylight-saving change skips is taken as the first valid one after it. */
function spansOf(intervals: readonly Interval[], date: Temporal.PlainDate, timeZone: string): Span[] {
  return intervals.map(({ open, close }) => {
    const start = date.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(open) });
    const nextDay = close === "24:00" || close <= open;
    const endDate = nextDay ? date.add({ days: 1 }) : date;
    const end = endDate.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(close === "24:00" ? "00:00" : close) });
    return { start, end };
  });
}

function changeOf(at: Temporal.ZonedDateTime): HoursChange {
  return {
    at: at.toInstant().toString(),
    date: at.toPlainDate().toString(),
    weekday: WEEKDAYS[at.dayOfWeek - 1]!,
    time: at.toPlainTime().toString({ smallestUnit: "minute" }),
  };
}

const cmp = (a: Temporal.ZonedDateTime, b: Temporal.ZonedDateTime) => Temporal.ZonedDateTime.compare(a, b);

/** How far ahead a closing or an opening is looked for. */
const HORIZON_DAYS = 370;

/**
 * Open or closed at `now`, and the next change. Null when no hours are given, or when now falls on a day
 * whose hours are not given (and no interval of the day before runs into it).
 */
export function hoursStatus(hours: OpeningHours | null, zone: HoursZone, now: Date = new Date(), withNext = true): HoursStatus {
  const here = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone.timeZone);
  const today = here.toPlainDate();
  const base = { today: today.toString() };
  if (!hours) return { ...base, openNow: null, next: null };
  const yesterday = scheduleOf(hours, zone, today.subtract({ days: 1 }));
  const todays = scheduleOf(hours, zone, today);
  const current = [...spansOf(yesterday ?? [], today.subtract({ days: 1 }), zone.timeZone), ...spansOf(todays ?? [], today, zone.timeZone)];
  const open = current.find((s) => cmp(s.start, here) <= 0 && cmp(here, s.end) < 0);
  if (open) {
    if (!withNext) return { ...base, openNow: true, next: null };
    // The closing: the end of this interval, or of the ones that follow on without a gap.
    let end = open.end;
    let day = 0;
    for (; day < HORIZON_DAYS; day++) {
      const date = today.add({ days: day });
      if (cmp(date.toZonedDateTime({ timeZone: zone.timeZone }), end) > 0) break;
      const spans = spansOf(scheduleOf(hours, zone, date) ?? [], date, zone.timeZone).sort((a, b) => cmp(a.start, b.start));
      for (const s of spans) if (cmp(s.start, end) <= 0 && cmp(s.end, end) > 0) end = s.end;
    }
    if (day === HORIZON_DAYS) return { ...base, openNow: true, next: null };
    return { ...base, openNow: true, next: changeOf(end) };
  }
  if (todays === null) return { ...base, openNow: null, next: null };
  if (!withNext) return { ...base, openNow: false, next: null };
  for (let day = 0; day < HORIZON_DAYS; day++) {
    const date = today.add({ days: day });
    const start = spansOf(scheduleOf(hours, zone, date) ?? [], date, zone.timeZone)
      .map((s) => s.start)
      .filter((s) => cmp(s, here) > 0)
      .sort(cmp)[0];
    if (start) return { ...base, openNow: false, next: changeOf(start) };
  }
  return { ...base, openNow: false, next: null };
}

/** Only whether the business is open at `now` (for lists and the map, where the next change is not shown). */
export function isOpenNow(hours: OpeningHours | null, zone: HoursZone, now: Date = new Date()): boolean | null {
  return hoursStatus(hours, zone, now, false).openNow;
}

/** Dated exceptions and, when the business closes on them, public holidays in the next `days` days, in date order. */
export function comingExceptions(hours: OpeningHours | null, zone: HoursZone, now: Date = new Date(), days = 60): ComingException[] {
  if (!hours) return [];
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone.timeZone).toPlainDate();
  const first = today.toString();
  const last = today.add({ days }).toString();
  const found: ComingException[] = hours.exceptions
    .filter((e) => (e.to ?? e.from) >= first && e.from <= last)
    .map((e) => ({ from: e.from, to: e.to ?? e.from, intervals: e.intervals, note: e.note }));
  if (hours.closedOnPublicHolidays) {
    for (const year of new Set([today.year, today.year + 1])) {
      for (const [date, name] of publicHolidays(zone.holidayRegion, year)) {
        if (date < first || date > last) continue;
        if (found.some((e) => e.from <= date && date <= e.to)) continue;
        found.push({ from: date, to: date, intervals: [], note: name });
      }
    }
  }
  return found.sort((a, b) => a.from.localeCompare(b.from));
}
