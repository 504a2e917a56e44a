// A business's address in the parts schema.org's PostalAddress names, beside the one-line address pages show.

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
