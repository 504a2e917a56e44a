// Demo content for a fresh install: a fictional downtown Niagara Falls association, written through the factories.
import type { Database } from "../db/database.ts";
import type { FileService } from "../storage/file.service.ts";
import { SiteSettingsRepository } from "#server/features/site-settings/index.ts";
import { TranslationRepository } from "#server/features/translation/index.ts";
import { SITE_TRANSLATABLE } from "#shared/schemas/site-settings.ts";
import { DEFAULT_MAP_CENTER, MAP_ZOOM, OUTDOOR_LOCATION, type OfferType, type PagePermission } from "#shared/constants.ts";
import { slugify } from "#shared/format.ts";
import { DEMO_ATTRIBUTES, DEMO_PHOTOS, demoOpeningHours, demoSocialLinks } from "./demo-listings.ts";
import { storeAttributes } from "#shared/business-attributes.ts";
import { createBusiness, createCategory, createEvent, createOffer, createPage, createPost, createTag } from "../db/factories.ts";
import { newId } from "../db/ids.ts";
import { renderEventImage, renderHeroPhoto, renderLogo, renderSponsorLogo, seededRandom } from "./demo-images.ts";

export interface SeedCounts {
  businesses: number;
  categories: number;
  tags: number;
  events: number;
  offers: number;
  posts: number;
  pages: number;
}

export const DEMO_ASSOCIATION_NAME = "Downtown Niagara Business Association";
/** The demo association's name and tagline on its French pages. */
export const DEMO_SITE_FRENCH = { associationName: "Association des gens d'affaires du centre-ville de Niagara", tagline: "Trouvez votre niche" };

const CATEGORIES = [
  { name: "Restaurants", color: "#e4572e", description: "Sit-down dining, from family diners to tasting menus." },
  { name: "Cafés & Bakeries", color: "#a47148", description: "Coffee, pastries and fresh bread." },
  { name: "Shops & Boutiques", color: "#9b5de5", description: "Independent retail: clothing, books, gifts and more." },
  { name: "Arts & Culture", color: "#2e86ab", description: "Galleries, studios, theatres and music venues." },
  { name: "Health & Wellness", color: "#2a9d8f", description: "Fitness, yoga, spas and health practitioners." },
  { name: "Services", color: "#6c757d", description: "Professional and personal services." },
  { name: "Bars & Nightlife", color: "#1d3557", description: "Pubs, wine bars and late-night spots." },
  { name: "Community", color: "#f4a261", description: "Non-profits, libraries and places to gather." },
] as const;

const TAGS = [
  "Vegan",
  "Patio",
  "Family Friendly",
  "Live Music",
  "Wheelchair Accessible",
  "Local Art",
  "Late Night",
  "Free Wi-Fi",
  "Pet Friendly",
  "Gluten Free",
  "Student Discount",
  "BBQ",
  "Takeout",
  "Vintage",
  "Outdoor Seating",
] as const;

type CategoryName = (typeof CATEGORIES)[number]["name"];
type TagName = (typeof TAGS)[number];

interface DemoBusiness {
  name: string;
  category: CategoryName;
  tags: TagName[];
  description: string;
  noLogo?: boolean;
  noWebsite?: boolean;
}

