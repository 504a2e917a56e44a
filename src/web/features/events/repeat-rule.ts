// The repeat rule builder's choices and the RFC 5545 RRULE they stand for, both ways, and the rule in plain words
// ("Every month on the first Friday, 18:00–21:00"). Dates are the site's local dates: rules are read in its zone.
import { describeRule, normalizeRule } from "#shared/recurrence.ts";
import { wallClock } from "#shared/zoned-time.ts";

export const WEEKDAYS = [
  { code: "MO", name: "Monday", short: "Mon" },
  { code: "TU", name: "Tuesday", short: "Tue" },
  { code: "WE", name: "Wednesday", short: "Wed" },
  { code: "TH", name: "Thursday", short: "Thu" },
  { code: "FR", name: "Friday", short: "Fri" },
  { code: "SA", name: "Saturday", short: "Sat" },
  { code: "SU", name: "Sunday", short: "Sun" },
] as const;

export type Weekday = (typeof WEEKDAYS)[number]["code"];
export type Frequency = "never" | "daily" | "weekly" | "monthly" | "yearly";

/** Which of its weekdays in the month: first to fourth, or the last. */
export const NTHS = [
  { value: 1, word: "first" },
  { value: 2, word: "second" },
  { value: 3, word: "third" },
  { value: 4, word: "fourth" },
  { value: -1, word: "last" },
] as const;

export interface RepeatChoices {
  frequency: Frequency;
  /** Every `interval` days, weeks, months or years. */
  interval: number;
  /** Weekly: the days it is on. */
  weekdays: Weekday[];
  /** Monthly: on a day of the month, or on the Nth weekday ("first Friday"). */
  monthlyBy: "day" | "weekday";
  monthDay: number;
  nth: number;
  nthWeekday: Weekday;
  ends: "never" | "on" | "after";
  /** The last possible date ("2027-06-30"), when it ends on a date. */
  until: string;
  /** How many times, when it ends after a number of times. */
  count: number;
}

const FREQUENCIES: Record<Exclude<Frequency, "never">, { rrule: string; unit: string }> = {
  daily: { rrule: "DAILY", unit: "day" },
  weekly: { rrule: "WEEKLY", unit: "week" },
  monthly: { rrule: "MONTHLY", unit: "month" },
  yearly: { rrule: "YEARLY", unit: "year" },
};

