import type { Business } from "#shared/schemas/business.ts";
import { businessFieldViews } from "#shared/business-fields.ts";
import { addressPartsOf } from "#shared/postal-address.ts";
import { postalAddressJsonLd } from "../seo/index.ts";
import { WEEKDAY_NAMES, WEEKDAYS, type ComingException, type Interval, type OpeningHoursView, type Weekday } from "#shared/opening-hours.ts";

/** The business's text fields whose definition names the schema.org property they are (description, telephone, ...). */
const PROPERTIES = Object.entries(businessFieldViews).flatMap(([name, def]) => (def.jsonLd ? [[name as keyof Business, def.jsonLd, def.widget === "checkboxes" ? (def.options ?? []) : null] as const] : []));

/** schema.org's times: "24:00" is the day's last minute; closed all day is opens = closes = 00:00. */
const times = (intervals: readonly Interval[]) =>
  intervals.length === 0 ? [{ opens: "00:00", closes: "00:00" }] : intervals.map((i) => ({ opens: i.open, closes: i.close === "24:00" ? "23:59" : i.close }));

/** One OpeningHoursSpecification per distinct set of hours, naming every weekday that has them. */
function weekSpecification(hours: OpeningHoursView) {
  const byHours = new Map<string, { days: Weekday[]; intervals: Interval[] }>();
  for (const day of WEEKDAYS) {
    const intervals = hours.week[day];
    if (intervals === null) continue;
    const key = JSON.stringify(intervals);
    const entry = byHours.get(key) ?? { days: [], intervals };
    entry.days.push(day);
    byHours.set(key, entry);
  }
  return [...byHours.values()].flatMap(({ days, intervals }) =>
    times(intervals).map((t) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: days.map((d) => `https://schema.org/${WEEKDAY_NAMES[d]}`), ...t })),
  );
}

function specialSpecification(coming: readonly ComingException[]) {
  return coming.flatMap((e) => times(e.intervals).map((t) => ({ "@type": "OpeningHoursSpecification", validFrom: e.from, validThrough: e.to, ...t })));
}

/** schema.org LocalBusiness for a business page; `coming` are the exceptions to its hours in the weeks ahead. */
export function businessJsonLd(business: Business, origin: string, coming: readonly ComingException[] = []) {
  const logo = business.logoUrl ? new URL(business.logoUrl, origin).href : null;
  const properties = PROPERTIES.flatMap(([name, property, choices]): Array<readonly [string, unknown]> => {
    const value = business[name];
    // A set of choices is a feature per choice that holds (amenityFeature); one left out is unknown, not absent.
    if (choices && Array.isArray(value)) {
      const held = choices.filter((c) => (value as unknown[]).includes(c.value));
      return held.length > 0 ? [[property, held.map((c) => ({ "@type": "LocationFeatureSpecification", name: c.label, value: true }))]] : [];
    }
    return typeof value === "string" && value ? [[property, value]] : [];
  });
  // The gallery's photos, then the logo; one image stays a plain URL.
  const images = [...business.photos.map((p) => new URL(p.url, origin).href), ...(logo ? [logo] : [])];
  const week = business.openingHours ? weekSpecification(business.openingHours) : [];
  const special = business.openingHours ? specialSpecification(coming) : [];
  const address = postalAddressJsonLd(business.address, addressPartsOf(business));
  return {
    "@type": "LocalBusiness",
    "@id": `${origin}/business/${encodeURIComponent(business.id)}`,
    name: business.name,
    ...Object.fromEntries(properties),
    ...(address ? { address } : {}),
    geo: { "@type": "GeoCoordinates", latitude: business.coordinates.lat, longitude: business.coordinates.lng },
    url: business.website || `${origin}/business/${encodeURIComponent(business.id)}`,
    ...(images.length > 0 ? { image: images.length === 1 ? images[0] : images } : {}),
    ...(logo ? { logo } : {}),
    ...(week.length > 0 ? { openingHoursSpecification: week } : {}),
    ...(special.length > 0 ? { specialOpeningHoursSpecification: special } : {}),
    ...(business.socialLinks.length > 0 ? { sameAs: business.socialLinks.map((l) => l.url) } : {}),
  };
}
