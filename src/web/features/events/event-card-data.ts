// What an event card shows, prepared on the server so dates read the same before and after hydration.
import type { EventWithLocation } from "../../../shared/event-location.ts";
import { formatLongDate } from "../../../shared/format.ts";

export interface EventCardData {
  id: string;
  name: string;
  description: string | null;
  eventDate: string;
  dateText: string;
  locationText: string;
  /** The business it is held at, with its address, when there is one. */
  business: { id: string; name: string; address: string | null } | null;
  ticketsLink: string | null;
  imageUrl: string | null;
}

export function toEventCard(event: EventWithLocation): EventCardData {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    eventDate: event.eventDate,
    dateText: formatLongDate(event.eventDate),
    locationText: event.locationText,
    business: event.business ? { id: event.business.id, name: event.business.name, address: event.business.address } : null,
    ticketsLink: event.ticketsLink,
    imageUrl: event.imageUrl,
  };
}
