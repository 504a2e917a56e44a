// Recurring events: an RFC 5545 rule (RRULE, through the `rrule` library) read in the site's time zone, so "every
// Friday at 18:00–21:00" stays at 18:00–21:00 across changes to and from summer time. Expansion is bounded: the next 12
// months, at most 500 dates.
import * as rruleModule from "rrule";
import { localDate, wallClock, zonedInstant } from "./zoned-time.ts";

// The package is CommonJS for Node and ESM for bundlers: its classes are named exports in one, under `default` in the other.
const lib = ((rruleModule as unknown as { default?: typeof rruleModule }).default?.RRule ? (rruleModule as unknown as { default: typeof rruleModule }).default : rruleModule);
const { RRule } = lib;

export const RECURRENCE_LIMITS = { months: 12, occurrences: 500 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The zone's wall time of an instant as the "floating" Date rrule works in (its UTC fields are the wall clock). */
function floating(instant: Date, timeZone: string): Date {
  const w = wallClock(instant, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

/** A floating Date back to the instant the zone's clocks show it. */
function fromFloating(date: Date, timeZone: string): Date {
  return zonedInstant(date.toISOString().slice(0, 19), timeZone);
}

/** The rule's text without "RRULE:", upper-cased, or null when it cannot be read. */
export function normalizeRule(rule: string): string | null {
  const text = rule.trim().replace(/^RRULE:/i, "").toUpperCase();
  if (!/^[A-Z0-9=;,:+-]+$/.test(text) || !text.includes("FREQ=")) return null;
  try {
    const options = RRule.parseString(text);
    if (options.freq === undefined) return null;
    // Some rules are read but refused once built (BYSETPOS=0, say).
    new RRule(options);
    return RRule.optionsToString(options).replace(/^RRULE:/, "");
  } catch {
    return null;
  }
}

// The site reads a rule's UNTIL on its own clocks, as it reads the start ("until 18 December" is 23:59:59 that day in
// the site's zone). RFC 5545 has UNTIL in UTC beside a start in a zone, and as a date beside an all-day start.
const UNTIL = /UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?/i;
const basic = (instant: Date) => instant.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** A stored rule as a calendar file writes it beside its start: UNTIL in UTC, or a date for an all-day series. */
export function ruleForCalendar(rule: string, allDay: boolean, timeZone: string): string {
  return rule.replace(UNTIL, (_all, y: string, mo: string, d: string, h = "00", mi = "00", sec = "00") =>
    allDay ? `UNTIL=${y}${mo}${d}` : `UNTIL=${basic(zonedInstant(`${y}-${mo}-${d}T${h}:${mi}:${sec}`, timeZone))}`,
  );
}

/** A calendar file's rule as the site stores it: UNTIL on the site's clocks, through the end of a day given alone. */
export function ruleFromCalendar(rule: string, timeZone: string): string {
  return rule.replace(UNTIL, (_all, y: string, mo: string, d: string, h?: string, mi?: string, sec?: string, utc?: string) => {
    if (h === undefined) return `UNTIL=${y}${mo}${d}T235959Z`;
    if (!utc) return `UNTIL=${y}${mo}${d}T${h}${mi}${sec}Z`;
    const w = wallClock(new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec))), timeZone);
    const pad = (n: number, size = 2) => String(n).padStart(size, "0");
    return `UNTIL=${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}Z`;
  });
}

function ruleFor(rule: string, start: Date, timeZone: string) {
  return new RRule({ ...RRule.parseString(rule), dtstart: floating(start, timeZone) });
}

/** "every month on the 1st Friday": the rule in plain words (rrule's English), or null when it cannot be read. */
export function describeRule(rule: string): string | null {
  const normalized = normalizeRule(rule);
  if (!normalized) return null;
  try {
    const text = RRule.fromString(normalized).toText();
    return text.charAt(0).toUpperCase() + text.slice(1);
  } catch {
    return null;
  }
}