const BUSINESSES: DemoBusiness[] = [
  { name: "The Maple & Oak Bistro", category: "Restaurants", tags: ["Patio", "Gluten Free", "Wheelchair Accessible"], description: "Seasonal Ontario cooking with a menu that changes every few weeks, built around what the Niagara farms bring in. Reservations recommended on weekends; the patio opens in May and stays open until the first frost." },
  { name: "Queen Street Diner", category: "Restaurants", tags: ["Family Friendly", "Takeout"], description: "All-day breakfast, milkshakes and booths since 1962." },
  { name: "Little Lisbon Grill", category: "Restaurants", tags: ["BBQ", "Patio", "Takeout"], description: "Charcoal-grilled piri-piri chicken, custard tarts and Portuguese wines." },
  { name: "Saffron House", category: "Restaurants", tags: ["Vegan", "Gluten Free", "Takeout"], description: "North Indian curries and tandoor breads, with a full vegan menu and a weekday lunch buffet that has been a downtown favourite for office workers and students alike for over a decade." },
  { name: "Smokestack BBQ Co.", category: "Restaurants", tags: ["BBQ", "Outdoor Seating", "Family Friendly"], description: "Low-and-slow brisket, ribs and pulled pork, smoked out back every morning." },
  { name: "Noodle Bar Niagara", category: "Restaurants", tags: ["Late Night", "Takeout", "Student Discount"], description: "Hand-pulled noodles and steaming bowls of ramen until 1 a.m." },
  { name: "Falls View Pizzeria", category: "Restaurants", tags: ["Family Friendly", "Takeout", "Gluten Free"], description: "Wood-fired pizza by the slice or the pie; gluten-free crust available." },
  { name: "Café Crème Brûlée", category: "Cafés & Bakeries", tags: ["Free Wi-Fi", "Vegan", "Outdoor Seating"], description: "French pastries, single-origin espresso and a sunny front window made for people-watching on Queen Street. Croissants come out of the oven at 7 a.m. and are usually gone by ten." },
  { name: "Rise & Shine Bakery", category: "Cafés & Bakeries", tags: ["Gluten Free", "Family Friendly"], description: "Sourdough, cinnamon buns and custom cakes baked fresh daily." },
  { name: "Grounded Coffee Roasters", category: "Cafés & Bakeries", tags: ["Free Wi-Fi", "Student Discount", "Pet Friendly"], description: "Small-batch roaster with a tasting bar; bring your laptop and your dog." },
  { name: "Honeycomb Tea Room", category: "Cafés & Bakeries", tags: ["Vegan", "Wheelchair Accessible"], description: "Loose-leaf teas, scones and afternoon tea service on weekends." },
  { name: "Sugar Loaf Donuts", category: "Cafés & Bakeries", tags: ["Takeout", "Family Friendly"], description: "Old-fashioned donuts fried to order." },
  { name: "Threads & Co. Boutique", category: "Shops & Boutiques", tags: ["Local Art", "Wheelchair Accessible"], description: "Women's clothing and accessories from Canadian designers, with a rotating wall of pieces by local makers. Personal styling appointments are free; just call ahead and tell us what the occasion is." },
  { name: "Second Chapter Books", category: "Shops & Boutiques", tags: ["Vintage", "Free Wi-Fi"], description: "Used and rare books, three floors of them, plus a reading nook with a cat." },
  { name: "Rewind Vintage", category: "Shops & Boutiques", tags: ["Vintage", "Student Discount"], description: "Vintage clothing, vinyl records and retro furniture from the 1950s to the 1990s." },
  { name: "Niagara Outfitters", category: "Shops & Boutiques", tags: ["Family Friendly", "Pet Friendly"], description: "Hiking, cycling and paddling gear, plus rentals for a day on the river." },
  { name: "The Green Thumb Garden Shop", category: "Shops & Boutiques", tags: ["Pet Friendly", "Outdoor Seating"], description: "Houseplants, seeds and garden tools; free repotting with every pot." },
  { name: "Émile's Fine Cheese", category: "Shops & Boutiques", tags: ["Gluten Free", "Takeout"], description: "Over 200 cheeses, charcuterie and Niagara preserves, with tastings every Saturday." },
  { name: "Lakeside Toys & Games", category: "Shops & Boutiques", tags: ["Family Friendly", "Wheelchair Accessible"], description: "Board games, puzzles and toys, with a game-demo table open every afternoon." },
  { name: "Riverbend Gallery", category: "Arts & Culture", tags: ["Local Art", "Wheelchair Accessible", "Free Wi-Fi"], description: "Contemporary gallery showing artists from the Niagara region, with a new exhibition every six weeks and an opening reception on the first Friday of each month. Admission is always free." },
  { name: "The Old Post Office Theatre", category: "Arts & Culture", tags: ["Live Music", "Wheelchair Accessible"], description: "A 180-seat theatre in the restored 1911 post office, home to community theatre and touring shows." },
  { name: "Clay Studio Collective", category: "Arts & Culture", tags: ["Local Art", "Family Friendly"], description: "Pottery classes, open studio hours and a shop of members' work." },
  { name: "Kaleidoscope Glassworks", category: "Arts & Culture", tags: ["Local Art"], description: "Glassblowing demonstrations and hand-made glass gifts." },
  { name: "Niagara Jazz Cellar", category: "Arts & Culture", tags: ["Live Music", "Late Night"], description: "Live jazz five nights a week in an intimate brick basement room." },
  { name: "Harmony Yoga Studio", category: "Health & Wellness", tags: ["Wheelchair Accessible", "Student Discount"], description: "Hatha, vinyasa and chair yoga for every level; first class free." },
  { name: "Queen Street Physiotherapy", category: "Health & Wellness", tags: ["Wheelchair Accessible"], description: "Physiotherapy, massage therapy and sports injury clinics, with evening appointments available." },
  { name: "Iron Works Fitness", category: "Health & Wellness", tags: ["Late Night", "Student Discount"], description: "Open 5 a.m. to midnight with free weights, classes and personal trainers." },
  { name: "Serenity Day Spa", category: "Health & Wellness", tags: ["Vegan", "Wheelchair Accessible"], description: "Facials, massages and manicures using plant-based products." },
  { name: "Downtown Print & Copy", category: "Services", tags: ["Free Wi-Fi"], description: "Printing, copying, posters and banners, usually ready the same day." },
  { name: "Falls City Barbers", category: "Services", tags: ["Family Friendly", "Student Discount"], description: "Classic cuts and hot-towel shaves; walk-ins welcome.", noWebsite: true },
  { name: "Bright Spark Electric", category: "Services", tags: ["Family Friendly"], description: "Licensed electricians for homes and storefronts.", noLogo: true },
  { name: "Clarke & Singh Law Office", category: "Services", tags: ["Wheelchair Accessible"], description: "Real estate, wills and small-business law, serving downtown since 1994." },
  { name: "Paws on Queen Pet Grooming", category: "Services", tags: ["Pet Friendly"], description: "Grooming, nail trims and doggy daycare." },
  { name: "The Tipsy Barrel", category: "Bars & Nightlife", tags: ["Live Music", "Late Night", "Patio"], description: "Craft beer taproom with twenty Ontario brews on tap, trivia on Tuesdays, open-mic Thursdays and live bands every weekend. The back patio is heated, so it stays open well into the fall." },
  { name: "Vine & Vintage Wine Bar", category: "Bars & Nightlife", tags: ["Patio", "Gluten Free"], description: "Niagara VQA wines by the glass, cheese boards and small plates." },
  { name: "Midnight Arcade Bar", category: "Bars & Nightlife", tags: ["Late Night", "Student Discount"], description: "Retro arcade cabinets, pinball and cocktails.", noLogo: true },
  { name: "Niagara Falls Public Library – Queen Branch", category: "Community", tags: ["Free Wi-Fi", "Wheelchair Accessible", "Family Friendly"], description: "Books, computers, a maker space and free programs for all ages.", noWebsite: true },
  { name: "Downtown Community Food Hub", category: "Community", tags: ["Vegan", "Wheelchair Accessible"], description: "Food bank, community kitchen and free cooking classes; volunteers always welcome." },
  { name: "Queen Street Youth Centre", category: "Community", tags: ["Family Friendly", "Free Wi-Fi"], description: "After-school programs, homework help and a music room for teens.", noLogo: true },
  { name: "Heritage Walking Tours", category: "Community", tags: ["Family Friendly", "Pet Friendly"], description: "Guided walks through downtown's history, leaving from the old post office steps." },
];

