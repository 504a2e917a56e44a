// An event with its location in words, as pages, cards and calendar feeds show it.
import type { Event } from "./schemas/event.ts";

/** A business's address in parts (schema.org PostalAddress), each null when not given. */
export interface AddressParts {
  streetAddress: string | null;
  addressLocality: string | null;
  addressRegion: string | null;
  postalCode: string | null;
  addressCountry: string | null;
}

export const ADDRESS_PARTS = ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"] as const satisfies ReadonlyArray<keyof AddressParts>;

/** Just the address's parts of something that has them (a business). */
export function addressPartsOf(source: AddressParts): AddressParts {
  return { streetAddress: source.streetAddress, addressLocality: source.addressLocality, addressRegion: source.addressRegion, postalCode: source.postalCode, addressCountry: source.addressCountry };
}

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
