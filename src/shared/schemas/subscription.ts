// Newsletter subscriptions: what a visitor chooses (topics), what a subscriber is, and the words of consent each
// form shows (recorded with the consent, docs/decisions/0033).
import { z } from "zod";
import { LANGUAGES } from "#shared/i18n/languages.ts";

export const SUBSCRIBER_STATES = ["pending", "confirmed", "paused", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** The topics every site has; each category of business is a topic too, `category:<id>`. */
export const FIXED_TOPICS = ["events", "offers", "news"] as const;
export type FixedTopic = (typeof FIXED_TOPICS)[number];
export const FIXED_TOPIC_LABELS: Record<FixedTopic, string> = { events: "Events", offers: "Offers", news: "News" };

export const CATEGORY_TOPIC_PREFIX = "category:";
export type Topic = FixedTopic | `category:${string}`;

export function categoryTopic(categoryId: string): Topic {
  return `${CATEGORY_TOPIC_PREFIX}${categoryId}`;
}
export function categoryIdOf(topic: string): string | null {
  return topic.startsWith(CATEGORY_TOPIC_PREFIX) ? topic.slice(CATEGORY_TOPIC_PREFIX.length) : null;
}

export function isTopic(topic: string): topic is Topic {
  return (FIXED_TOPICS as readonly string[]).includes(topic) || /^category:[A-Za-z0-9_-]{1,64}$/.test(topic);
}
/** Topics, each told once; an unknown one is refused for the whole list (the form's one group of choices). */
export const TopicsSchema = z
  .array(z.string(), { error: "Choose topics from the list." })
  .max(100)
  .refine((topics) => topics.every(isTopic), { error: "Choose topics from the list." })
  .transform((topics) => [...new Set(topics)] as Topic[]);

/** The forms a consent comes from. */
export const CONSENT_SOURCES = ["footer", "subscribe-page", "account", "preferences", "import"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The words shown next to each form's button, recorded as the consent's text. */
export const CONSENT_TEXT = "I agree to receive the association's newsletter by e-mail. I can unsubscribe at any time with the link in every message.";

export const SubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  state: z.enum(SUBSCRIBER_STATES),
  topics: z.array(z.string()),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  failures: z.number().int(),
});
export type Subscriber = z.infer<typeof SubscriberSchema>;

export const ConsentSchema = z.object({
  id: z.string(),
  email: z.string(),
  givenAt: z.string(),
  source: z.string(),
  text: z.string(),
});
export type Consent = z.infer<typeof ConsentSchema>;

/** What the forms and the API say. */
export const subscriptionMessages = {
  invalid: "Check the highlighted fields.",
  emailInvalid: "Enter an e-mail address, like name@example.com.",
  noTopics: "Choose at least one topic.",
  checkInbox: "Thank you. If this address can subscribe, a message is on its way to it: open its link to confirm. Nothing is sent before you do.",
  challengeFailed: "The form could not be checked. Wait a moment and send it again.",
  tooMany: "Too many requests from your connection. Wait a few minutes and try again.",
  confirmInvalid: "This confirmation link is not valid any more. Subscribe again and open the link in the new message.",
  linkInvalid: "This link is not valid any more. Use the link in the latest message you received from us.",
  saved: "Your preferences are saved.",
  left: "You are unsubscribed: you will get no more newsletters.",
  notFound: "No such subscriber.",
  importNotFound: "No such import, or its subscribers were removed already.",
} as const;

const email = z
  .string({ error: subscriptionMessages.emailInvalid })
  .trim()
  .max(254, { error: subscriptionMessages.emailInvalid })
  .pipe(z.email({ error: subscriptionMessages.emailInvalid }));
const chosenTopics = TopicsSchema.refine((topics) => topics.length > 0, { error: subscriptionMessages.noTopics });

/** POST /api/v1/subscriptions: the visitor's address and topics, the form it came from, and the proof of work. */
export const SubscribeInputSchema = z.object({
  email,
  topics: chosenTopics,
  source: z.enum(["footer", "subscribe-page"]).default("subscribe-page"),
  /** The page's language: the consent's words, the confirmation and every later mail are in it (else the site's default). */
  language: z.enum(LANGUAGES).optional(),
  /** The solved proof of work; none (null, when the page could not solve one) is refused as a check that failed. */
  altcha: z.string().max(10_000).nullish(),
});
export type SubscribeInput = z.input<typeof SubscribeInputSchema>;

/** The forms' own check of the same (the proof of work is added when sending). */
export const SubscribeFormSchema = SubscribeInputSchema.omit({ altcha: true, source: true, language: true });