/** The local day the series starts on (its first date), in the site's zone; today when the start is not set yet. */
function startDay(start: unknown, timeZone: string) {
  const date = typeof start === "string" && start && !Number.isNaN(Date.parse(start)) ? new Date(start) : new Date();
  const w = wallClock(date, timeZone);
  const weekday = WEEKDAYS[(new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7]!.code;
  return { ...w, weekday };
}

/** What the builder shows before anything is chosen, from the event's start: its weekday, its day of the month. */
export function defaultChoices(start: unknown, timeZone: string): RepeatChoices {
  const day = startDay(start, timeZone);
  return {
    frequency: "never",
    interval: 1,
    weekdays: [day.weekday],
    monthlyBy: "day",
    monthDay: day.day,
    nth: Math.min(4, Math.ceil(day.day / 7)),
    nthWeekday: day.weekday,
    ends: "never",
    until: "",
    count: 10,
  };
}

const positive = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;

/** The RRULE the choices stand for (without "RRULE:"), or null when it does not repeat. */
export function toRule(choices: RepeatChoices): string | null {
  if (choices.frequency === "never") return null;
  const parts = [`FREQ=${FREQUENCIES[choices.frequency].rrule}`];
  if (choices.interval > 1) parts.push(`INTERVAL=${choices.interval}`);
  if (choices.frequency === "weekly" && choices.weekdays.length) {
    parts.push(`BYDAY=${WEEKDAYS.filter((d) => choices.weekdays.includes(d.code)).map((d) => d.code).join(",")}`);
  }
  if (choices.frequency === "monthly") {
    parts.push(choices.monthlyBy === "day" ? `BYMONTHDAY=${choices.monthDay}` : `BYDAY=${choices.nth}${choices.nthWeekday}`);
  }
  if (choices.ends === "on" && /^\d{4}-\d{2}-\d{2}$/.test(choices.until)) parts.push(`UNTIL=${choices.until.replaceAll("-", "")}T235959Z`);
  if (choices.ends === "after") parts.push(`COUNT=${choices.count}`);
  return parts.join(";");
}

/**
 * The builder's choices for a stored rule, or null when the rule says more than the builder can (it is then edited as
 * RRULE text). Missing parts come from `fallback`.
 */
export function fromRule(rule: string | null | undefined, fallback: RepeatChoices): RepeatChoices | null {
  if (!rule?.trim()) return { ...fallback, frequency: "never" };
  const normalized = normalizeRule(rule);
  if (!normalized) return null;
  const parts = new Map(normalized.split(";").map((part) => part.split("=") as [string, string]));
  const frequency = (Object.keys(FREQUENCIES) as Array<keyof typeof FREQUENCIES>).find((f) => FREQUENCIES[f].rrule === parts.get("FREQ"));
  if (!frequency) return null;
  const choices: RepeatChoices = { ...fallback, frequency, interval: 1, ends: "never" };
  for (const [key, value] of parts) {
    if (key === "FREQ") continue;
    else if (key === "INTERVAL" && positive(Number(value), 999)) choices.interval = Number(value);
    else if (key === "COUNT" && positive(Number(value), 999)) Object.assign(choices, { ends: "after", count: Number(value) });
    else if (key === "UNTIL" && /^\d{8}(T\d{6}Z?)?$/.test(value)) Object.assign(choices, { ends: "on", until: `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` });
    else if (key === "BYMONTHDAY" && frequency === "monthly" && positive(Number(value), 31)) Object.assign(choices, { monthlyBy: "day", monthDay: Number(value) });
    else if (key === "BYDAY" && frequency === "weekly" && value.split(",").every((d) => WEEKDAYS.some((w) => w.code === d))) choices.weekdays = value.split(",") as Weekday[];
    else if (key === "BYDAY" && frequency === "monthly" && /^[+-]?[1-4][A-Z]{2}$/.test(value) && WEEKDAYS.some((w) => w.code === value.slice(-2))) {
      const nth = Number(value.slice(0, -2));
      if (nth === -1 || nth > 0) Object.assign(choices, { monthlyBy: "weekday", nth, nthWeekday: value.slice(-2) as Weekday });
      else return null;
    } else return null;
  }
  return choices;
}

const dayName = (code: Weekday) => WEEKDAYS.find((d) => d.code === code)!.name;

function list(words: string[]): string {
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "18:00" on the site's clock, or "" when the value is not a time. */
export function clockTime(value: unknown, timeZone: string): string {
  if (typeof value !== "string" || !value || Number.isNaN(Date.parse(value))) return "";
  const w = wallClock(new Date(value), timeZone);
  return `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
}

/**
 * The choices in plain words, with the event's times: "Every month on the first Friday, 18:00–21:00",
 * "Every 2 weeks on Tuesday and Thursday, until June 30, 2027", "Does not repeat".
 */
export function describeChoices(choices: RepeatChoices, when: { start: unknown; end?: unknown; timeZone: string }, { times: withTimes = true } = {}): string {
  if (choices.frequency === "never") return "Does not repeat";
  const { unit } = FREQUENCIES[choices.frequency];
  let text = choices.interval > 1 ? `Every ${choices.interval} ${unit}s` : `Every ${unit}`;
  if (choices.frequency === "weekly" && choices.weekdays.length) {
    text += ` on ${list(WEEKDAYS.filter((d) => choices.weekdays.includes(d.code)).map((d) => d.name))}`;
  } else if (choices.frequency === "monthly") {
    text +=
      choices.monthlyBy === "day"
        ? ` on the ${ordinal(choices.monthDay)}`
        : ` on the ${NTHS.find((n) => n.value === choices.nth)?.word ?? ordinal(choices.nth)} ${dayName(choices.nthWeekday)}`;
  } else if (choices.frequency === "yearly") {
    const day = startDay(when.start, when.timeZone);
    text += ` on ${MONTHS[day.month - 1]} ${day.day}`;
  }
  if (choices.ends === "on" && choices.until) {
    const [y, m, d] = choices.until.split("-").map(Number);
    text += `, until ${MONTHS[m! - 1]} ${d}, ${y}`;
  }
  if (choices.ends === "after") text += choices.count === 1 ? ", once" : `, ${choices.count} times`;
  const times = withTimes ? [clockTime(when.start, when.timeZone), clockTime(when.end, when.timeZone)].filter(Boolean).join("–") : "";
  return times ? `${text}, ${times}` : text;
}

/** A stored rule in the builder's words ("Every month on the first Friday"), or in rrule's own when it says more. */
export function ruleInWords(rule: string, start: string, timeZone: string): string | null {
  const choices = fromRule(rule, defaultChoices(start, timeZone));
  return choices ? describeChoices(choices, { start, timeZone }, { times: false }) : describeRule(rule);
}