/** By index into BUSINESSES: the cross street, where it meets Queen Street (metres east of the centre) and how far up it (negative: south). */
const SIDE_STREETS: Record<number, { street: string; at: number; metres: number }> = {
  3: { street: "Erie Avenue", at: -320, metres: 120 },
  9: { street: "Erie Avenue", at: -320, metres: -90 },
  16: { street: "Erie Avenue", at: -320, metres: 210 },
  21: { street: "Crysler Avenue", at: 10, metres: 150 },
  25: { street: "Crysler Avenue", at: 10, metres: -140 },
  28: { street: "Crysler Avenue", at: 10, metres: 240 },
  32: { street: "Crysler Avenue", at: 10, metres: -230 },
  35: { street: "Victoria Avenue", at: 330, metres: 110 },
  37: { street: "Victoria Avenue", at: 330, metres: -160 },
  39: { street: "Victoria Avenue", at: 330, metres: 200 },
};

/** How dear the restaurants, cafés and bars are; the other members give no price range. */
const DEMO_PRICE_RANGES: Partial<Record<string, string>> = {
  "The Maple & Oak Bistro": "$$$",
  "Queen Street Diner": "$",
  "Little Lisbon Grill": "$$",
  "Saffron House": "$$",
  "Smokestack BBQ Co.": "$$",
  "Noodle Bar Niagara": "$",
  "Falls View Pizzeria": "$",
  "Café Crème Brûlée": "$$",
  "Rise & Shine Bakery": "$",
  "Grounded Coffee Roasters": "$",
  "Honeycomb Tea Room": "$$",
  "Sugar Loaf Donuts": "$",
  "The Tipsy Barrel": "$$",
  "Vine & Vintage Wine Bar": "$$$",
  "Midnight Arcade Bar": "$$",
};

