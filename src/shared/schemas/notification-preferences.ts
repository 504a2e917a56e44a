// How a person wants to hear of each kind of news: at once (a mail each time), in a weekly digest, or not at all.
import { z } from "zod";

export const NOTIFICATION_KINDS = ["announcements", "meetings", "minutes", "requestsDecided", "insights", "freshness", "volunteering", "surveys"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const DELIVERIES = ["at once", "in a weekly digest", "off"] as const;
export type Delivery = (typeof DELIVERIES)[number];

/** What a kind is until the person chooses. */
export const DEFAULT_DELIVERY: Record<NotificationKind, Delivery> = {
  announcements: "at once",
  meetings: "at once",
  minutes: "at once",
  requestsDecided: "at once",
  // The owners' monthly report of what their listing brought: "at once" is its monthly mail.
  insights: "at once",
  // Owners' reminders to check their listing (every freshness interval of the site settings).
  freshness: "at once",
  volunteering: "at once",
  surveys: "at once",
};

/** The form's labels, per kind and per choice. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  announcements: "Announcements",
  meetings: "Meetings",
  minutes: "Minutes",
  requestsDecided: "Requests decided",
  insights: "Monthly insights report (business owners)",
  freshness: "Is your listing still right? reminders (business owners)",
  volunteering: "Volunteer shifts (confirmations, places freed, reminders)",
  surveys: "Survey reminders (one before a survey you have not answered closes)",
};
export const DELIVERY_LABELS: Record<Delivery, string> = { "at once": "At once", "in a weekly digest": "In a weekly digest", off: "Off" };

/**
 * The choices a kind offers, with their labels. The insights report is a monthly mail of its own: "at once" means
 * once a month, and a weekly digest has nothing to add to it, so it is not offered.
 */
export const DELIVERIES_OF: Record<NotificationKind, readonly Delivery[]> = {
  announcements: DELIVERIES,
  meetings: DELIVERIES,
  minutes: DELIVERIES,
  requestsDecided: DELIVERIES,
  insights: ["at once", "off"],
  freshness: ["at once", "off"],
  // About a shift the person signed up for, and due before it: a weekly digest would come too late.
  volunteering: ["at once", "off"],
  // One reminder before a survey closes: a weekly digest would come too late for it.
  surveys: ["at once", "off"],
};
export function deliveryLabel(kind: NotificationKind, delivery: Delivery): string {
  return kind === "insights" && delivery === "at once" ? "Monthly" : DELIVERY_LABELS[delivery];
}

export const notificationMessages = {
  invalid: "Choose at once, in a weekly digest or off.",
  nothingChosen: "Choose how to hear of at least one kind of news: announcements, meetings, minutes or requests decided.",
  saved: "Notification preferences saved.",
  monthlyOrOff: "Choose monthly or off.",
  atOnceOrOff: "Choose at once or off.",
} as const;

const delivery = z.enum(DELIVERIES, { error: notificationMessages.invalid });

export const NotificationPreferencesSchema = z.object({
  announcements: delivery,
  meetings: delivery,
  minutes: delivery,
  requestsDecided: delivery,
  insights: z.enum(["at once", "off"], { error: notificationMessages.monthlyOrOff }),
  freshness: z.enum(["at once", "off"], { error: notificationMessages.atOnceOrOff }),
  volunteering: z.enum(["at once", "off"], { error: notificationMessages.atOnceOrOff }),
  surveys: z.enum(["at once", "off"], { error: notificationMessages.atOnceOrOff }),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** A change: the kinds given are set, the others stay as they are; one at least, and nothing but kinds. */
export const NotificationPreferencesInputSchema = z
  .strictObject(NotificationPreferencesSchema.shape)
  .partial()
  .refine((input) => NOTIFICATION_KINDS.some((kind) => input[kind] !== undefined), { error: notificationMessages.nothingChosen });
export type NotificationPreferencesInput = z.input<typeof NotificationPreferencesInputSchema>;

/** Where every mail links, for changing these. */
export const NOTIFICATION_PREFERENCES_PATH = "/myaccount#notifications";
