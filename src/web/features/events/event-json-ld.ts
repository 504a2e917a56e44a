// schema.org Event for an event's card and its page: dates with the site's offset, whether it takes place as planned,
// was moved (with its previous start) or cancelled, the place with its address, the tickets as an Offer and the
// business that holds it as organizer.
import { paths } from "#web/lib/paths.ts";
import type { EventCardData } from "./event-card-data.ts";

export function eventJsonLd(event: EventCardData, origin: string) {
  const address = event.business?.address || event.locationText;
  return {
    "@type": "Event",
    name: event.name,
    startDate: event.startDateLd,
    ...(event.endDateLd ? { endDate: event.endDateLd } : {}),
    ...(event.description ? { description: event.description } : {}),
    ...(event.imageUrl ? { image: new URL(event.imageUrl, origin).href } : {}),
    url: `${origin}${event.href}`,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    eventStatus: event.cancelled ? "https://schema.org/EventCancelled" : event.previousStartDateLd ? "https://schema.org/EventRescheduled" : "https://schema.org/EventScheduled",
    ...(event.previousStartDateLd && !event.cancelled ? { previousStartDate: event.previousStartDateLd } : {}),
    location: {
      "@type": "Place",
      name: event.business?.name ?? event.locationText,
      address: { "@type": "PostalAddress", streetAddress: address },
    },
    ...(event.ticketsLink ? { offers: { "@type": "Offer", url: event.ticketsLink } } : {}),
    // The business that holds it organizes it.
    ...(event.business
      ? { organizer: { "@type": "Organization", name: event.business.name, url: `${origin}${paths.business(event.business.id)}` } }
      : {}),
  };
}