const EVENTS: Array<{
  name: string;
  days: number;
  hour: number;
  /** How long it lasts, in hours. */
  hours: number;
  business?: string;
  outdoor?: string;
  description: string;
  tickets?: boolean;
  image?: string;
}> = [
  { name: "First Friday Art Walk", days: 3, hour: 18, hours: 3, outdoor: "Queen Street, from Erie Avenue to Victoria Avenue", description: "Galleries and studios stay open late, with street musicians and food trucks along the way. Pick up a map at any participating business.", image: "#2e86ab" },
  { name: "Jazz on the Cellar Stage", days: 5, hour: 20, hours: 2, business: "Niagara Jazz Cellar", description: "The Lena Park Quartet plays standards and originals.", tickets: true },
  { name: "Sourdough Basics Workshop", days: 8, hour: 10, hours: 3, business: "Rise & Shine Bakery", description: "Learn to feed a starter, shape a loaf and bake it at home. All ingredients included; you take home your own starter.", tickets: true },
  { name: "Queen Street Summer Night Market", days: 12, hour: 17, hours: 6, outdoor: "Queen Street closed to traffic between Erie and Crysler", description: "Over sixty vendors, live music on two stages and a kids' zone. Free admission; bring a reusable bag. The street is closed to cars from 3 p.m. until midnight, and the Erie Avenue parking lot is free for the evening.", image: "#e4572e" },
  { name: "Community Garden Cleanup", days: 15, hour: 9, hours: 3, outdoor: "Community garden behind the library", description: "Gloves and coffee provided." },
  { name: "Opening Reception: Water & Stone", days: 19, hour: 19, hours: 2, business: "Riverbend Gallery", description: "Meet the artists of our new exhibition of paintings and sculpture inspired by the Niagara River.", image: "#264653" },
  { name: "Trivia Night", days: 22, hour: 20, hours: 2, business: "The Tipsy Barrel", description: "Teams of up to six. Prizes for the top three teams." },
  { name: "Family Board Game Afternoon", days: 30, hour: 13, hours: 3, business: "Lakeside Toys & Games", description: "Try new games with the whole family; staff will teach the rules.", tickets: true, image: "#9b5de5" },
  { name: "Spring Sidewalk Sale", days: -4, hour: 10, hours: 8, outdoor: "Both sides of Queen Street", description: "Over thirty shops with deals on the sidewalk all day." },
  { name: "Pottery Open Studio", days: -9, hour: 14, hours: 3, business: "Clay Studio Collective", description: "Drop in and try the wheel with help from our members.", image: "#a47148" },
  { name: "Heritage Walk: Downtown in 1911", days: -15, hour: 11, hours: 2, business: "Heritage Walking Tours", description: "A ninety-minute walk through the buildings that survived from the early 1900s, with archive photos at every stop.", tickets: true },
  { name: "Wine & Cheese Pairing Evening", days: -21, hour: 19, hours: 2, business: "Vine & Vintage Wine Bar", description: "Six Niagara wines paired with six cheeses from Émile's Fine Cheese.", tickets: true },
  { name: "Youth Open Mic", days: -28, hour: 18, hours: 2, business: "Queen Street Youth Centre", description: "Music, poetry and comedy from local teens." },
];

