import type { Business } from "../../../shared/schemas/business.ts";

/** schema.org LocalBusiness for a business page. */
export function businessJsonLd(business: Business, origin: string) {
  const logo = business.logoUrl ? new URL(business.logoUrl, origin).href : null;
  return {
    "@type": "LocalBusiness",
    "@id": `${origin}/business/${encodeURIComponent(business.id)}`,
    name: business.name,
    ...(business.description ? { description: business.description } : {}),
    ...(business.address ? { address: { "@type": "PostalAddress", streetAddress: business.address } } : {}),
    geo: { "@type": "GeoCoordinates", latitude: business.coordinates.lat, longitude: business.coordinates.lng },
    ...(business.phone ? { telephone: business.phone } : {}),
    url: business.website || `${origin}/business/${encodeURIComponent(business.id)}`,
    ...(logo ? { image: logo, logo } : {}),
  };
}
