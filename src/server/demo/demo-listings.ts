// The demo businesses' opening hours: realistic weeks in OpenStreetMap text (some past midnight, some closed
// on Sundays, some closed on public holidays), a few dated exceptions around the seed date, and a few
// businesses whose hours are not given. After a rule that runs past midnight the next rule is an additional
// one (","), since a plain ";" rule for the next day would cut that night short. Also their social links, galleries
// and accessibility and amenities.
import type { HoursException, OpeningHours } from "#shared/schemas/opening-hours.ts";
import { fromOsm } from "../lib/hours/osm-hours.ts";
import { storeHours } from "../lib/hours/stored-hours.ts";

const WEEKS: Record<string, string> = {
  "The Maple & Oak Bistro": "Tu-Th 17:00-22:00; Fr,Sa 17:00-23:00; Su 10:00-14:00,17:00-21:00",
  "Queen Street Diner": "Mo-Su 07:00-15:00",
  "Little Lisbon Grill": "Mo-Sa 11:00-21:00; PH off",
  "Saffron House": "Mo-Fr 11:30-14:30,17:00-22:00; Sa,Su 12:00-22:00",
  "Smokestack BBQ Co.": "We-Su 11:00-20:00",
  "Noodle Bar Niagara": "Mo-Th 11:30-01:00, Fr,Sa 11:30-02:00, Su 12:00-23:00",
  "Falls View Pizzeria": "Mo-Th 11:00-22:00; Fr,Sa 11:00-00:00; Su 12:00-21:00",
  "Café Crème Brûlée": "Mo-Fr 07:00-18:00; Sa 08:00-18:00; Su 08:00-16:00",
  "Rise & Shine Bakery": "Tu-Sa 07:00-17:00; PH off",
  "Grounded Coffee Roasters": "Mo-Fr 06:30-19:00; Sa,Su 08:00-17:00",
  "Honeycomb Tea Room": "We-Su 10:00-17:00",
  "Sugar Loaf Donuts": "Mo-Su 06:00-14:00",
  "Threads & Co. Boutique": "Mo-Sa 10:00-18:00; PH off",
  "Second Chapter Books": "Mo-Sa 10:00-18:00; Su 12:00-17:00; PH off",
  "Rewind Vintage": "Th-Su 11:00-18:00",
  "Niagara Outfitters": "Mo-Sa 09:00-18:00; Su 10:00-16:00",
  "The Green Thumb Garden Shop": "Mo-Sa 09:00-17:00; PH off",
  "Émile's Fine Cheese": "Tu-Sa 10:00-18:00; PH off",
  "Lakeside Toys & Games": "Mo-Sa 10:00-18:00; Su 12:00-17:00",
  "Riverbend Gallery": "We-Su 11:00-17:00; PH off",
  "The Old Post Office Theatre": "Tu-Sa 12:00-20:00",
  "Clay Studio Collective": "Tu-Fr 12:00-21:00; Sa,Su 10:00-17:00",
  "Niagara Jazz Cellar": "We-Sa 19:00-01:00, Su 18:00-23:00",
  "Harmony Yoga Studio": "Mo-Fr 07:00-09:00,17:00-21:00; Sa,Su 09:00-12:00",
  "Queen Street Physiotherapy": "Mo-Th 08:00-20:00; Fr 08:00-16:00; PH off",
  "Iron Works Fitness": "Mo-Su 05:00-24:00",
  "Serenity Day Spa": "Tu-Sa 10:00-19:00; PH off",
  "Downtown Print & Copy": "Mo-Fr 08:30-17:30; Sa 10:00-14:00; PH off",
  "Falls City Barbers": "Tu-Fr 09:00-18:00; Sa 08:00-16:00",
  "Paws on Queen Pet Grooming": "Mo-Fr 08:00-18:00; PH off",
  "The Tipsy Barrel": "Mo-Th 16:00-24:00; Fr,Sa 12:00-02:00, Su 12:00-22:00",
  "Vine & Vintage Wine Bar": "Tu-Th 16:00-23:00; Fr,Sa 14:00-01:00",
  "Midnight Arcade Bar": "We-Su 18:00-02:00",
  "Niagara Falls Public Library – Queen Branch": "Mo-Th 10:00-20:00; Fr,Sa 10:00-17:00; PH off",
  "Downtown Community Food Hub": "Mo,We,Fr 10:00-16:00; Th 16:00-19:00; PH off",
  "Queen Street Youth Centre": "Mo-Fr 15:00-21:00; Sa 12:00-18:00; PH off",
  // Bright Spark Electric, Clarke & Singh Law Office, Kaleidoscope Glassworks and Heritage Walking Tours give no hours.
};

const day = (from: Date, days: number) => new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days)).toISOString().slice(0, 10);

/** Dated exceptions near the seed date, so the demo always has some coming up. */
function exceptionsFor(name: string, now: Date): HoursException[] {
  // This year's Christmas week, or next year's once it has passed.
  const year = now.getUTCMonth() === 11 && now.getUTCDate() > 27 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  switch (name) {
    case "Rise & Shine Bakery":
      return [{ from: `${year}-12-24`, to: `${year}-12-27`, intervals: [], note: "Christmas holidays" }];
    case "Second Chapter Books":
      return [{ from: day(now, 4), to: null, intervals: [], note: "Inventory count" }];
    case "The Maple & Oak Bistro":
      return [{ from: `${year}-12-31`, to: null, intervals: [{ open: "18:00", close: "02:00" }], note: "New Year's Eve dinner" }];
    case "Café Crème Brûlée":
      return [{ from: day(now, 9), to: null, intervals: [{ open: "07:00", close: "12:00" }], note: "Staff training in the afternoon" }];
    default:
      return [];
  }
}