const OFFERS: Array<{ business: string; type: OfferType; description: string; price?: string; terms?: string; couponCode?: string; daysLeft?: number }> = [
  { business: "Queen Street Diner", type: "Discount", description: "$10 off any order over $50", price: "$10 Off", terms: "Dine-in only. Not valid on holidays.", couponCode: "DINER10", daysLeft: 60 },
  { business: "Threads & Co. Boutique", type: "Percentage Off", description: "15% off all new arrivals", price: "15%", terms: "Excludes sale items." },
  { business: "Smokestack BBQ Co.", type: "Fixed Price", description: "Lunch platter with two sides", price: "$14.99" },
  { business: "Sugar Loaf Donuts", type: "BOGO", description: "Buy a dozen, get a half-dozen free", terms: "Saturdays and Sundays only." },
  { business: "Falls City Barbers", type: "Service Special", description: "Haircut and hot-towel shave", price: "$35" },
  { business: "Émile's Fine Cheese", type: "Product Special", description: "Niagara cheese board for two", price: "$28", terms: "Order a day ahead." },
  { business: "Grounded Coffee Roasters", type: "Free Item", description: "A free pastry with any bag of beans" },
  { business: "Harmony Yoga Studio", type: "Percentage Off", description: "20% off a ten-class pass for students", price: "20%", terms: "Valid student ID required." },
  { business: "Second Chapter Books", type: "Discount", description: "$5 off when you spend $25 or more", price: "$5 Off" },
  { business: "The Tipsy Barrel", type: "Other", description: "Happy hour: half-price appetizers 4–6 p.m. on weekdays", terms: "Must be 19 or older." },
];

const POSTS: Array<{ title: string; daysAgo: number; author: string; content: string; link?: string; image?: string }> = [
  {
    title: "Welcome to the new association website",
    daysAgo: 2,
    author: "Jordan Reyes",
    content:
      "Our new website is live! Browse the map to find every member business downtown, check the events calendar for what's on this week, and keep an eye on the offers page for deals from your favourite shops. Business owners can sign in to update their own listings, events and offers. Tell us what you think.",
    image: "#2a9d8f",
  },
  {
    title: "Summer Night Market vendor applications open",
    daysAgo: 9,
    author: "Priya Natarajan",
    content:
      "Applications for vendor spaces at this summer's Queen Street Night Market are now open. Member businesses get first pick of locations until the end of the month, after which spaces open to everyone. Spaces are 10 by 10 feet and include access to power.",
    link: "https://nightmarket.example/apply",
    image: "#e4572e",
  },
  {
    title: "Road work on Erie Avenue",
    daysAgo: 16,
    author: "Jordan Reyes",
    content: "Erie Avenue between Queen Street and Park Street will be down to one lane for two weeks while the city replaces a water main.",
  },
  {
    title: "Meet our new board members",
    daysAgo: 23,
    author: "Sam Okafor",
    content:
      "At the annual general meeting, members elected three new directors to the board: the owners of Café Crème Brûlée, Riverbend Gallery and Iron Works Fitness. Thank you to everyone who came out and to our outgoing directors for their years of service to downtown.",
    link: "https://downtownniagara.example/board",
  },
  {
    title: "Holiday window decorating contest results",
    daysAgo: 34,
    author: "Priya Natarajan",
    content: "Congratulations to Lakeside Toys & Games, this year's winner, and thanks to everyone who voted.",
    image: "#9b5de5",
  },
];

