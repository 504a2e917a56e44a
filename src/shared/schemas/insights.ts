// What a visitor's page sends to count (the hits) and what an owner reads back (the insights of a business).
import { z } from "zod";
import { SOCIAL_KINDS } from "../social-links.ts";

/** Counted per business: its page's views, its appearances in lists, and clicks on its contact links. */
export const BUSINESS_HIT_KINDS = ["view", "search", "list", "website", "phone", "email", "directions", ...SOCIAL_KINDS.map((k) => `social-${k}` as const)] as const;
/** Counted per offer or event: views of its page. */
export const ITEM_HIT_KINDS = ["offer-view", "event-view"] as const;
export const HIT_KINDS = [...BUSINESS_HIT_KINDS, ...ITEM_HIT_KINDS] as const;
export type HitKind = (typeof HIT_KINDS)[number];
/** Views of a page: a visitor's repeats within 30 minutes count once. */
export const VIEW_KINDS: readonly HitKind[] = ["view", "offer-view", "event-view"];

export const HIT_KIND_LABELS: Record<HitKind, string> = {
  view: "Page views",
  search: "Shown in search results",
  list: "Shown in the map's list",
  website: "Website clicks",
  phone: "Phone clicks",
  email: "E-mail clicks",
  directions: "Directions clicks",
  "social-facebook": "Facebook clicks",
  "social-instagram": "Instagram clicks",
  "social-x": "X clicks",
  "social-linkedin": "LinkedIn clicks",
  "social-tiktok": "TikTok clicks",
  "social-youtube": "YouTube clicks",
  "social-other": "Other link clicks",
  "offer-view": "Offer views",
  "event-view": "Event views",
};

export const insightMessages = {
  badDate: "Enter a date as YYYY-MM-DD.",
  badRange: "The start must be on or before the end, at most 400 days apart.",
  badHits: "Send up to 50 events, each with a known kind and id.",
  badDays: "Enter a whole number of days from 1 to 400.",
} as const;

const id = z.string().min(1).max(64).regex(/^[\w-]+$/);
export const HitSchema = z.strictObject({
  kind: z.enum(HIT_KINDS),
  /** The business, offer or event; for "search" and "list", each business shown. */
  id: z.union([id, z.array(id).min(1).max(100)]),
  /** The words searched for, for "search". */
  query: z.string().max(200).optional(),
});
/** Words searched for (in the header, on /search or on the map) that found nothing: counted for the association. */
export const MissedSearchSchema = z.strictObject({ kind: z.literal("no-results"), query: z.string().min(1).max(200) });
export const HitsSchema = z.strictObject({ events: z.array(z.union([HitSchema, MissedSearchSchema])).min(1).max(50) });
export type Hit = z.infer<typeof HitSchema>;
export type MissedSearch = z.infer<typeof MissedSearchSchema>;
/** What a page sends: hits of businesses, offers and events, and searches that found nothing. */
export type PageEvent = Hit | MissedSearch;
export type Hits = z.infer<typeof HitsSchema>;

const day = z.iso.date({ error: insightMessages.badDate });
/** The periods the owners' tab offers, in days. */
export const INSIGHT_PERIODS = [30, 90, 365] as const;
export const InsightsQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  days: z.coerce.number({ error: insightMessages.badDays }).int({ error: insightMessages.badDays }).min(1, { error: insightMessages.badDays }).max(400, { error: insightMessages.badDays }).optional(),
});

const Figure = z.object({ kind: z.enum(HIT_KINDS), total: z.number().int(), previous: z.number().int() });
export const InsightsSchema = z.object({
  businessId: z.string(),
  from: z.string(),
  to: z.string(),
  /** The period of the same length just before. */
  previousFrom: z.string(),
  previousTo: z.string(),
  days: z.array(z.string()),
  /** Per kind, one count per day of `days`. */
  series: z.record(z.string(), z.array(z.number().int())),
  totals: z.array(Figure),
  searchWords: z.array(z.object({ query: z.string(), count: z.number().int() })),
  items: z.array(
    z.object({
      id: z.string(),
      type: z.enum(["offer", "event"]),
      /** An event's name; an offer's type and description as the English pages write them ("Discount: 10% off"). */
      title: z.string(),
      /** An offer's type and description, for pages that write its title in their own language. */
      offerType: z.string().optional(),
      description: z.string().optional(),
      views: z.number().int(),
      previous: z.number().int(),
    }),
  ),
});
export type Insights = z.infer<typeof InsightsSchema>;

/** The association's tables of what was looked at most, and of what was searched for and not found. */
export const OVERVIEW_TABLES = {
  businesses: { title: "Businesses looked at most", name: "Business", count: "Page views" },
  categories: { title: "Categories looked at most", name: "Category", count: "Page views of its businesses" },
  tags: { title: "Tags looked at most", name: "Tag", count: "Page views of its businesses" },
  events: { title: "Events looked at most", name: "Event", count: "Page views" },
  offers: { title: "Offers looked at most", name: "Offer", count: "Page views" },
  "missed-searches": { title: "Searched for and not found", name: "Searched for", count: "Searches" },
} as const;
export type OverviewTable = keyof typeof OVERVIEW_TABLES;
export const OVERVIEW_TABLE_NAMES = Object.keys(OVERVIEW_TABLES) as OverviewTable[];
const Ranked = z.array(z.object({ name: z.string(), count: z.number().int() }));
export const InsightOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  /** Per day of `days`: views of business, offer and event pages. */
  visits: z.array(z.number().int()),
  tables: z.object(Object.fromEntries(OVERVIEW_TABLE_NAMES.map((t) => [t, Ranked])) as Record<OverviewTable, typeof Ranked>),
});
export type InsightOverview = z.infer<typeof InsightOverviewSchema>;

/** "+12%", "−5%", "no change", or "new" when the period before had none. */
export function changeText(total: number, previous: number): string {
  if (previous === 0) return total === 0 ? "no change" : "new";
  const percent = Math.round(((total - previous) / previous) * 100);
  if (percent === 0) return "no change";
  return `${percent > 0 ? "+" : "−"}${Math.abs(percent)}%`;
}
