// A business's opening hours as plain data: the weekdays, how the hours read as OpenStreetMap `opening_hours` text
// and as sentences ("Open now · closes 17:00"). The rules that refuse bad hours (zod) are in schemas/opening-hours.ts;
// pages that only show hours take this module and load no validation library. The sentences' words are in the `hours`
// catalog (src/shared/i18n/locales/<lang>/hours.json), passed in as `HoursWords`.
import { formatClock, formatShortDate, type Lang } from "./i18n/format.ts";

export const WEEKDAYS = ["mo", "tu", "we", "th", "fr", "sa", "su"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = { mo: "Monday", tu: "Tuesday", we: "Wednesday", th: "Thursday", fr: "Friday", sa: "Saturday", su: "Sunday" };
const OSM_DAY: Record<Weekday, string> = { mo: "Mo", tu: "Tu", we: "We", th: "Th", fr: "Fr", sa: "Sa", su: "Su" };
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** Open from `open` (09:00) to `close`; a closing time at or before the opening time is on the next day (18:00–02:00). */
export interface Interval {
  open: string;
  close: string;
}
/** A day's intervals: empty when closed all day, null when its hours are not given. */
export type DayHours = Interval[] | null;

export interface HoursException {
  from: string;
  /** The last day of the exception; null for the same day. */
  to: string | null;
  /** Empty: closed; otherwise the special hours of each of those days. */
  intervals: Interval[];
  note: string | null;
}

/** The structured form: intervals per weekday, dated exceptions and "closed on public holidays". */
export interface OpeningHours {
  week: Record<Weekday, DayHours>;
  exceptions: HoursException[];
  closedOnPublicHolidays: boolean;
}

/** The hours as a business carries them: the structured form and the same hours as `opening_hours` text. */
export interface OpeningHoursView extends OpeningHours {
  osm: string;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** The interval in minutes from the start of its day; the end is past 1440 when it runs overnight. */
export function span({ open, close }: Interval): [number, number] {
  const start = minutes(open);
  const end = minutes(close);
  return [start, end <= start ? end + 1440 : end];
}

/** Whether any hours are given at all. */
export function hasHours(hours: OpeningHours): boolean {
  return WEEKDAYS.some((d) => hours.week[d] !== null) || hours.exceptions.length > 0;
}

const wrapsMidnight = (rule: string) => [...rule.matchAll(/(\d\d:\d\d)-(\d\d:\d\d)/g)].some(([, open, close]) => close! !== "24:00" && close! <= open!);
const times = (intervals: readonly Interval[]) => intervals.map((i) => `${i.open}-${i.close}`).join(",");

/** "Mo-We,Fr" for the given days, in week order. */
function dayList(days: readonly Weekday[]): string {
  const index = days.map((d) => WEEKDAYS.indexOf(d)).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < index.length; ) {
    let j = i;
    while (j + 1 < index.length && index[j + 1] === index[j]! + 1) j++;
    const first = OSM_DAY[WEEKDAYS[index[i]!]!];
    const last = OSM_DAY[WEEKDAYS[index[j]!]!];
    parts.push(j === i ? first : j === i + 1 ? `${first},${last}` : `${first}-${last}`);
    i = j + 1;
  }
  return parts.join(",");
}

function osmDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${year} ${MONTHS[Number(month) - 1]} ${day}`;
}

/**
 * The hours as OpenStreetMap `opening_hours` text: `Mo-Fr 09:00-17:00; Sa 10:00-14:00; PH off`.
 * Closed days are left out (closed is the default, and an explicit "off" would cut an overnight interval
 * of the day before); days whose hours are not given are "unknown", written first for the same reason.
 */
export function toOsm(hours: OpeningHours): string {
  const rules: string[] = [];
  const unknown = WEEKDAYS.filter((d) => hours.week[d] === null);
  if (unknown.length > 0 && unknown.length < 7) rules.push(`${dayList(unknown)} unknown`);
  if (unknown.length === 7 && hours.exceptions.length > 0) rules.push("Mo-Su unknown");
  const groups = new Map<string, Weekday[]>();
  for (const day of WEEKDAYS) {
    const intervals = hours.week[day];
    if (!intervals || intervals.length === 0) continue;
    const key = times(intervals);
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  for (const [key, days] of groups) {
    if (days.length < 7) rules.push(`${dayList(days)} ${key}`);
    else rules.push(key === "00:00-24:00" ? "24/7" : key);
  }
  if (rules.length === 0 && WEEKDAYS.every((d) => hours.week[d]?.length === 0)) rules.push("off");
  const weekly = rules.length;
  if (hours.closedOnPublicHolidays) rules.push("PH off");
  for (const e of hours.exceptions) {
    const when = e.to && e.to !== e.from ? `${osmDate(e.from)}-${osmDate(e.to)}` : osmDate(e.from);
    // A note after hours alone makes them "unknown" to OpenStreetMap's readers: the hours of a day with a note say "open".
    rules.push(`${when} ${e.intervals.length === 0 ? "off" : `${times(e.intervals)}${e.note ? " open" : ""}`}${e.note ? ` "${e.note}"` : ""}`);
  }
  // The weekly rules name days apart, and are joined as additional rules (","): a later one then leaves the hours an
  // earlier one runs past midnight into its day (Th 18:00-02:00 keeps Friday's first two hours). After a rule that runs
  // past midnight, the next is an additional rule too, so it keeps that night's hours.
  return rules.reduce((text, rule, i) => (i === 0 ? rule : `${text}${i < weekly || wrapsMidnight(rules[i - 1]!) ? ", " : "; "}${rule}`), "");
}

/** When a business opens or closes next, in the site's time zone. */
export interface HoursChange {
  /** The instant, ISO 8601 UTC. */
  at: string;
  /** The local date (YYYY-MM-DD), weekday and time ("09:00"). */
  date: string;
  weekday: Weekday;
  time: string;
}

export interface HoursStatus {
  /** Null when the hours for now are not given. */
  openNow: boolean | null;
  /** The next opening (when closed) or closing (when open); null when none is known within a year. */
  next: HoursChange | null;
  /** Today's local date in the site's zone. */
  today: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Looks a text up in the `hours` catalog of one language (react-i18next's `t` for "hours", or i18next's getFixedT). */
export type HoursTranslate = (key: string, values?: Record<string, string>) => string;
/** The `hours` catalog's texts and the language its dates and times are written in. */
export interface HoursWords {
  t: HoursTranslate;
  lang: Lang;
}

/**
 * "Open now · closes 17:00", "Closed · opens Tue 09:00", or null when the hours are not given. A change a week or
 * more away is named by its date ("Closed · opens Wed 1 Jul 09:00"): its weekday alone would read as this week's.
 */
export function statusText(status: HoursStatus, { t, lang }: HoursWords): string | null {
  if (status.openNow === null) return null;
  const { next, today } = status;
  const day = (change: HoursChange) => (Date.parse(change.date) - Date.parse(today) >= 7 * DAY_MS ? shortDate(change.date, lang) : t(`dayShort.${change.weekday}`));
  if (status.openNow) {
    if (!next) return t("status.open24Hours");
    const time = formatClock(next.time, lang);
    return next.date === today ? t("status.closesToday", { time }) : t("status.closesOn", { day: day(next), time });
  }
  if (!next) return t("closed");
  const time = formatClock(next.time, lang);
  return next.date === today ? t("status.opensToday", { time }) : t("status.opensOn", { day: day(next), time });
}

/** A day to come on which the usual hours do not apply: a dated exception or a public holiday. */
export interface ComingException {
  from: string;
  to: string;
  intervals: Interval[];
  note: string | null;
}

/** "Thu 25 Dec" for 2025-12-25 ("jeu. 25 déc." in French). */
export function shortDate(iso: string, lang: Lang = "en"): string {
  return formatShortDate(iso, lang);
}

/** "09:00–17:00, 18:00–02:00" ("9 h à 17 h, 18 h à 2 h" in French). */
export function intervalsText(intervals: readonly Interval[], { t, lang }: HoursWords): string {
  return intervals.map((i) => t("interval", { open: formatClock(i.open, lang), close: formatClock(i.close, lang) })).join(", ");
}

/** "Closed Thu 25 Dec: Christmas", "Open Wed 31 Dec 10:00–14:00: New Year's Eve". */
export function exceptionText(e: ComingException, words: HoursWords): string {
  const { t, lang } = words;
  const when = e.to !== e.from ? t("exception.range", { from: shortDate(e.from, lang), to: shortDate(e.to, lang) }) : shortDate(e.from, lang);
  const what = e.intervals.length === 0 ? t("exception.closed", { when }) : t("exception.open", { when, hours: intervalsText(e.intervals, words) });
  return e.note ? t("exception.withNote", { text: what, note: e.note }) : what;
}
