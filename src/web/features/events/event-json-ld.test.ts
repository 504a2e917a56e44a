import { describe, expect, it } from "vitest";
import type { EventCardData } from "./event-card-data.ts";
import { eventJsonLd } from "./event-json-ld.ts";

const ORIGIN = "https://niche.example";

const jazz: EventCardData = {
  id: "e1",
  key: "e1",
  occurrenceDate: null,
  cancelled: false,
  recurring: false,
  name: "Jazz on the Cellar Stage",
  description: "Standards and originals.",
  href: "/events/e1",
  eventDate: "2027-05-07T00:00:00.000Z",
  endDate: "2027-05-07T02:00:00.000Z",
  allDay: false,
  dateText: "May 6, 2027",
  whenText: "Thursday, May 6, 8:00 PM to 10:00 PM",
  startDateLd: "2027-05-06T20:00:00-04:00",
  endDateLd: "2027-05-06T22:00:00-04:00",
  previousStartDateLd: null,
  locationText: "Niagara Jazz Cellar",
  business: {
    id: "b1",
    name: "Niagara Jazz Cellar",
    address: "4352 Queen Street, Niagara Falls, ON",
    addressParts: { streetAddress: "4352 Queen Street", addressLocality: "Niagara Falls", addressRegion: "ON", postalCode: "L2E 6B2", addressCountry: "CA" },
    logoUrl: "/uploads/jazz-logo.webp",
  },
  createdLd: "2027-04-01T09:00:00-04:00",
  associationName: "Downtown Niagara",
  ticketsLink: "https://tickets.example/jazz",
  imageUrl: null,
};

describe("an event's JSON-LD", () => {
  it("places it at the business's address in parts, organized by the business, with its tickets offered since it was listed", () => {
    expect(eventJsonLd(jazz, ORIGIN)).toMatchObject({
      startDate: jazz.startDateLd,
      endDate: jazz.endDateLd,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "Niagara Jazz Cellar",
        address: { "@type": "PostalAddress", streetAddress: "4352 Queen Street", addressLocality: "Niagara Falls", addressRegion: "ON", postalCode: "L2E 6B2", addressCountry: "CA" },
      },
      offers: { "@type": "Offer", url: "https://tickets.example/jazz", availability: "https://schema.org/InStock", validFrom: jazz.createdLd },
      organizer: { "@type": "Organization", name: "Niagara Jazz Cellar", url: `${ORIGIN}/business/b1` },
      // No image of its own: the business's logo.
      image: `${ORIGIN}/uploads/jazz-logo.webp`,
    });
  });

  it("is organized by the association when held outdoors, at the place as written, with the association's logo as image", () => {
    const walk = { ...jazz, business: null, locationText: "Queen Street, from Erie Avenue to Victoria Avenue", ticketsLink: null };
    const ld = eventJsonLd(walk, ORIGIN);
    expect(ld.organizer).toMatchObject({ "@type": "Organization", name: "Downtown Niagara", url: `${ORIGIN}/`, logo: { "@type": "ImageObject" } });
    expect(ld.location).toEqual({ "@type": "Place", name: walk.locationText, address: { "@type": "PostalAddress", streetAddress: walk.locationText } });
    expect(ld.image).toBe(`${ORIGIN}/favicon.svg`);
    expect(ld).not.toHaveProperty("offers");
  });

  it("offers no more tickets for a cancelled event", () => {
    const ld = eventJsonLd({ ...jazz, cancelled: true, imageUrl: "/uploads/jazz.webp" }, ORIGIN);
    expect(ld.eventStatus).toBe("https://schema.org/EventCancelled");
    expect(ld.offers).toMatchObject({ availability: "https://schema.org/Discontinued" });
    expect(ld.image).toBe(`${ORIGIN}/uploads/jazz.webp`);
  });

  it("carries the places of a registration as attendee capacities and a free offer, sold out once full", () => {
    const registration = { enabled: true, capacity: 15, remainingPlaces: 4, availability: "open" as const, opensAt: null, currency: "CAD" };
    expect(eventJsonLd({ ...jazz, ticketsLink: null }, ORIGIN, registration)).toMatchObject({
      maximumAttendeeCapacity: 15,
      remainingAttendeeCapacity: 4,
      offers: { "@type": "Offer", price: 0, priceCurrency: "CAD", availability: "https://schema.org/InStock", url: "https://niche.example/events/e1" },
    });
    const full = eventJsonLd(jazz, ORIGIN, { ...registration, remainingPlaces: 0, availability: "full-waitlist" });
    expect(full).toMatchObject({ remainingAttendeeCapacity: 0, offers: { price: 0, availability: "https://schema.org/SoldOut" } });
  });
});
