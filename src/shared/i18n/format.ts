// Dates, times, numbers and lists as each language writes them, always on the site's clocks (site setting
// `timeZone`), whatever the zone of the server or of the visitor's browser. English keeps the site's historical
// forms ("Friday, December 4, 2026, 6:00 PM – 9:00 PM EST"); French follows Québec usage ("vendredi 4 décembre 2026,
// 18 h – 21 h HNE"): 24-hour clock, "h" between hours and minutes, no ":00".

export type Lang = "en" | "fr";

/** The Intl locale of each language: Canadian French for French. */
export const INTL_LOCALE: Record<Lang, string> = { en: "en-US", fr: "fr-CA" };

// The few words that sit between formatted parts; the pages' own texts are in the catalogs.
const WORDS: Record<Lang, { allDay: string; notAvailable: string }> = {
  en: { allDay: "all day", notAvailable: "N/A" },
  fr: { allDay: "toute la journée", notAvailable: "s. o." },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: Lang, timeZone: string | undefined, options: Intl.DateTimeFormatOptions, locale = INTL_LOCALE[lang]): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ""}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * A date as `format` writes it, with French's ordinal for the first of a month beside its name ("1er mars",
 * "samedi 1er mars 2031"), which Intl writes "1 mars".
 */
function written(format: Intl.DateTimeFormat, date: Date, lang: Lang): string {
  if (lang !== "fr") return format.format(date);
  const parts = format.formatToParts(date);
  if (!parts.some((part) => part.type === "month")) return format.format(date);
  return parts.map((part) => (part.type === "day" && Number(part.value) === 1 ? "1er" : part.value)).join("");
}

/** "November 22, 2026" / "22 novembre 2026", or "N/A" / "s. o." when there is no usable date. */
export function formatLongDate(value: string | Date | null | undefined, lang: Lang, timeZone?: string): string {
  if (value === null || value === undefined || value === "") return WORDS[lang].notAvailable;
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return WORDS[lang].notAvailable;
  return written(dateFormat(lang, timeZone, { year: "numeric", month: "long", day: "numeric" }), date, lang);
}

/** "Friday, December 4, 2026" / "vendredi 4 décembre 2026" in the zone. */
export function formatDay(value: string | Date, lang: Lang, timeZone: string): string {
  return written(dateFormat(lang, timeZone, { weekday: "long", year: "numeric", month: "long", day: "numeric" }), toDate(value), lang);
}

/** "6:00 PM" / "18 h" ("18 h 30") in the zone. */
export function formatTime(value: string | Date, lang: Lang, timeZone: string): string {
  const text = dateFormat(lang, timeZone, { hour: "numeric", minute: "2-digit" }).format(toDate(value));
  return lang === "fr" ? frenchHours(text) : text;
}

/** "EST" / "HNE": the zone's short name at an instant. */
export function zoneAbbreviation(value: string | Date, lang: Lang, timeZone: string): string {
  return dateFormat(lang, timeZone, { timeZoneName: "short" }).formatToParts(toDate(value)).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** "4 Jul 2031, 7:30 PM" / "4 juill. 2031, 19 h 30" in the zone; `allDay` leaves the time out. */
export function formatDateTime(value: string | Date, lang: Lang, timeZone: string, allDay = false): string {
  // French spells the fields out: its `timeStyle: "short"` pads the hour ("04 h 49"), which Québec usage does not.
  const french: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", ...(allDay ? {} : { hour: "numeric", minute: "2-digit" }) };
  const options: Intl.DateTimeFormatOptions = lang === "fr" ? french : allDay ? { dateStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" };
  const text = written(dateFormat(lang, timeZone, options), toDate(value), lang);
  return lang === "fr" ? frenchHours(text) : text;
}

// The zone's calendar date, compared to tell a same-day end from a later one.
const dayKey = (value: string | Date, timeZone: string) => dateFormat("en", timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).format(toDate(value));

/**
 * When an event happens, in words: "Friday, December 4, 2026, 6:00 PM – 9:00 PM EST", "Friday, December 4, 2026 (all day)",
 * or across days "Friday, December 4, 2026, 6:00 PM – Saturday, December 5, 2026, 2:00 AM EST".
 */
export function formatEventWhen(start: string, end: string | null, allDay: boolean, lang: Lang, timeZone: string): string {
  const startDay = formatDay(start, lang, timeZone);
  const time = (value: string) => formatTime(value, lang, timeZone);
  if (allDay) {
    const allDayText = `(${WORDS[lang].allDay})`;
    if (!end || dayKey(end, timeZone) === dayKey(start, timeZone)) return `${startDay} ${allDayText}`;
    return `${startDay} – ${formatDay(end, lang, timeZone)} ${allDayText}`;
  }
  const zone = zoneAbbreviation(start, lang, timeZone);
  if (!end) return `${startDay}, ${time(start)} ${zone}`;
  if (dayKey(end, timeZone) === dayKey(start, timeZone)) return `${startDay}, ${time(start)} – ${time(end)} ${zone}`;
  return `${startDay}, ${time(start)} – ${formatDay(end, lang, timeZone)}, ${time(end)} ${zoneAbbreviation(end, lang, timeZone)}`;
}

/**
 * A wall-clock time of the day as opening hours store it ("09:00", "24:00"): English keeps it as it is, French writes
 * "9 h", "9 h 30", "24 h".
 */
export function formatClock(time: string, lang: Lang): string {
  if (lang === "en") return time;
  const [hours = "0", minutes = "00"] = time.split(":");
  return frenchHours(`${Number(hours)} h ${minutes}`);
}

/** "Thu 25 Dec" / "jeu. 25 déc." for 2025-12-25: a calendar date, whatever the zone. */
export function formatShortDate(iso: string, lang: Lang): string {
  // English has used the British order ("Thu 25 Dec") for the hours' dates.
  const format = dateFormat(lang, "UTC", { weekday: "short", day: "numeric", month: "short" }, lang === "en" ? "en-GB" : INTL_LOCALE[lang]);
  return written(format, new Date(`${iso}T12:00:00Z`), lang).replace(",", "");
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** "12,345.5" / "12 345,5". */
export function formatNumber(value: number, lang: Lang, options: Intl.NumberFormatOptions = {}): string {
  const key = `${lang}|${JSON.stringify(options)}`;
  let found = numberFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(INTL_LOCALE[lang], options);
    numberFormats.set(key, found);
  }
  return found.format(value);
}

/** "a, b, and c" / "a, b et c". */
export function formatList(items: readonly string[], lang: Lang, type: Intl.ListFormatType = "conjunction"): string {
  return new Intl.ListFormat(INTL_LOCALE[lang], { style: "long", type }).format(items);
}

/** The CLDR plural category of a count ("one", "other"): French counts 0 and 1 as "one". */
export function pluralCategory(count: number, lang: Lang): Intl.LDMLPluralRule {
  return new Intl.PluralRules(INTL_LOCALE[lang]).select(count);
}

// Intl writes "18 h 00"; Québec usage drops the zero minutes ("18 h").
const frenchHours = (text: string) => text.replace(/(\d) h 00\b/g, "$1 h");
