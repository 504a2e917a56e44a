// What an event card and an event's page show, prepared on the server in the site's time zone, so dates read the
// same before and after hydration and whatever the visitor's own zone.
import type { EventWithLocation } from "#shared/event-location.ts";
import type { AddressParts } from "#shared/postal-address.ts";
import { formatLongDate } from "#shared/format.ts";
import { formatEventWhen, isoWithOffset, localDate } from "#shared/zoned-time.ts";
import { paths } from "#web/lib/paths.ts";
import type { FieldLanguages } from "#web/lib/localized-list.ts";

export interface EventCardData {
  id: string;
  /** Unique among the cards: a series' dates share the event's id. */
  key: string;
  /** A date of a series: its own local date, and whether it was cancelled. */
  occurrenceDate: string | null;
  cancelled: boolean;
  recurring: boolean;
  name: string;
  description: string | null;
  /** The event's page. */
  href: string;
  eventDate: string;
  endDate: string | null;
  allDay: boolean;
  /** The spec's long date ("December 4, 2026") in the site's zone. */
  dateText: string;
  /** Day and times in words, in the site's zone. */
  whenText: string;
  /** schema.org dates: with the zone's offset, or a plain date for all-day events. */
  startDateLd: string;
  endDateLd: string | null;
  /** A date of a series moved to another start: the start the rule gives it, as schema.org dates are. */
  previousStartDateLd: string | null;
  locationText: string;
  /** The business it is held at, with its address (also in parts) and logo, when there is one. */
  business: { id: string; name: string; address: string | null; addressParts: AddressParts; logoUrl: string | null } | null;
  /** When it was added to the site, as schema.org dates are: from then on its tickets are offered here. */
  createdLd: string;
  /** The association, who organizes the events no business holds. */
  associationName: string;
  ticketsLink: string | null;
  imageUrl: string | null;
  /** On a page in another language: the fields shown as the original (no translation saved), with its language. */
  lang?: FieldLanguages<"name" | "description">;
}

/** `site`: the association's time zone, and its name as the organizer of what no business holds. */
export function toEventCard(event: EventWithLocation, site: { timeZone: string; associationName: string }): EventCardData {
  const { timeZone } = site;
  const ld = (iso: string) => (event.allDay ? localDate(iso, timeZone) : isoWithOffset(iso, timeZone));
  return {
    id: event.id,
    key: event.occurrenceDate ? `${event.id}-${event.occurrenceDate}` : event.id,
    occurrenceDate: event.occurrenceDate,
    cancelled: event.cancelled,
    recurring: event.recurrenceRule !== null,
    name: event.name,
    description: event.description,
    href: paths.event(event.id, event.occurrenceDate),
    eventDate: event.eventDate,
    endDate: event.endDate,
    allDay: event.allDay,
    dateText: formatLongDate(event.eventDate, timeZone),
    whenText: formatEventWhen(event.eventDate, event.endDate, event.allDay, timeZone),
    startDateLd: ld(event.eventDate),
    endDateLd: event.endDate ? ld(event.endDate) : null,
    previousStartDateLd: event.previousStartDate ? ld(event.previousStartDate) : null,
    locationText: event.locationText,
    business: event.business
      ? { id: event.business.id, name: event.business.name, address: event.business.address, addressParts: event.business.addressParts, logoUrl: event.business.logoUrl }
      : null,
    createdLd: isoWithOffset(event.createdAt, timeZone),
    associationName: site.associationName,
    ticketsLink: event.ticketsLink,
    imageUrl: event.imageUrl,
  };
}
