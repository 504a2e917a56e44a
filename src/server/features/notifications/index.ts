// Notification preferences: how each person wants to hear of each kind of news, and the weekly digest of the kinds
// they chose to hear of weekly. What other code may use of this feature.
export type { DigestItem, DigestRecipient, DigestSource } from "./digest-sources.ts";
export { NotificationPreferenceRepository } from "./notification-preference.repository.ts";
export { NotificationPreferenceService } from "./notification-preference.service.ts";
export { registerNotificationPreferenceRoutes } from "./notification-preference.routes.ts";
export { WEEKLY_DIGEST_JOB, WeeklyDigest } from "./weekly-digest.ts";
export { WeeklyDigestRepository } from "./weekly-digest.repository.ts";