const PAGES: Array<{ name: string; permission: PagePermission; content: string }> = [
  {
    name: "About the Association",
    permission: "public",
    content:
      "<h2>Who we are</h2><p>The Downtown Niagara Business Association represents the shops, restaurants, studios and services of downtown Niagara Falls. We promote the district, run events on Queen Street and speak for our members at City Hall.</p><h2>Get involved</h2><p>Membership is open to every business within the downtown boundary. <a href=\"mailto:info@downtownniagara.example\">Email us</a> to join.</p>",
  },
  {
    name: "Member Resources",
    permission: "user",
    content:
      "<h2>Resources for members</h2><ul><li>Façade improvement grants: apply by the end of each quarter.</li><li>Shared marketing calendar.</li><li>Event permit checklist.</li></ul><p>Questions? Write to <a href=\"mailto:info@downtownniagara.example\">info@downtownniagara.example</a>.</p>",
  },
  {
    name: "Board Notes",
    permission: "admin",
    content: "<h2>Board notes</h2><p>Minutes of board meetings are kept here for directors. Next meeting: first Tuesday of the month, 6 p.m.</p>",
  },
];

const SPONSORS = ["Niagara Credit Union", "Riverbend Realty", "Falls Hardware Co.", "Horseshoe Insurance"] as const;

const HERO_ALTS = [
  "Queen Street storefronts at dawn",
  "Morning sun over downtown shops",
  "Midday on a tree-lined Queen Street",
  "Golden hour along the downtown main street",
  "String lights over Queen Street at dusk",
  "Downtown Niagara Falls at night",
] as const;

/** Metres east/north of the map centre to latitude/longitude. */
function offset(east: number, north: number): { lat: number; lng: number } {
  const lat = DEFAULT_MAP_CENTER.lat + north / 111_320;
  const lng = DEFAULT_MAP_CENTER.lng + east / (111_320 * Math.cos((DEFAULT_MAP_CENTER.lat * Math.PI) / 180));
  return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) };
}

// Queen Street runs a little south of east; side streets cross it at right angles.
const STREET_ANGLE = (-12 * Math.PI) / 180;
const ALONG = { east: Math.cos(STREET_ANGLE), north: Math.sin(STREET_ANGLE) };
const ACROSS = { east: -Math.sin(STREET_ANGLE), north: Math.cos(STREET_ANGLE) };

function place(along: number, across: number) {
  return offset(along * ALONG.east + across * ACROSS.east, along * ALONG.north + across * ACROSS.north);
}

/** Niagara Falls is UTC-4 in summer and UTC-5 in winter; an hour off in winter is fine for demo content. */
const LOCAL_TO_UTC = 4;

/** `days` from `now` (negative: ago), at `hour` o'clock downtown. */
function at(now: Date, days: number, hour: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour + LOCAL_TO_UTC)).toISOString();
}

