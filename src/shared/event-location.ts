// An event with its location in words, as pages, cards and calendar feeds show it.
import type { Event } from "./schemas/event.ts";
import type { AddressParts } from "./postal-address.ts";

/** What an event needs to know of the business it is held at (its address in parts for search engines). */
export interface BusinessPlace {
  id: string;
  name: string;
  address: string | null;
  addressParts: AddressParts;
  logoUrl: string | null;
  coordinates: { lat: number; lng: number };
}

export type EventWithLocation = Event & { locationText: string; business: BusinessPlace | null };
