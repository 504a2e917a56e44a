// iCalendar (RFC 5545) documents of events, written by ical-generator: one event ("Add to calendar"), the site's
// calendar and a business's. Times are the site's wall-clock times with their VTIMEZONE (so a weekly 18:00 stays at
// 18:00 after the clocks change); all-day events are dates. A series is one VEVENT with its RRULE, its cancelled dates
// as EXDATE and each moved date as a VEVENT with a RECURRENCE-ID. Each event keeps its UID, and its SEQUENCE rises
// with each change, so subscribed calendars update it in place.
import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from "ical-generator";
import type { EventWithLocation } from "#shared/event-location.ts";
import { occursOn, ruleForCalendar } from "#shared/recurrence.ts";
import { localDate } from "#shared/zoned-time.ts";
import { localizedPath, type Language } from "#shared/i18n/index.ts";
import type { TFunction } from "i18next";
import type { OccurrenceChange } from "#server/features/event/index.ts";

export interface CalendarOptions {
  /** The site's address, for event URLs and unique ids. */
  siteUrl: string;
  calendarName: string;
  timeZone: string;
  /** The cancelled and moved dates of the series among the events. */
  changes?: Map<string, OccurrenceChange[]>;
  /** The calendar's language: its own words in it, its events linking to their pages in it. */
  language: Language;
  /** The `public` catalog's `t` in that language. */
  t: TFunction;
}

/** A local calendar date as the Date ical-generator writes as that date (it reads all-day dates in UTC). */
const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(asDate(day).getTime() + 24 * 60 * 60 * 1000);

export function eventUid(id: string, siteUrl: string): string {
  return `${id}@${new URL(siteUrl).host}`;
}

/** EXDATE and RRULE values: the zone's wall time ("20261204T180000"), or the date of an all-day series. */
function wall(instant: string, timeZone: string, allDay: boolean): string {
  const d = new TZDate(new Date(instant), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
  return allDay ? date : `${date}T${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
}

function addEvent(cal: ICalCalendar, event: EventWithLocation, { siteUrl, timeZone, changes, language, t }: CalendarOptions) {
  const zoned = (iso: string) => new TZDate(new Date(iso), timeZone);
  const description = [event.description, event.ticketsLink ? t("calendar.tickets", { url: event.ticketsLink }) : null].filter(Boolean).join("\n\n");
  const common = {
    id: eventUid(event.id, siteUrl),
    sequence: event.sequence,
    // The last change is when this version of the event was made: a stable stamp, so an unchanged feed reads the same.
    stamp: new Date(event.lastUpdatedAt),
    lastModified: new Date(event.lastUpdatedAt),
    created: new Date(event.createdAt),
    summary: event.name,
    location: [event.locationText, event.business?.address].filter(Boolean).join(", "),
    description: description || null,
    url: `${siteUrl}${localizedPath(`/events/${encodeURIComponent(event.id)}`, language)}`,
  };
  const times = (start: string, end: string | null) =>
    event.allDay
      ? { allDay: true, start: asDate(localDate(start, timeZone)), end: dayAfter(end ? localDate(end, timeZone) : localDate(start, timeZone)) }
      : { timezone: timeZone, start: zoned(start), end: end ? zoned(end) : null };

  const seriesChanges = event.recurrenceRule ? (changes?.get(event.id) ?? []) : [];
  const cancelled = seriesChanges.filter((c) => c.cancelled);
  const exdate = event.allDay ? "EXDATE;VALUE=DATE:" : `EXDATE;TZID=${timeZone}:`;
  const repeating = event.recurrenceRule
    ? [
        `RRULE:${ruleForCalendar(event.recurrenceRule, event.allDay, timeZone)}`,
        ...cancelled.flatMap((c) => {
          const original = occursOn({ start: event.eventDate, end: event.endDate, rule: event.recurrenceRule! }, c.date, timeZone);
          return original ? [`${exdate}${wall(original.start, timeZone, event.allDay)}`] : [];
        }),
      ].join("\r\n")
    : null;
  cal.createEvent({ ...common, ...times(event.eventDate, event.endDate), ...(repeating ? { repeating } : {}), status: ICalEventStatus.CONFIRMED });

  for (const change of seriesChanges.filter((c) => !c.cancelled && c.startDate)) {
    const original = occursOn({ start: event.eventDate, end: event.endDate, rule: event.recurrenceRule! }, change.date, timeZone);
    if (!original) continue;
    cal.createEvent({
      ...common,
      stamp: new Date(change.lastUpdatedAt),
      lastModified: new Date(change.lastUpdatedAt),
      ...times(change.startDate!, change.endDate),
      recurrenceId: event.allDay ? asDate(change.date) : zoned(original.start),
      url: `${common.url}/${change.date}`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
}

/** An empty calendar in the site's zone: each entry names the zone, and the calendar carries its VTIMEZONE. */
export function newCalendar({
  name,
  product,
  timeZone,
  method = ICalCalendarMethod.PUBLISH,
  language = "en",
}: {
  name: string;
  product: string;
  timeZone: string;
  method?: ICalCalendarMethod;
  language?: Language;
}): ICalCalendar {
  const cal = ical({ name, prodId: { company: "Niche", product, language: language.toUpperCase() }, method, timezone: { name: null, generator: getVtimezoneComponent } });
  cal.x("X-WR-TIMEZONE", timeZone);
  return cal;
}

export function calendar(events: EventWithLocation[], options: CalendarOptions): string {
  const cal = newCalendar({ name: options.calendarName, product: "Events", timeZone: options.timeZone, language: options.language });
  for (const event of events) addEvent(cal, event, options);
  return cal.toString();
}
