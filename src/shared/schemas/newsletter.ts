// Newsletters to subscribers, as the administrators' tab and the API see them, and what their forms send.
import { z } from "zod";
import { optionalTimestamp } from "./content-input.ts";
import { singleLine } from "../text.ts";

export const newsletterMessages = {
  required: "Subject is required.",
  subjectRequired: "Subject is required.",
  bodyTooLong: "The newsletter is too long: at most 100,000 characters.",
  cardsInvalid: "Choose at most 30 cards, each an event, an offer or a business.",
  cardMissing: "A card's event, offer or business no longer exists: remove it.",
  topicsInvalid: "Choose topics from the list.",
  sendAtInvalid: "Send at must be a date and time.",
  sendAtPast: "Send at must be in the future.",
  notFound: "Newsletter not found.",
  alreadySent: "This newsletter has already been sent.",
  noMailer: "The site has no mail server configured, so nothing can be sent.",
  introductionTooLong: "The introduction is too long: at most 20,000 characters.",
  imageAltMissing: "Describe each image in the text, or mark it decorative.",
  imageMissing: "An image in the text is no longer on the site: remove it and insert it again.",
} as const;

export const NEWSLETTER_CARD_KINDS = ["event", "offer", "business"] as const;
export type NewsletterCardKind = (typeof NEWSLETTER_CARD_KINDS)[number];

export const NewsletterCardRefSchema = z.object({ kind: z.enum(NEWSLETTER_CARD_KINDS), id: z.string().trim().min(1).max(100) });
export type NewsletterCardRef = z.infer<typeof NewsletterCardRefSchema>;

/** Sent as JSON text by the form, as an array by API clients. */
const jsonArray = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== "string") return value;
    if (value.trim() === "") return [];
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);

export const NewsletterInputSchema = z.object({
  subject: z.string({ error: newsletterMessages.subjectRequired }).overwrite(singleLine).trim().min(1, { error: newsletterMessages.subjectRequired }).max(200),
  body: z.string().max(100_000, { error: newsletterMessages.bodyTooLong }).default(""),
  cards: jsonArray(z.array(NewsletterCardRefSchema, { error: newsletterMessages.cardsInvalid }).max(30, { error: newsletterMessages.cardsInvalid })).default([]),
  /** Empty: every subscriber. */
  topics: jsonArray(z.array(z.string().trim().min(1).max(100), { error: newsletterMessages.topicsInvalid }).max(100, { error: newsletterMessages.topicsInvalid })).default([]),
});
export type NewsletterInput = z.input<typeof NewsletterInputSchema>;

/** `sendAt` left out: now. An instant with its zone (the form turns the site's local time into one). */
export const NewsletterSendSchema = z.object({ sendAt: optionalTimestamp(newsletterMessages.sendAtInvalid) });

export const NEWSLETTER_STATUSES = ["draft", "scheduled", "sending", "sent", "skipped"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const NewsletterCountsSchema = z.object({
  /** Waiting to go, or being retried after a temporary refusal. */
  queued: z.number().int(),
  sent: z.number().int(),
  /** Refused for good by the subscriber's mail server. */
  failed: z.number().int(),
  /** Not sent: nothing new for the subscriber (a digest), or no longer subscribed when its turn came. */
  notSent: z.number().int(),
});
export type NewsletterCounts = z.infer<typeof NewsletterCountsSchema>;

export const NewsletterSchema = z.object({
  id: z.string(),
  kind: z.enum(["newsletter", "digest"]),
  subject: z.string(),
  body: z.string(),
  cards: z.array(NewsletterCardRefSchema),
  topics: z.array(z.string()),
  status: z.enum(NEWSLETTER_STATUSES),
  sendAt: z.string().nullable(),
  period: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  counts: NewsletterCountsSchema,
});
export type Newsletter = z.infer<typeof NewsletterSchema>;

export const NewsletterPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type NewsletterPreview = z.infer<typeof NewsletterPreviewSchema>;

/** The next weekly digest, as the administrators plan it. */
export const DigestPlanSchema = z.object({
  /** The moment it goes (ISO instant). */
  period: z.string(),
  introduction: z.string(),
  skipped: z.boolean(),
});
export type DigestPlan = z.infer<typeof DigestPlanSchema>;

export const DigestPlanInputSchema = z.object({
  introduction: z.string().max(20_000, { error: newsletterMessages.introductionTooLong }).default(""),
  skipped: z.union([z.boolean(), z.stringbool()]).default(false),
});
export type DigestPlanInput = z.input<typeof DigestPlanInputSchema>;
