// Formatting rules shared by server and browser (spec section 2, "Home").
import * as i18nFormat from "./i18n/format.ts";

/** "November 22, 2026", or "N/A" when there is no usable date (other languages: i18n/format.ts). */
export function formatLongDate(value: string | Date | null | undefined, timeZone?: string): string {
  return i18nFormat.formatLongDate(value, "en", timeZone);
}

/** Cuts text to `max` characters, adding an ellipsis only when something was cut. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return "";
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** "Arts & Crafts" → "arts-crafts": lowercase words joined by hyphens. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "coffee-shops" → "Coffee Shops": the spec's way back from a slug to a name. */
export function unslugify(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** The part of an email address before the @, the spec's default display name. */
export function defaultDisplayName(email: string): string {
  const at = email.indexOf("@");
  return at > 0 ? email.slice(0, at) : email;
}

export function authorName(name: string | null | undefined): string {
  return name?.trim() || "Unknown";
}

export function businessName(name: string | null | undefined): string {
  return name?.trim() || "A Business";
}

/** The fields of an event its location text depends on. */
export interface EventLocation {
  location: string | null | undefined;
  outdoorLocationDescription?: string | null | undefined;
}

// Ids are 20 letters and digits (src/server/db/ids.ts); anything else in `location` is free text.
const ID_PATTERN = /^[A-Za-z0-9]{20}$/;

/**
 * Where an event takes place, as visitors read it (spec section 2).
 * `businessNames` maps business ids to names; `null` means the businesses could not be loaded,
 * in which case a business location reads "Specific Location" rather than a misleading "Unknown".
 */
export function eventLocationText(event: EventLocation, businessNames: ReadonlyMap<string, string> | null): string {
  const location = event.location?.trim() ?? "";
  if (location === "outdoor") return event.outdoorLocationDescription?.trim() || "Outdoor Event";
  if (!location) return "N/A";
  if (businessNames) {
    const name = businessNames.get(location);
    if (name !== undefined) return businessName(name);
    if (ID_PATTERN.test(location)) return `Unknown Location (ID: ${location.slice(0, 5)}...)`;
  }
  return "Specific Location";
}

/** "<type> at <business>" on the home page; the offers page falls back to "Special Offer" for a missing type. */
export function offerTitle(offer: { type: string | null | undefined; businessName: string | null | undefined }, typeFallback = ""): string {
  const type = offer.type?.trim() || typeFallback;
  return `${type} at ${businessName(offer.businessName)}`.trim();
}

/**
 * The name a slug stands for among `names`: an exact match of the spec's capitalised words first,
 * then any name whose own slug is the same (so "Arts & Crafts" and "BBQ" are found from their slugs).
 * The slug is compared in its own slugged form, so an address typed with the name's accents
 * ("cafés-bakeries") finds the name the site's links spell without them ("cafes-bakeries").
 */
export function findBySlug<T extends { name: string }>(items: readonly T[], slug: string): T | undefined {
  const wanted = slug.trim().toLowerCase();
  if (!wanted) return undefined;
  const spelled = unslugify(wanted);
  const slugged = slugify(wanted);
  return items.find((item) => item.name === spelled) ?? (slugged ? items.find((item) => slugify(item.name) === slugged) : undefined);
}
