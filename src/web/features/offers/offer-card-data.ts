// What an offer's card and page show besides the offer: its page's address and how soon it ends, counted in the
// site's local days on the server.
import type { Offer } from "#shared/schemas/offer.ts";
import { paths } from "#web/lib/paths.ts";
import type { FieldLanguages } from "#web/lib/localized-list.ts";

/** `endsInDays`: the days to its last day within a week of it (0: today), which `endsText` says in English. */
export type OfferCardData = Offer & {
  href: string;
  endsText: string | null;
  endsInDays: number | null;
  /** On a page in another language: the fields shown as the original (no translation saved), with its language. */
  lang?: FieldLanguages<"description" | "terms">;
};

/** Days from one local date to another ("2026-12-01" to "2026-12-04": 3). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Within a week of its last day: "Ends today", "Ends tomorrow", "Ends in 3 days". */
export function offerEndsText(validUntil: string | null, today: string): string | null {
  if (!validUntil) return null;
  const days = daysBetween(today, validUntil);
  if (days < 0 || days > 7) return null;
  return days === 0 ? "Ends today" : days === 1 ? "Ends tomorrow" : `Ends in ${days} days`;
}

export function toOfferCard(offer: Offer, today: string): OfferCardData {
  const days = offer.validUntil ? daysBetween(today, offer.validUntil) : null;
  return { ...offer, href: paths.offer(offer.id), endsText: offerEndsText(offer.validUntil, today), endsInDays: days !== null && days >= 0 && days <= 7 ? days : null };
}
