// The rules that refuse bad opening hours (zod), for forms, the API and the server. What the hours are and how
// they read is in ../opening-hours.ts (re-exported here).
import { z } from "zod";
import { span, WEEKDAY_NAMES, WEEKDAYS, type DayHours, type HoursException, type Interval, type OpeningHours, type OpeningHoursView, type Weekday } from "../opening-hours.ts";

import type { SameType } from "./same-type.ts";
import englishHours from "../i18n/locales/en/hours.json" with { type: "json" };
import * as hoursText from "../opening-hours.ts";

export * from "../opening-hours.ts";

// The sentences in English unless a language's words are given: the server's and the editor's reading (pages take
// the visitor's language from the `hours` catalog instead).
const lookUp = (catalog: unknown, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
export const ENGLISH_HOURS: hoursText.HoursWords = {
  lang: "en",
  t: (key, values = {}) => String(lookUp(englishHours, key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? ""),
};
// `words` may also be the index `Array.prototype.map` passes: then English.
const wordsOf = (words: hoursText.HoursWords | number | undefined) => (typeof words === "object" ? words : ENGLISH_HOURS);
export const statusText = (status: hoursText.HoursStatus, words?: hoursText.HoursWords) => hoursText.statusText(status, wordsOf(words));
export const exceptionText = (e: hoursText.ComingException, words?: hoursText.HoursWords | number) => hoursText.exceptionText(e, wordsOf(words));
export const intervalsText = (intervals: readonly hoursText.Interval[], words?: hoursText.HoursWords | number) => hoursText.intervalsText(intervals, wordsOf(words));

/** "09:00"; a closing time may also be "24:00" (the end of the day). */
const Time = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: "Enter times as HH:MM, like 09:00." });
const IsoDate = z.iso.date({ error: "Enter dates as YYYY-MM-DD." });

/** Open from `open` to `close`; a closing time at or before the opening time is on the next day (18:00–02:00). */
export const IntervalSchema = z.object({ open: Time, close: Time });
/** A day's intervals: empty when closed all day, null when its hours are not given. */
export const DayHoursSchema = z.array(IntervalSchema).max(6).nullable();

export const HoursExceptionSchema = z.object({
  from: IsoDate,
  /** The last day of the exception; the same day when left out. */
  to: IsoDate.nullish().transform((value) => value ?? null),
  /** Empty: closed; otherwise the special hours of each of those days. */
  intervals: z.array(IntervalSchema).max(6).default([]),
  note: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((value) => (value ? value.replaceAll('"', "”") : null)),
});

/** Why a day's intervals cannot be kept, or null. */
function dayProblem(intervals: readonly Interval[], day: string): string | null {
  if (intervals.some((i) => i.open === "24:00")) return `${day}: an opening time cannot be 24:00.`;
  if (intervals.some((i) => i.open === i.close)) return `${day}: an interval opens and closes at the same time.`;
  const spans = intervals.map(span).sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) if (spans[i]![0] < spans[i - 1]![1]) return `${day} has overlapping opening times.`;
  return null;
}

export const OpeningHoursInputSchema = z
  .object({
    week: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, DayHoursSchema.default(null)])) as Record<Weekday, z.ZodDefault<typeof DayHoursSchema>>),
    exceptions: z.array(HoursExceptionSchema).max(100).default([]),
    closedOnPublicHolidays: z.boolean().default(false),
  })
  .superRefine((hours, ctx) => {
    for (const day of WEEKDAYS) {
      const intervals = hours.week[day];
      const problem = intervals && dayProblem(intervals, WEEKDAY_NAMES[day]);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }
    for (const exception of hours.exceptions) {
      if (exception.to !== null && exception.to < exception.from) {
        ctx.addIssue({ code: "custom", message: `The exception from ${exception.from} ends before it starts.` });
      }
      const problem = dayProblem(exception.intervals, exception.from);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }
  });

export type OpeningHoursInput = z.input<typeof OpeningHoursInputSchema>;

/** The hours as a business carries them: the structured form and the same hours as `opening_hours` text. */
export const OpeningHoursSchema = z.object({
  week: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, DayHoursSchema])) as Record<Weekday, typeof DayHoursSchema>),
  exceptions: z.array(HoursExceptionSchema),
  closedOnPublicHolidays: z.boolean(),
  osm: z.string(),
});

/**
 * What a form or API client sends: `opening_hours` text, the structured form (or its JSON, as a form field
 * carries it), or null for "hours not given". Text is read on the server, by the OpenStreetMap parser.
 */
export const OpeningHoursFieldSchema = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return null;
    if (!text.startsWith("{")) return text;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  },
  z.union([z.string().max(2000, { error: "Opening hours are too long (2,000 characters at most)." }), OpeningHoursInputSchema]).nullable(),
);

// The schemas give exactly the plain types.
true satisfies SameType<z.output<typeof IntervalSchema>, Interval>;
true satisfies SameType<z.output<typeof DayHoursSchema>, DayHours>;
true satisfies SameType<z.output<typeof HoursExceptionSchema>, HoursException>;
true satisfies SameType<z.output<typeof OpeningHoursInputSchema>, OpeningHours>;
true satisfies SameType<z.output<typeof OpeningHoursSchema>, OpeningHoursView>;
