// The schema.org pieces several pages share: an address in parts, the association as an Organization (with its logo)
// and the breadcrumb trail from the home page to the page. Pure: pages build them from what their loaders read.
import type { AddressParts } from "#shared/postal-address.ts";
import { localizedPath, type Language } from "#shared/i18n/index.ts";

/** The site's mark, as search engines show it beside the association's name (served with the site). */
export const SITE_LOGO_PATH = "/favicon.svg";

/**
 * A PostalAddress from the address's parts where they are given, else the one-line address as its street; null when
 * neither is known.
 */
export function postalAddressJsonLd(oneLine: string | null, parts: Partial<AddressParts> | null = null) {
  const given = Object.fromEntries(Object.entries(parts ?? {}).filter(([, value]) => typeof value === "string" && value.trim() !== ""));
  const streetAddress = (given.streetAddress as string | undefined) ?? oneLine;
  if (!streetAddress && Object.keys(given).length === 0) return null;
  return { "@type": "PostalAddress", ...given, ...(streetAddress ? { streetAddress } : {}) };
}

/** The association as an Organization: its name, home page and logo. */
export function organizationJsonLd(associationName: string, origin: string) {
  return {
    "@type": "Organization",
    "@id": `${origin}/#organization`,
    name: associationName,
    url: `${origin}/`,
    logo: { "@type": "ImageObject", url: `${origin}${SITE_LOGO_PATH}` },
  };
}

export interface Crumb {
  name: string;
  /** The page's path on this site ("/events"). */
  path: string;
}

/**
 * The trail from the home page through the page's section to the page itself, with absolute URLs: in the page's
 * language, whose pages' addresses they are and whose word names the home page.
 */
export function breadcrumbJsonLd(origin: string, trail: readonly Crumb[], { language = "en", home = "Home" }: { language?: Language; home?: string } = {}) {
  const crumbs = [{ name: home, path: "/" }, ...trail];
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: new URL(localizedPath(crumb.path, language), origin).href })),
  };
}

/**
 * A price text as a number when it is a plain amount ("$5", "12.50", "CA$ 1,200", "Free"), else null: "20% off",
 * "2 for 1" or "$4 value" say something a number cannot.
 */
export function plainPrice(text: string | null | undefined): number | null {
  if (!text) return null;
  const value = text.trim();
  if (/^free$/i.test(value)) return 0;
  const match = /^(?:[A-Z]{0,3}\$|€|£)?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?$/.exec(value);
  if (!match) return null;
  return Number(`${match[1]!.replace(/,/g, "")}${match[2] ?? ""}`);
}
