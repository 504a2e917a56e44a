// iCalendar (RFC 5545) documents of events, written by ical-generator: one event ("Add to calendar"), the site's
// calendar and a business's. Times are in UTC; all-day events are dates in the site's zone. Each event keeps its UID,
// and its SEQUENCE rises with each change, so subscribed calendars update it in place.
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { EventWithLocation } from "../../../shared/event-location.ts";
import { localDate } from "../../../shared/zoned-time.ts";

export interface CalendarOptions {
  /** The site's address, for event URLs and unique ids. */
  siteUrl: string;
  calendarName: string;
  timeZone: string;
}

/** A local calendar date as the Date ical-generator writes as that date (it reads all-day dates in UTC). */
const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(asDate(day).getTime() + 24 * 60 * 60 * 1000);

export function eventUid(id: string, siteUrl: string): string {
  return `${id}@${new URL(siteUrl).host}`;
}

export function calendar(events: EventWithLocation[], { siteUrl, calendarName, timeZone }: CalendarOptions): string {
  const cal = ical({ name: calendarName, prodId: { company: "Niche", product: "Events", language: "EN" }, method: ICalCalendarMethod.PUBLISH });
  cal.x("X-WR-TIMEZONE", timeZone);
  for (const event of events) {
    const startDay = localDate(event.eventDate, timeZone);
    const description = [event.description, event.ticketsLink ? `Tickets: ${event.ticketsLink}` : null].filter(Boolean).join("\n\n");
    const location = [event.locationText, event.business?.address].filter(Boolean).join(", ");
    cal.createEvent({
      id: eventUid(event.id, siteUrl),
      sequence: event.sequence,
      // The last change is when this version of the event was made: a stable stamp, so an unchanged feed reads the same.
      stamp: new Date(event.lastUpdatedAt),
      lastModified: new Date(event.lastUpdatedAt),
      created: new Date(event.createdAt),
      summary: event.name,
      ...(event.allDay
        ? { allDay: true, start: asDate(startDay), end: dayAfter(event.endDate ? localDate(event.endDate, timeZone) : startDay) }
        : { start: new Date(event.eventDate), end: event.endDate ? new Date(event.endDate) : null }),
      location,
      description: description || null,
      url: `${siteUrl}/events/${encodeURIComponent(event.id)}`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
