// schema.org Offer for an offer's page: its first day's start and its last day's end in the site's zone (a day of 23
// or 25 hours when the clocks change), Discontinued only once it has ended, its price and the business that makes it.
import type { AddressParts } from "#shared/postal-address.ts";
import { startOfNextDay, zonedInstant } from "#shared/zoned-time.ts";
import { paths } from "#web/lib/paths.ts";
import { plainPrice, postalAddressJsonLd, SITE_LOGO_PATH } from "../seo/index.ts";

export interface OfferLd {
  validFrom: string | null;
  validThrough: string | null;
  availability: string;
}

export function offerLd(offer: { validFrom: string | null; validUntil: string | null }, today: string, timeZone: string): OfferLd {
  const ended = offer.validUntil !== null && offer.validUntil < today;
  return {
    validFrom: offer.validFrom ? zonedInstant(offer.validFrom, timeZone).toISOString() : null,
    validThrough: offer.validUntil ? new Date(startOfNextDay(offer.validUntil, timeZone).getTime() - 1000).toISOString() : null,
    availability: ended ? "https://schema.org/Discontinued" : "https://schema.org/InStock",
  };
}

/** The business that makes an offer, as the offer's page read it. */
export interface OfferSeller {
  id: string;
  name: string;
  address: string | null;
  addressParts: AddressParts;
  logoUrl: string | null;
  photoUrls: readonly string[];
}

export interface OfferJsonLdInput {
  name: string;
  description: string;
  /** The offer's page, absolute. */
  url: string;
  category: string;
  /** The offer's value as written ("$5", "20% off"). */
  price: string | null;
  dates: OfferLd;
  /** When it was put on the site: it is valid from then when it names no first day. */
  listedAt: string;
  /** The site's currency (ISO 4217). */
  currency: string;
  /** The business, or null when it is gone (then only its name is known). */
  business: OfferSeller | null;
  businessName: string;
}

/**
 * schema.org Offer for an offer's page. A price is given only when the offer's value is a plain amount ("$5"), in the
 * site's currency; "20% off" is no price. Without a first day it is valid from when it was listed. The image is the business's logo, else its first photo, else the site's.
 */
export function offerJsonLd(offer: OfferJsonLdInput, origin: string) {
  const price = plainPrice(offer.price);
  const business = offer.business;
  const businessUrl = business ? `${origin}${paths.business(business.id)}` : null;
  const address = business ? postalAddressJsonLd(business.address, business.addressParts) : null;
  const seller = {
    "@type": "LocalBusiness",
    ...(businessUrl ? { "@id": businessUrl, url: businessUrl } : {}),
    name: business?.name ?? offer.businessName,
    ...(address ? { address } : {}),
  };
  return {
    "@type": "Offer",
    name: offer.name,
    description: offer.description,
    url: offer.url,
    category: offer.category,
    image: new URL(business?.logoUrl ?? business?.photoUrls[0] ?? SITE_LOGO_PATH, origin).href,
    ...(price !== null ? { price, priceCurrency: offer.currency } : {}),
    validFrom: offer.dates.validFrom ?? offer.listedAt,
    ...(offer.dates.validThrough ? { validThrough: offer.dates.validThrough } : {}),
    availability: offer.dates.availability,
    seller,
    offeredBy: seller,
  };
}
