// schema.org Event for an event's card and its page: dates with the site's offset, whether it takes place as planned,
// was moved (with its previous start) or cancelled, the place with its address in parts, the tickets as an Offer,
// and who organizes it: the business that holds it, else the association.
import { paths } from "#web/lib/paths.ts";
import { organizationJsonLd, postalAddressJsonLd, SITE_LOGO_PATH } from "../seo/index.ts";
import type { EventCardData } from "./event-card-data.ts";
import type { RegistrationInfo } from "#shared/schemas/registration.ts";

/** An event's registration as its JSON-LD says it: places and availability, and the currency of its price (0). */
export type RegistrationLd = Pick<RegistrationInfo, "enabled" | "capacity" | "remainingPlaces" | "availability" | "opensAt"> & { currency: string };

/**
 * Registration on the site is a free Offer (price 0) in stock while places are left, and the places as attendee
 * capacities; it stands for the offer of a ticket sold elsewhere.
 */
function registrationLd(event: EventCardData, origin: string, registration: RegistrationLd) {
  const soldOut = registration.availability !== "open" || event.cancelled;
  return {
    ...(registration.capacity !== null ? { maximumAttendeeCapacity: registration.capacity, remainingAttendeeCapacity: registration.remainingPlaces ?? 0 } : {}),
    offers: {
      "@type": "Offer",
      url: `${origin}${event.href}`,
      price: 0,
      priceCurrency: registration.currency,
      availability: soldOut ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      validFrom: registration.opensAt ?? event.createdLd,
    },
  };
}

export function eventJsonLd(event: EventCardData, origin: string, registration?: RegistrationLd | null) {
  const business = event.business;
  const address = postalAddressJsonLd(business?.address || event.locationText, business?.addressParts);
  // Its own image, else the logo of the business that holds it, else the association's.
  const image = new URL(event.imageUrl ?? business?.logoUrl ?? SITE_LOGO_PATH, origin).href;
  return {
    "@type": "Event",
    name: event.name,
    startDate: event.startDateLd,
    ...(event.endDateLd ? { endDate: event.endDateLd } : {}),
    ...(event.description ? { description: event.description } : {}),
    image,
    url: `${origin}${event.href}`,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    eventStatus: event.cancelled ? "https://schema.org/EventCancelled" : event.previousStartDateLd ? "https://schema.org/EventRescheduled" : "https://schema.org/EventScheduled",
    ...(event.previousStartDateLd && !event.cancelled ? { previousStartDate: event.previousStartDateLd } : {}),
    location: {
      "@type": "Place",
      name: business?.name ?? event.locationText,
      ...(address ? { address } : {}),
    },
    // Tickets are sold elsewhere; the site knows where, and since when the event is listed, not at what price.
    ...(event.ticketsLink
      ? {
          offers: {
            "@type": "Offer",
            url: event.ticketsLink,
            availability: event.cancelled ? "https://schema.org/Discontinued" : "https://schema.org/InStock",
            validFrom: event.createdLd,
          },
        }
      : {}),
    ...(registration?.enabled ? registrationLd(event, origin, registration) : {}),
    organizer: business
      ? { "@type": "Organization", name: business.name, url: `${origin}${paths.business(business.id)}` }
      : organizationJsonLd(event.associationName, origin),
  };
}
