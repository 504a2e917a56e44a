// OpenStreetMap `opening_hours` text read into the structured form, through the maintained parser. Weekly
// rules, dated exceptions and "PH off" are kept; anything the structured form cannot hold is refused by name.
import type OpeningHoursParser from "opening_hours";
import { lazyRequire } from "../lazy-require.ts";
import { OpeningHoursInputSchema, WEEKDAYS, type Interval, type OpeningHours, type Weekday } from "#shared/schemas/opening-hours.ts";

/** The parser is needed only when hours are given as text (imports, the API). */
const openingHoursParser = lazyRequire<typeof OpeningHoursParser>("opening_hours");

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY = "(?:Mo|Tu|We|Th|Fr|Sa|Su)";
const TIMES = "\\d\\d:\\d\\d-\\d\\d:\\d\\d(?:,\\d\\d:\\d\\d-\\d\\d:\\d\\d)*";
const COMMENT = '(?: "[^"]*")?';
const WEEKLY = new RegExp(`^(?:${DAY}(?:-${DAY})?(?:,${DAY}(?:-${DAY})?)* )?(?:24/7|off|closed|unknown|open|${TIMES})(?: (?:off|closed|unknown|open))?${COMMENT}$`);
const MONTH = `(${MONTHS.join("|")})`;
const DATED = new RegExp(`^(\\d{4}) ${MONTH} (\\d\\d)(?:-(?:(\\d{4}) )?(?:${MONTH} )?(\\d\\d))?(?: (off|closed|${TIMES}))?(?: open)?(?: "([^"]*)")?$`);
const HOLIDAYS_OFF = /^PH (?:off|closed)(?: "[^"]*")?$/;

export class OsmHoursError extends Error {}

const pad = (n: number) => String(n).padStart(2, "0");
const isoDate = (year: string, month: string, day: string) => `${year}-${pad(MONTHS.indexOf(month) + 1)}-${day}`;

function parseTimes(text: string): Interval[] {
  return text.split(",").map((range) => {
    const [open, close] = range.split("-") as [string, string];
    return { open, close };
  });
}

/**
 * The usual week as the parser evaluates it, in a reference week with no daylight-saving change and from before
 * any dated exception a business would still give (8–14 January 2001, Monday to Sunday; an exception dated in
 * that week would otherwise change the usual week, and opening_hours data dates from 2008 on). The parser works in
 * the process's local time, which the dates below are built in too.
 * Each day's open time is cut at midnight, then a stretch that runs from one day into the next is joined
 * back into one overnight interval (Fr 18:00-02:00).
 */
function weekOf(parser: OpeningHoursParser): Record<Weekday, Interval[] | null> {
  const days = WEEKDAYS.map((_, i) => {
    const start = new Date(2001, 0, 8 + i);
    const end = new Date(2001, 0, 9 + i);
    const parts = parser.getOpenIntervals(start, end);
    const unknown = parts.length > 0 && parts.every(([, , isUnknown]) => isUnknown) && parts[0]![0].getTime() === start.getTime() && parts.at(-1)![1].getTime() === end.getTime();
    // A day not given after a night that runs into it: the night's hours, then unknown to the end of the day.
    const rest = parts.slice(1);
    const unknownAfterNight =
      rest.length > 0 && !parts[0]![2] && parts[0]![0].getTime() === start.getTime() && rest.every(([, , isUnknown]) => isUnknown) && rest[0]![0].getTime() === parts[0]![1].getTime() && rest.at(-1)![1].getTime() === end.getTime();
    const spans = parts
      .filter(([, , isUnknown]) => !isUnknown)
      .map(([from, to]) => [from.getHours() * 60 + from.getMinutes(), to.getTime() >= end.getTime() ? 1440 : to.getHours() * 60 + to.getMinutes()] as [number, number]);
    return { unknown, unknownAfterNight, spans };
  });
  const joined = days.map((d) => d.spans.map((s) => [...s] as [number, number]));
  const dropped = days.map(() => new Set<number>());
  days.forEach((day, i) => {
    const last = day.spans.at(-1);
    const next = days[(i + 1) % 7]!.spans[0];
    if (!last || !next || last[1] !== 1440 || last[0] === 0 || next[0] !== 0 || next[1] === 1440 || next[1] >= last[0]) return;
    joined[i]![day.spans.length - 1]![1] = next[1];
    dropped[(i + 1) % 7]!.add(0);
  });
  const minutes = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
  return Object.fromEntries(
    WEEKDAYS.map((weekday, i) => {
      if (days[i]!.unknown || (days[i]!.unknownAfterNight && dropped[i]!.has(0))) return [weekday, null];
      const intervals = joined[i]!.filter((_, k) => !dropped[i]!.has(k)).map(([open, close]) => ({ open: minutes(open), close: close === 1440 ? "24:00" : minutes(close) }));
      return [weekday, intervals];
    }),
  ) as Record<Weekday, Interval[] | null>;
}

/**
 * The structured form of `opening_hours` text. Throws OsmHoursError with the parser's message on a syntax
 * error, or naming the rule that the structured form cannot hold.
 */
export function fromOsm(text: string): OpeningHours {
  let parser: OpeningHoursParser;
  try {
    parser = new (openingHoursParser())(text.trim(), null, { mode: 0, tag_key: "opening_hours", map_value: false, warnings_severity: 4, locale: "en" });
  } catch (error) {
    throw new OsmHoursError(String(error instanceof Error ? error.message : error).trim());
  }
  if (text.includes("||")) throw new OsmHoursError('Fallback rules ("||") cannot be kept; give the hours as weekly rules, dated exceptions and "PH off".');
  const exceptions: OpeningHours["exceptions"] = [];
  let closedOnPublicHolidays = false;
  for (let index = 0; ; index++) {
    const rule = parser.prettifyValue({ rule_index: index }).trim();
    if (rule === "") break;
    if (HOLIDAYS_OFF.test(rule)) {
      closedOnPublicHolidays = true;
      continue;
    }
    const dated = DATED.exec(rule);
    if (dated) {
      const [, year, month, day, toYear, toMonth, toDay, what, note] = dated as unknown as string[];
      const from = isoDate(year!, month!, day!);
      const to = toDay ? isoDate(toYear ?? year!, toMonth ?? month!, toDay) : null;
      const intervals = !what || what === "off" || what === "closed" ? [] : parseTimes(what);
      exceptions.push({ from, to, intervals: what ? intervals : [{ open: "00:00", close: "24:00" }], note: note ?? null });
      continue;
    }
    if (!WEEKLY.test(rule)) throw new OsmHoursError(`"${rule}" cannot be kept: give weekly rules (Mo-Fr 09:00-17:00), dated exceptions (2026 Dec 25 off) and "PH off".`);
    // Hours with a comment and no state, or marked unknown, are "maybe open" to the parser: kept, they would read as
    // closed (or as not given), so they are refused. Whole days not given ("Su unknown") are kept.
    if (/\d\d:\d\d-|24\/7/.test(rule) && (/ unknown(?: "|$)/.test(rule) || (/"$/.test(rule) && !/ (?:open|off|closed) "[^"]*"$/.test(rule)))) {
      throw new OsmHoursError(`"${rule}" leaves it unknown whether the business is open then: write the hours without the comment or "unknown", or as open hours (${rule.replace(/ unknown| "[^"]*"/g, "")} open).`);
    }
  }
  const parsed = OpeningHoursInputSchema.safeParse({ week: weekOf(parser), exceptions, closedOnPublicHolidays });
  if (!parsed.success) throw new OsmHoursError(parsed.error.issues[0]!.message);
  return parsed.data;
}