/** The states a subscriber may choose on the preferences page. */
export const CHOSEN_STATES = ["confirmed", "paused", "unsubscribed"] as const;

/** PUT /api/v1/subscriptions/preferences: new topics, or a new state (subscribed, paused, left), or both. */
export const PreferencesInputSchema = z.object({
  topics: chosenTopics.optional(),
  state: z.enum(CHOSEN_STATES, { error: "Choose subscribed, paused or unsubscribed." }).optional(),
  /** The page's language: the consent's words of a return after leaving are recorded in it (else the subscriber's). */
  language: z.enum(LANGUAGES).optional(),
});
export type PreferencesInput = z.input<typeof PreferencesInputSchema>;

/** What the preferences page shows. */
export const PreferencesSchema = z.object({ email: z.string(), state: z.enum(SUBSCRIBER_STATES), topics: z.array(z.string()) });
export type Preferences = z.infer<typeof PreferencesSchema>;

export const ConfirmInputSchema = z.object({ token: z.string().min(1).max(200) });
export const ConfirmedSchema = z.object({ email: z.string(), state: z.enum(SUBSCRIBER_STATES), preferencesToken: z.string() });

/** The signed-in person's own subscription (/myaccount). */
export const AccountSubscriptionSchema = z.object({ subscribed: z.boolean(), state: z.enum(SUBSCRIBER_STATES).nullable(), topics: z.array(z.string()) });
export type AccountSubscription = z.infer<typeof AccountSubscriptionSchema>;
export const AccountSubscriptionInputSchema = z.object({ subscribed: z.boolean(), topics: TopicsSchema.default([]) }).refine((v) => !v.subscribed || v.topics.length > 0, {
  path: ["topics"],
  error: subscriptionMessages.noTopics,
});

/** An administrator's view: the subscriber with each consent it gave. */
export const AdminSubscriberSchema = SubscriberSchema.extend({ consents: z.array(ConsentSchema) });
export type AdminSubscriber = z.infer<typeof AdminSubscriberSchema>;

export const SubscriberListQuerySchema = z.object({
  q: z.string().max(254).optional(),
  topic: z.string().max(80).optional(),
  state: z.enum(SUBSCRIBER_STATES).optional(),
});

/** The subscribers' CSV export; an import reads the same first four columns. */
export const SUBSCRIBER_EXPORT_HEADERS = ["email", "topics", "consent_at", "consent_source", "consent_text", "state", "subscribed_at", "confirmed_at", "unsubscribed_at"] as const;

/** A row of a subscribers' CSV import as the preview shows it: what it would add, or why it is refused. */
export const SubscriberImportRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  topics: z.array(z.string()),
  consentAt: z.string().nullable(),
  consentSource: z.string(),
  /** The words the person was shown, when the file says (consent_text). */
  consentText: z.string().nullable(),
  /** "add": a new confirmed subscriber with this consent; "skip": the address is already known; "refused": see reason. */
  status: z.enum(["add", "skip", "refused"]),
  reason: z.string().nullable(),
});
export type SubscriberImportRow = z.infer<typeof SubscriberImportRowSchema>;
export const SubscriberImportPreviewSchema = z.object({ rows: z.array(SubscriberImportRowSchema), add: z.number().int(), skip: z.number().int(), refused: z.number().int() });
export type SubscriberImportPreview = z.infer<typeof SubscriberImportPreviewSchema>;
export const SubscriberImportAppliedSchema = z.object({ importId: z.string(), added: z.number().int() });
export const SubscriberImportInputSchema = z.object({ csv: z.string({ error: "Choose a CSV file." }).min(1, { error: "Choose a CSV file." }).max(1_000_000, { error: "The file is too large (at most 1 MB)." }) });

export const importRowReasons = {
  noEmail: "Not an e-mail address.",
  noConsentAt: "No consent: consent_at is empty. Only addresses whose consent is recorded may be imported.",
  badConsentAt: "consent_at is not a date (write it as 2026-05-01 or 2026-05-01T09:30:00Z).",
  futureConsentAt: "consent_at is in the future.",
  noConsentSource: "No consent: consent_source (where the person agreed) is empty.",
  badTopic: (topic: string) => `Unknown topic "${topic}": use events, offers, news or category:<category id>.`,
  twice: (line: number) => `The same address as line ${line}.`,
  known: "Already a subscriber: left as it is.",
  left: "This address unsubscribed: it is not subscribed again.",
  missingColumns: "The file needs the columns email, topics, consent_at and consent_source.",
} as const;
