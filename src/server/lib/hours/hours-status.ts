// Whether a business is open at a given instant and when that changes, always in the site's time zone
// (never the server's or the visitor's), with the region's public holidays.
import type Holidays from "date-holidays";
import { Temporal } from "temporal-polyfill";
import { lazyRequire } from "../lazy-require.ts";
import { WEEKDAYS, type ComingException, type HoursChange, type HoursStatus, type Interval, type OpeningHours } from "#shared/schemas/opening-hours.ts";

export interface HoursZone {
  /** IANA time zone, e.g. America/Toronto. */
  timeZone: string;
  /** Country or country-region code for public holidays, e.g. CA-ON. */
  holidayRegion: string;
}

/** Holiday calendars of every country: needed only for businesses closed on public holidays. */
const holidays = lazyRequire<typeof Holidays>("date-holidays");

/**
 * Rules of date-holidays' calendar that are not public holidays where the business is (`unsetRule`, the package's
 * own way to leave one out). Days a holiday on a weekend is kept on are left out: Ontario leaves that day to each
 * employer, and shops commonly open on it.
 */
const NOT_PUBLIC: Record<string, string[]> = {
  // Ontario's Employment Standards Act names nine public holidays; Easter Monday is not one (the Civic Holiday and
  // Remembrance Day, not either, the package already types "optional").
  "CA-ON": ["easter 1"],
};

const holidayCache = new Map<string, Map<string, string>>();

/** The region's public holidays of a year, by local date, with their English names. */
export function publicHolidays(region: string, year: number): Map<string, string> {
  const key = `${region}:${year}`;
  let found = holidayCache.get(key);
  if (!found) {
    const [country, state] = region.split("-");
    found = new Map();
    try {
      const calendar = new (holidays())(country!, state ?? "", { languages: ["en"], types: ["public"] });
      for (const rule of NOT_PUBLIC[region] ?? []) calendar.unsetRule(rule);
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

type Span = { start: number; end: number };

/**
 * "Now" in the site's zone, and local times turned into instants, remembered: a list of thousands of
 * businesses mostly shares a few opening times, so each is converted once.
 */
export class HoursClock {
  readonly zone: HoursZone;
  readonly now: number;
  readonly today: Temporal.PlainDate;
  private readonly instants = new Map<string, number>();
  private readonly schedules = new Map<string, Temporal.PlainDate>();
  constructor(zone: HoursZone, now: Date = new Date()) {
    this.zone = zone;
    this.now = now.getTime();
    this.today = Temporal.Instant.fromEpochMilliseconds(this.now).toZonedDateTimeISO(zone.timeZone).toPlainDate();
  }

  /** The date `days` after today (negative: before). */
  day(days: number): Temporal.PlainDate {
    const key = String(days);
    let date = this.schedules.get(key);
    if (!date) this.schedules.set(key, (date = this.today.add({ days })));
    return date;
  }

  /** The instant of a local date and time; a time a daylight-saving change skips is taken as the first valid one after it. */
  at(date: Temporal.PlainDate, time: string): number {
    const key = `${date.toString()}T${time}`;
    let instant = this.instants.get(key);
    if (instant === undefined) {
      const wall = time === "24:00" ? date.add({ days: 1 }).toPlainDateTime() : date.toPlainDateTime(Temporal.PlainTime.from(time));
      const earlier = wall.toZonedDateTime(this.zone.timeZone, { disambiguation: "earlier" });
      // A skipped time (02:30 on the night the clocks go from 02:00 to 03:00) is the moment the clocks change.
      const skipped = !earlier.toPlainDateTime().equals(wall);
      instant = skipped ? (earlier.getTimeZoneTransition("next")?.epochMilliseconds ?? earlier.epochMilliseconds) : earlier.epochMilliseconds;
      this.instants.set(key, instant);
    }
    return instant;
  }

  change(at: number): HoursChange {
    const local = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(this.zone.timeZone);
    return {
      at: Temporal.Instant.fromEpochMilliseconds(at).toString(),
      date: local.toPlainDate().toString(),
      weekday: WEEKDAYS[local.dayOfWeek - 1]!,
      time: local.toPlainTime().toString({ smallestUnit: "minute" }),
    };
  }
}

/** The instants a day's intervals span (a closing at or before the opening is on the next day). */
function spansOf(intervals: readonly Interval[] | null, date: Temporal.PlainDate, clock: HoursClock): Span[] {
  if (!intervals) return [];
  return intervals
    .map(({ open, close }) => ({ start: clock.at(date, open), end: close !== "24:00" && close <= open ? clock.at(date.add({ days: 1 }), close) : clock.at(date, close) }))
    .sort((a, b) => a.start - b.start);
}

/** How far ahead a closing or an opening is looked for. */
const HORIZON_DAYS = 370;

/**
 * Open or closed at `now`, and the next change. Null when no hours are given, or when now falls on a day
 * whose hours are not given (and no interval of the day before runs into it).
 */
export function hoursStatus(hours: OpeningHours | null, zone: HoursZone | HoursClock, now: Date = new Date(), withNext = true): HoursStatus {
  const clock = zone instanceof HoursClock ? zone : new HoursClock(zone, now);
  const here = clock.now;
  const base = { today: clock.today.toString() };
  if (!hours) return { ...base, openNow: null, next: null };
  const yesterday = clock.day(-1);
  const todays = scheduleOf(hours, clock.zone, clock.today);
  const current = [...spansOf(scheduleOf(hours, clock.zone, yesterday), yesterday, clock), ...spansOf(todays, clock.today, clock)];
  const open = current.find((s) => s.start <= here && here < s.end);
  if (open) {
    if (!withNext) return { ...base, openNow: true, next: null };
    // The closing: the end of this interval, or of the ones that follow on without a gap.
    let end = open.end;
    let day = 0;
    for (; day < HORIZON_DAYS; day++) {
      const date = clock.day(day);
      if (clock.at(date, "00:00") > end) break;
      for (const s of spansOf(scheduleOf(hours, clock.zone, date), date, clock)) if (s.start <= end && s.end > end) end = s.end;
    }
    if (day === HORIZON_DAYS) return { ...base, openNow: true, next: null };
    return { ...base, openNow: true, next: clock.change(end) };
  }
  if (todays === null) return { ...base, openNow: null, next: null };
  if (!withNext) return { ...base, openNow: false, next: null };
  for (let day = 0; day < HORIZON_DAYS; day++) {
    const date = clock.day(day);
    const start = spansOf(scheduleOf(hours, clock.zone, date), date, clock).find((s) => s.start > here);
    if (start) return { ...base, openNow: false, next: clock.change(start.start) };
  }
  return { ...base, openNow: false, next: null };
}

/** Only whether the business is open at the clock's now (for lists and the map, where the next change is not shown). */
export function isOpenNow(hours: OpeningHours | null, clock: HoursClock): boolean | null {
  return hoursStatus(hours, clock, undefined, false).openNow;
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
