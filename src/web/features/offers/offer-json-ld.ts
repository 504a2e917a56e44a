// The schema.org dates and availability of an offer's page: its first day's start and its last day's end in the
// site's zone (a day of 23 or 25 hours when the clocks change), and Discontinued only once it has ended.
import { startOfNextDay, zonedInstant } from "#shared/zoned-time.ts";

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