/** Social links of some demo businesses (stored JSON text), or null. */
export function demoSocialLinks(index: number, slug: string): string | null {
  if (index % 4 === 3) return null;
  const handle = slug.replace(/-/g, "");
  const links = [
    { kind: "instagram", url: `https://www.instagram.com/${handle}` },
    { kind: "facebook", url: `https://www.facebook.com/${handle}` },
    ...(index % 3 === 0 ? [{ kind: "tiktok", url: `https://www.tiktok.com/@${handle}` }] : []),
    ...(index % 5 === 0 ? [{ kind: "youtube", url: `https://www.youtube.com/@${handle}` }] : []),
    ...(index % 7 === 0 ? [{ kind: "x", url: `https://x.com/${handle}` }, { kind: "linkedin", url: `https://www.linkedin.com/company/${handle}` }] : []),
  ];
  return JSON.stringify(links);
}

/** The stored opening hours (JSON text) of a demo business, or null when it gives none. */
export function demoOpeningHours(name: string, now: Date): string | null {
  const week = WEEKS[name];
  if (!week) return null;
  const hours: OpeningHours = fromOsm(week);
  return storeHours({ ...hours, exceptions: exceptionsFor(name, now) });
}

/** A few demo galleries: drawn like the event images, each with its text alternative. */
export const DEMO_PHOTOS: Record<string, Array<{ title: string; color: string; alt: string }>> = {
  "The Maple & Oak Bistro": [
    { title: "The dining room", color: "#7c4a2d", alt: "The dining room set for dinner, with candles on oak tables" },
    { title: "On the patio", color: "#3a6b35", alt: "The patio under string lights on a summer evening" },
    { title: "Seasonal plates", color: "#b5651d", alt: "Three plates from the autumn menu" },
  ],
  "Second Chapter Books": [
    { title: "Three floors of books", color: "#5b3a29", alt: "Tall shelves of used books up to the ceiling" },
    { title: "The reading nook", color: "#8d6e63", alt: "An armchair in the reading nook, with the shop cat asleep on it" },
  ],
  "Niagara Jazz Cellar": [
    { title: "Friday night", color: "#1d3557", alt: "A quartet on the small stage in the brick cellar" },
    { title: "The bar", color: "#6d2e46", alt: "The bar with bottles lit from below" },
  ],
};

/**
 * The demo businesses' accessibility and amenities (slugs of src/shared/business-attributes.ts): about half
 * step-free, fewer with accessible washrooms, hearing loops where people sit and listen; the rest give none.
 */
export const DEMO_ATTRIBUTES: Record<string, string[]> = {
  "The Maple & Oak Bistro": ["step-free-entrance", "wheelchair-accessible-washroom", "gender-neutral-washroom", "patio", "family-friendly-washroom"],
  "Queen Street Diner": ["step-free-entrance", "accessible-parking-nearby", "free-wifi", "family-friendly-washroom"],
  "Little Lisbon Grill": ["patio", "pets-welcome"],
  "Saffron House": ["step-free-entrance", "wheelchair-accessible-washroom", "free-wifi"],
  "Smokestack BBQ Co.": ["step-free-entrance", "accessible-parking-nearby", "patio", "pets-welcome", "family-friendly-washroom"],
  "Falls View Pizzeria": ["step-free-entrance", "free-wifi", "family-friendly-washroom"],
  "Café Crème Brûlée": ["free-wifi", "patio", "pets-welcome"],
  "Rise & Shine Bakery": ["step-free-entrance"],
  "Grounded Coffee Roasters": ["step-free-entrance", "wheelchair-accessible-washroom", "gender-neutral-washroom", "free-wifi", "pets-welcome"],
  "Honeycomb Tea Room": ["gender-neutral-washroom", "patio"],
  "Second Chapter Books": ["free-wifi", "pets-welcome"],
  "Niagara Outfitters": ["step-free-entrance", "accessible-parking-nearby", "pets-welcome"],
  "The Green Thumb Garden Shop": ["step-free-entrance", "accessible-parking-nearby", "pets-welcome"],
  "Lakeside Toys & Games": ["step-free-entrance", "family-friendly-washroom"],
  "Riverbend Gallery": ["step-free-entrance", "wheelchair-accessible-washroom", "hearing-loop"],
  "The Old Post Office Theatre": ["step-free-entrance", "wheelchair-accessible-washroom", "accessible-parking-nearby", "hearing-loop", "gender-neutral-washroom"],
  "Niagara Jazz Cellar": ["hearing-loop", "gender-neutral-washroom"],
  "Queen Street Physiotherapy": ["step-free-entrance", "wheelchair-accessible-washroom", "accessible-parking-nearby", "free-wifi"],
  "Iron Works Fitness": ["step-free-entrance", "gender-neutral-washroom", "free-wifi"],
  "Paws on Queen Pet Grooming": ["step-free-entrance", "pets-welcome"],
  "The Tipsy Barrel": ["patio", "pets-welcome", "free-wifi"],
  "Vine & Vintage Wine Bar": ["patio", "gender-neutral-washroom"],
  "Niagara Falls Public Library – Queen Branch": ["step-free-entrance", "wheelchair-accessible-washroom", "accessible-parking-nearby", "hearing-loop", "gender-neutral-washroom", "free-wifi", "family-friendly-washroom"],
  "Downtown Community Food Hub": ["step-free-entrance", "wheelchair-accessible-washroom", "family-friendly-washroom"],
  "Queen Street Youth Centre": ["step-free-entrance", "gender-neutral-washroom", "free-wifi"],
};
