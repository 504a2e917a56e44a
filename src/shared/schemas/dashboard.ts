// A member's home (/myqsa/dashboard) and a business sign-up's onboarding (/myqsa/profile-setup), as the API answers
// them. The dashboard is made of what each feature contributes: tasks ("What needs you") and sections (announcements,
// meetings, businesses, and later surveys and volunteer shifts), so a feature adds its own without the page changing.
import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.ts";

/** Something the person should do, with where to do it. */
export const DashboardTaskSchema = z.object({
  /** Stable per task, e.g. "verify-email" or "listing-<business id>". */
  id: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  href: z.string(),
  /** The link's text, e.g. "Verify your email". */
  action: z.string(),
});
export type DashboardTask = z.infer<typeof DashboardTaskSchema>;

export const DashboardItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  href: z.string(),
  detail: z.string().nullable(),
  /** An instant, shown as a date in the site's time zone (an announcement's publication). */
  date: z.string().nullable(),
  /** Short labels shown beside the title, e.g. "Unread", "Pinned". */
  marks: z.array(z.string()),
  /** Lines under the title, e.g. each waiting request. */
  notes: z.array(z.string()),
  /** The title's language when it is shown untranslated (an announcement without a translation into the page's). */
  lang: z.enum(LANGUAGES).optional(),
});
export type DashboardItem = z.infer<typeof DashboardItemSchema>;

/** A feature's part of the page: a heading, its items and a link to the feature's own page. */
export const DashboardSectionSchema = z.object({
  /** Which feature: "announcements", "meetings", "businesses", and later "surveys", "volunteering". */
  id: z.string(),
  title: z.string(),
  items: z.array(DashboardItemSchema),
  /** Said when there are no items. */
  empty: z.string().nullable(),
  link: z.object({ href: z.string(), label: z.string() }).nullable(),
});
export type DashboardSection = z.infer<typeof DashboardSectionSchema>;

export const ONBOARDING_STEPS = ["verify-email", "business", "listing", "notifications"] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number];

export const OnboardingStepSchema = z.object({
  id: z.enum(ONBOARDING_STEPS),
  title: z.string(),
  done: z.boolean(),
  /** Where the step stands, in a sentence. */
  state: z.string(),
});
export type OnboardingStep = z.infer<typeof OnboardingStepSchema>;

/** A business sign-up's steps, each done or not as the data say; `current` is the first not done (null once all are). */
export const OnboardingSchema = z.object({
  /** Whether the steps concern the person: a business sign-up or an owner; not a visitor account or an administrator. */
  applies: z.boolean(),
  steps: z.array(OnboardingStepSchema),
  current: z.enum(ONBOARDING_STEPS).nullable(),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;

export const DashboardSchema = z.object({
  displayName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** An administrator, or a `business` account that owns a business; anyone else is invited to claim or propose one. */
  member: z.boolean(),
  tasks: z.array(DashboardTaskSchema),
  sections: z.array(DashboardSectionSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const ONBOARDING_TITLES: Record<OnboardingStepId, string> = {
  "verify-email": "Verify your email address",
  business: "Find and claim your business, or propose it",
  listing: "Complete your listing",
  notifications: "Choose your notifications",
};