export async function seedDemoContent({
  database,
  files,
  now = new Date(),
}: {
  database: Database;
  files: FileService;
  now?: Date;
}): Promise<SeedCounts> {
  const db = database.db;
  const stamp = now.getTime();
  const iso = now.toISOString();
  const rand = seededRandom(20240601);

  const categoryColor = new Map<string, string>(CATEGORIES.map((c) => [c.name, c.color]));

  // Every image is asked for at once; they are drawn one after another (see demo-images.ts) and stored as each is done.
  const save = async (fullPath: string, image: Promise<Buffer>) =>
    files.save({ fullPath, body: await image, contentType: "image/webp" });

  const logoFiles = Promise.all(
    BUSINESSES.map((b) =>
      b.noLogo
        ? null
        : save(`markers_logos/${slugify(b.name)}_${stamp}.webp`, renderLogo(b.name, categoryColor.get(b.category) ?? "#808080")),
    ),
  );
  const heroFiles = Promise.all(HERO_ALTS.map((_, i) => save(`site_settings/hero_${i + 1}_${stamp}.webp`, renderHeroPhoto(i))));
  const sponsorFiles = Promise.all(
    SPONSORS.map((name) => save(`site_settings/sponsor_${slugify(name)}_${stamp}.webp`, renderSponsorLogo(name))),
  );
  const eventFiles = Promise.all(
    EVENTS.map((e) => (e.image ? save(`event_images/${slugify(e.name)}_${stamp}.webp`, renderEventImage(e.name, e.image)) : null)),
  );
  const photoFiles = Promise.all(
    Object.entries(DEMO_PHOTOS).map(async ([business, photos]) => ({
      business,
      photos: await Promise.all(
        photos.map(async (p, i) => ({ ...(await save(`markers_photos/${slugify(business)}_${i + 1}_${stamp}.webp`, renderEventImage(p.title, p.color))), alt: p.alt })),
      ),
    })),
  );
  const postIds = POSTS.map(() => newId());
  const postFiles = Promise.all(
    POSTS.map((p, i) =>
      p.image
        ? save(`posts_images/${postIds[i]}/post_${stamp}_${slugify(p.title)}.webp`, renderEventImage(p.title, p.image))
        : null,
    ),
  );

  const [logos, heroes, sponsors, eventImages, postImages] = await Promise.all([
    logoFiles,
    heroFiles,
    sponsorFiles,
    eventFiles,
    postFiles,
  ]);

  await new SiteSettingsRepository(db).save({
    associationName: DEMO_ASSOCIATION_NAME,
    tagline: "Find Your Niche",
    mailingAddress: "4500 Queen Street, Niagara Falls, ON L2E 2L7",
    generalEmail: "info@downtownniagara.example",
    volunteerEmail: "volunteer@downtownniagara.example",
    sponsorLogos: SPONSORS.map((name, i) => ({ name, imageUrl: sponsors[i]!.url, url: `https://${slugify(name)}.example` })),
    heroPhotos: heroes.map((file, i) => ({ url: file.url, alt: HERO_ALTS[i]! })),
    mapCenter: { lat: DEFAULT_MAP_CENTER.lat, lng: DEFAULT_MAP_CENTER.lng },
    mapZoom: MAP_ZOOM.default,
    timeZone: "America/Toronto",
    holidayRegion: "CA-ON",
    currency: "CAD",
    digestWeekday: "monday",
    digestAt: "08:00",
    freshnessDays: 90,
    registrationReminderAt: "18:00",
    registrationRetentionDays: 365,
    languages: ["en", "fr"],
    defaultLanguage: "en",
  });
  // The association's name and tagline in French, as the French pages show them.
  await new TranslationRepository(db).replace("site", "site", { fr: DEMO_SITE_FRENCH }, SITE_TRANSLATABLE);

  // One transaction for the rows: far fewer fsyncs on SQLite, and all or nothing.
  return db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, string>();
    for (const c of CATEGORIES) {
      const row = await createCategory(trx, { ...c, createdAt: iso });
      categoryIds.set(c.name, row.id);
    }
    const tagIds = new Map<string, string>();
    for (const name of TAGS) {
      const row = await createTag(trx, { name, createdAt: iso });
      tagIds.set(name, row.id);
    }

    const businessIds = new Map<string, string>();
    for (const [i, b] of BUSINESSES.entries()) {
      const side = SIDE_STREETS[i];
      // Queen Street from about 520 m west of the centre to 520 m east, alternating sides of the road.
      const along = side ? side.at : -520 + (i * 1040) / (BUSINESSES.length - 1);
      const across = side ? side.metres : (i % 2 === 0 ? 14 : -14) + (rand() - 0.5) * 6;
      const position = place(along + (rand() - 0.5) * 16, across);
      const slug = slugify(b.name);
      const logo = logos[i];
      const number = side ? 4400 + Math.round(side.metres / 10) * 2 + (i % 2) : 4302 + i * 10 + (i % 2);
      const row = await createBusiness(trx, {
        name: b.name,
        categoryId: categoryIds.get(b.category) ?? null,
        description: b.description,
        address: `${number} ${side ? side.street : "Queen Street"}, Niagara Falls, ON`,
        // The same address in parts, for search engines; the postal codes of downtown Niagara Falls begin L2E.
        streetAddress: `${number} ${side ? side.street : "Queen Street"}`,
        addressLocality: "Niagara Falls",
        addressRegion: "ON",
        postalCode: `L2E ${1 + (i % 9)}${"ABCEGHJKLMNPRSTVXY"[i % 18]}${(number % 10)}`,
        addressCountry: "CA",
        priceRange: DEMO_PRICE_RANGES[b.name] ?? null,
        website: b.noWebsite ? null : `https://${slug}.example`,
        phone: `(905) 555-01${String(i).padStart(2, "0")}`,
        // Some members publish an address for enquiries.
        email: i % 3 === 0 ? `hello@${slug}.example` : null,
        lat: position.lat,
        lng: position.lng,
        logoUrl: logo?.url ?? null,
        logoStoragePath: logo?.fullPath ?? null,
        openingHours: demoOpeningHours(b.name, now),
        socialLinks: demoSocialLinks(i, slug),
        attributes: storeAttributes(DEMO_ATTRIBUTES[b.name] ?? []),
        createdAt: iso,
        lastUpdatedAt: iso,
        tagIds: b.tags.map((t) => tagIds.get(t)!),
      });
      businessIds.set(b.name, row.id);
    }
    for (const { business, photos } of await photoFiles) {
      const id = businessIds.get(business)!;
      await trx
        .insertInto("business_photo")
        .values(photos.map((p, position) => ({ businessId: id, position, storagePath: p.fullPath, url: p.url, alt: p.alt })))
        .execute();
    }
    const businessId = (name: string) => {
      const id = businessIds.get(name);
      if (!id) throw new Error(`Demo content refers to an unknown business: ${name}`);
      return id;
    };

    for (const [i, e] of EVENTS.entries()) {
      const image = eventImages[i];
      await createEvent(trx, {
        name: e.name,
        description: e.description,
        location: e.business ? businessId(e.business) : OUTDOOR_LOCATION,
        outdoorLocationDescription: e.outdoor ?? null,
        ticketsLink: e.tickets ? `https://tickets.example/${slugify(e.name)}` : null,
        eventDate: at(now, e.days, e.hour),
        endDate: at(now, e.days, e.hour + e.hours),
        imageUrl: image?.url ?? null,
        imageStoragePath: image?.fullPath ?? null,
        createdAt: iso,
        lastUpdatedAt: iso,
      });
    }

    for (const [i, o] of OFFERS.entries()) {
      // A minute apart, newest first as listed: lists of offers (newest first) show them in this order, not in the
      // order of their random ids.
      const created = new Date(now.getTime() - i * 60_000).toISOString();
      await createOffer(trx, {
        businessId: businessId(o.business),
        businessName: o.business,
        description: o.description,
        type: o.type,
        price: o.price ?? null,
        terms: o.terms ?? null,
        couponCode: o.couponCode ?? null,
        // The last day, in UTC days from now: days ahead, so the demo offer shows until then.
        validUntil: o.daysLeft === undefined ? null : new Date(now.getTime() + o.daysLeft * 86_400_000).toISOString().slice(0, 10),
        createdAt: created,
        lastUpdatedAt: created,
      });
    }

    for (const [i, p] of POSTS.entries()) {
      const image = postImages[i];
      const datetime = at(now, -p.daysAgo, 10);
      await createPost(trx, {
        id: postIds[i],
        title: p.title,
        authorDisplayName: p.author,
        content: p.content,
        datetime,
        link: p.link ?? null,
        imageUrl: image?.url ?? null,
        imagePath: image?.fullPath ?? null,
        createdAt: datetime,
        lastUpdatedAt: datetime,
      });
    }

    for (const p of PAGES) {
      await createPage(trx, { ...p, slug: slugify(p.name), contentFormat: "html", createdAt: iso, lastUpdatedAt: iso });
    }

    return {
      businesses: BUSINESSES.length,
      categories: CATEGORIES.length,
      tags: TAGS.length,
      events: EVENTS.length,
      offers: OFFERS.length,
      posts: POSTS.length,
      pages: PAGES.length,
    };
  });
}
