// Newsletter subscriptions: what a visitor chooses (topics), what a subscriber is, and the words of consent each
// form shows (recorded with the consent, docs/decisions/0033).
import { z } from "zod";

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

export const TopicSchema = z
  .string()
  .refine((t): t is Topic => (FIXED_TOPICS as readonly string[]).includes(t) || /^category:[A-Za-z0-9_-]{1,64}$/.test(t), { error: "Choose topics from the list." });
export const TopicsSchema = z.array(TopicSchema).max(100).transform((topics) => [...new Set(topics)] as Topic[]);

/** The forms a consent comes from. */
export const CONSENT_SOURCES = ["footer", "subscribe-page", "account", "import"] as const;
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
