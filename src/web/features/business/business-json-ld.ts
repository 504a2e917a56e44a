import { businessFields, type Business } from "../../../shared/schemas/business.ts";

/** The business's text fields whose definition names the schema.org property they are (description, telephone, ...). */
const PROPERTIES = Object.entries(businessFields).flatMap(([name, def]) => (def.jsonLd ? [[name as keyof Business, def.jsonLd] as const] : []));

/** schema.org LocalBusiness for a business page. */
export function businessJsonLd(business: Business, origin: string) {
  const logo = business.logoUrl ? new URL(business.logoUrl, origin).href : null;
  const properties = PROPERTIES.flatMap(([name, property]) => {
    const value = business[name];
    return typeof value === "string" && value ? [[property, value] as const] : [];
  });
  return {
    "@type": "LocalBusiness",
    "@id": `${origin}/business/${encodeURIComponent(business.id)}`,
    name: business.name,
    ...Object.fromEntries(properties),
    ...(business.address ? { address: { "@type": "PostalAddress", streetAddress: business.address } } : {}),
    geo: { "@type": "GeoCoordinates", latitude: business.coordinates.lat, longitude: business.coordinates.lng },
    url: business.website || `${origin}/business/${encodeURIComponent(business.id)}`,
    ...(logo ? { image: logo, logo } : {}),
  };
}
