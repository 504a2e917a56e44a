// Listings that stay current: owners confirm their listing from a reminder's link, administrators see the stale ones,
// and visitors suggest what is wrong with one (decision 0037).
import { z } from "zod";

export const SUGGESTION_KINDS = ["hours", "phone", "website", "address", "closed", "other"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** What the visitor picks, as the form and the Requests tab name it. */
export const SUGGESTION_KIND_LABELS: Record<SuggestionKind, string> = {
  hours: "Opening hours",
  phone: "Phone",
  website: "Website",
  address: "Address",
  closed: "Closed for good",
  other: "Something else",
};

/** The label of the value's field, per kind. */
export const SUGGESTION_VALUE_LABELS: Record<SuggestionKind, string> = {
  hours: "The correct opening hours",
  phone: "The correct phone number",
  website: "The correct website address",
  address: "The correct address",
  closed: "What you know (optional)",
  other: "What is wrong, and what is right",
};

/** The business fields a suggestion of each kind corrects; closed and other name none. */
export const SUGGESTION_FIELDS: Record<SuggestionKind, string | null> = {
  hours: "openingHours",
  phone: "phone",
  website: "website",
  address: "address",
  closed: null,
  other: null,
};

export const SUGGESTION_STATUSES = ["pending", "approved", "dismissed", "accepted"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** "Closed for good" said on this many different days flags the business to administrators. */
export const CLOSED_FLAG_DAYS = 3;
/** A reminder's one-click link is good for this many days. */
export const CONFIRM_LINK_DAYS = 30;
/** "Checked by the owner on <date>" shows for this many days after the owner confirmed or changed the listing. */
export const CHECKED_SHOWN_DAYS = 365;

export const listingMessages = {
  kindRequired: "Choose what is wrong.",
  phoneInvalid: "Enter a phone number such as 905-555-0123.",
  websiteInvalid: "Enter a web address starting with http:// or https://.",
  valueRequired: "Enter the correct value.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
  proofMissing: "Your browser did not finish its check. Please send the suggestion again.",
  tooMany: "Too many suggestions from your network in the last hour. Please try again later.",
  sent: "Thank you. The business and the association will look at your suggestion.",
  linkInvalid: "This link is not valid or has expired (links are good for 30 days). Sign in to My Business to check your listing.",
  notPending: "This suggestion was already decided.",
  nothingSelected: "Choose at least one listing to remind.",
} as const;

const MAX_VALUE = 500;
const PHONE = /^\+?[\d\s().-]{7,30}(\s*(x|ext\.?)\s*\d{1,6})?$/i;

/** A visitor's suggestion: what is wrong and the correct value, checked per kind (messages keyed by field). */
export const SuggestionInputSchema = z
  .object({
    kind: z.enum(SUGGESTION_KINDS, { error: listingMessages.kindRequired }),
    value: z.string().trim().max(MAX_VALUE, { error: listingMessages.tooLong(MAX_VALUE) }).default(""),
  })
  .superRefine((input, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["value"], message });
    const { kind, value } = input;
    if (kind === "closed") return;
    if (value === "") return issue(listingMessages.valueRequired);
    if (kind === "phone" && (!PHONE.test(value) || value.replace(/\D/g, "").length < 7)) issue(listingMessages.phoneInvalid);
    if (kind === "website" && (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value) || !URL.canParse(value))) issue(listingMessages.websiteInvalid);
  });
export type SuggestionInput = z.infer<typeof SuggestionInputSchema>;

export const SuggestionSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  kind: z.enum(SUGGESTION_KINDS),
  value: z.string(),
  /** The listing's value now, for the field the suggestion corrects (null when it names none or the listing has none). */
  live: z.string().nullable(),
  status: z.enum(SUGGESTION_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

/** A business visitors said is closed for good on at least CLOSED_FLAG_DAYS different days. */
export const ClosedFlagSchema = z.object({ businessId: z.string(), businessName: z.string(), days: z.number().int() });
export type ClosedFlag = z.infer<typeof ClosedFlagSchema>;

export const SuggestionListSchema = z.object({ suggestions: z.array(SuggestionSchema), closedFlags: z.array(ClosedFlagSchema) });
export type SuggestionList = z.infer<typeof SuggestionListSchema>;

/** What an owner's accepting answers: the values to prefill into their edit form. */
export const AcceptedSuggestionSchema = z.object({ suggestion: SuggestionSchema, prefill: z.record(z.string(), z.string()) });

export const StaleListingSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  owners: z.number().int(),
  /** When an owner last confirmed or changed it (null: never). */
  checkedAt: z.string().nullable(),
  lastRemindedAt: z.string().nullable(),
  /** Why it is listed: not checked within the interval, or no owner to check it. */
  reason: z.enum(["not-checked", "no-owner"]),
  closedFlag: z.boolean(),
});
export type StaleListing = z.infer<typeof StaleListingSchema>;
export const StaleListingsSchema = z.object({ freshnessDays: z.number().int(), listings: z.array(StaleListingSchema) });
export type StaleListings = z.infer<typeof StaleListingsSchema>;

export const RemindInputSchema = z.object({ businessIds: z.array(z.string().min(1).max(100)).min(1, { error: listingMessages.nothingSelected }).max(500) });
export const RemindResultSchema = z.object({ reminded: z.number().int(), mails: z.number().int(), withoutOwner: z.number().int() });
export type RemindResult = z.infer<typeof RemindResultSchema>;

export const ConfirmInputSchema = z.object({ token: z.string().min(1).max(100) });
export const ConfirmResultSchema = z.object({ businessId: z.string(), businessName: z.string(), checkedAt: z.string() });
export type ConfirmResult = z.infer<typeof ConfirmResultSchema>;

export const STALE_REASON_LABELS: Record<StaleListing["reason"], string> = { "not-checked": "Not checked within the interval", "no-owner": "No owner" };