/**
 * The end of one date of a series, which starts at `instant` (`wall` on the zone's clocks): as long on the clocks as the
 * first date, so a 22:00–03:00 series ends at 03:00 on the night the clocks change too (that date lasting an hour more
 * or less than the others).
 */
function endOf(series: { start: string; end: string | null }, wall: Date, instant: Date, timeZone: string): string | null {
  if (!series.end) return null;
  // The first date ends when it was set to end, even at a time the clocks show twice.
  if (instant.getTime() === new Date(series.start).getTime()) return new Date(series.end).toISOString();
  const length = floating(new Date(series.end), timeZone).getTime() - floating(new Date(series.start), timeZone).getTime();
  return fromFloating(new Date(wall.getTime() + length), timeZone).toISOString();
}

export interface Occurrence {
  /** The occurrence's own date in the site's zone ("2026-12-04"): how it is named (its page, an override). */
  date: string;
  start: string;
  end: string | null;
}

/**
 * The occurrences of a series starting at `start` (the first one's start, ISO) that begin in [from, to), soonest first;
 * `to` is cut to 12 months after `now` and the list to 500.
 */
export function occurrences(
  series: { start: string; end: string | null; rule: string },
  { from, to, now = new Date(), timeZone }: { from: Date; to?: Date; now?: Date; timeZone: string },
): Occurrence[] {
  const normalized = normalizeRule(series.rule);
  if (!normalized) return [];
  const bound = new Date(now.getTime() + 366 * DAY_MS);
  const until = to && to < bound ? to : bound;
  if (from >= until) return [];
  const start = new Date(series.start);
  const rule = ruleFor(normalized, start, timeZone);
  // A day of margin either side in floating time; the exact bounds are checked on the real instants.
  const found = rule.between(new Date(floating(from, timeZone).getTime() - DAY_MS), new Date(floating(until, timeZone).getTime() + DAY_MS), true, (_d, i) => i < RECURRENCE_LIMITS.occurrences + 2);
  const list: Occurrence[] = [];
  for (const date of found) {
    const instant = fromFloating(date, timeZone);
    if (instant < from || instant >= until) continue;
    list.push({ date: localDate(instant, timeZone), start: instant.toISOString(), end: endOf(series, date, instant, timeZone) });
    if (list.length >= RECURRENCE_LIMITS.occurrences) break;
  }
  return list;
}

/** How many dates of a series are looked through at most for one date (an hourly series: over two years). */
const SCAN_LIMIT = 20_000;

/**
 * Whether the series has an occurrence on `date` (the zone's local date, "2026-12-04"), looking through its first
 * 20,000 dates; null for a date that is not one (2026-13-01, 2027-02-30).
 */
export function occursOn(series: { start: string; end: string | null; rule: string }, date: string, timeZone: string): Occurrence | null {
  const normalized = normalizeRule(series.rule);
  if (!normalized || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const dayStart = new Date(`${date}T00:00:00.000Z`);
  if (Number.isNaN(dayStart.getTime()) || dayStart.toISOString().slice(0, 10) !== date) return null;
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const rule = ruleFor(normalized, new Date(series.start), timeZone);
  // The day's first date, from its midnight (an all-day series' dates stand there) to the next day's, not included.
  let first: Date | undefined;
  rule.all((found, i) => {
    if (i > SCAN_LIMIT || found >= dayEnd) return false;
    if (found >= dayStart) first = found;
    return first === undefined;
  });
  if (!first) return null;
  const instant = fromFloating(first, timeZone);
  return { date, start: instant.toISOString(), end: endOf(series, first, instant, timeZone) };
}

/** Whether the rule gives at least one date from the series' start on. */
export function hasOccurrence(rule: string, start: string, timeZone: string): boolean {
  const normalized = normalizeRule(rule);
  if (!normalized) return false;
  return ruleFor(normalized, new Date(start), timeZone).after(new Date(floating(new Date(start), timeZone).getTime() - 1000), true) !== null;
}
