// A series' rule in the words of a public page's language ("Every month on the first Friday", "Chaque mois, le
// premier vendredi"): the builder's choices (repeat-rule.ts) said with the `public` catalog's `rule.*` words, and the
// names of days and months as Intl writes them in the language.
import type { TFunction } from "i18next";
import { describeRule } from "#shared/recurrence.ts";
import { formatLongDate, INTL_LOCALE, type Lang } from "#shared/i18n/format.ts";
import { wallClock } from "#shared/zoned-time.ts";
import { defaultChoices, fromRule, WEEKDAYS, type Weekday } from "./repeat-rule.ts";

export interface RuleWords {
  lang: Lang;
  t: TFunction<"public">;
}

const UNITS = { daily: "day", weekly: "week", monthly: "month", yearly: "year" } as const;

/** A weekday's name in the language: 1 January 2024 was a Monday. */
function weekdayName(code: Weekday, lang: Lang): string {
  const index = WEEKDAYS.findIndex((d) => d.code === code);
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2024, 0, 1 + index));
}

/** A stored rule in words, or null when the rule says more than the words can (then rrule's English, in English). */
export function ruleWords(rule: string, start: string, timeZone: string, { lang, t }: RuleWords): string | null {
  const choices = fromRule(rule, defaultChoices(start, timeZone));
  if (!choices) return lang === "en" ? describeRule(rule) : null;
  if (choices.frequency === "never") return null;
  const list = (words: string[]) => (words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")}${t("rule.and")}${words.at(-1)}`);
  let text = t(`rule.every.${UNITS[choices.frequency]}`, { count: choices.interval });
  if (choices.frequency === "weekly" && choices.weekdays.length) {
    text += t("rule.onDays", { days: list(WEEKDAYS.filter((d) => choices.weekdays.includes(d.code)).map((d) => weekdayName(d.code, lang))) });
  } else if (choices.frequency === "monthly") {
    text +=
      choices.monthlyBy === "day"
        ? t("rule.onDay", { day: t("rule.dayOrdinal", { count: choices.monthDay, ordinal: true }) })
        : t("rule.onNth", { nth: t(`rule.nth.${choices.nth}`), weekday: weekdayName(choices.nthWeekday, lang) });
  } else if (choices.frequency === "yearly") {
    const first = wallClock(new Date(start), timeZone);
    const date = new Intl.DateTimeFormat(INTL_LOCALE[lang], { month: "long", day: "numeric", timeZone: "UTC" }).format(Date.UTC(first.year, first.month - 1, first.day));
    text += t("rule.onDate", { date });
  }
  if (choices.ends === "on" && choices.until) text += t("rule.until", { date: formatLongDate(`${choices.until}T12:00:00.000Z`, lang, "UTC") });
  if (choices.ends === "after") text += t("rule.times", { count: choices.count });
  return text;
}
