// Notification preferences: how each person wants to hear of each kind of news. What other code may use of this feature.
export { NotificationPreferenceRepository } from "./notification-preference.repository.ts";
export { NotificationPreferenceService } from "./notification-preference.service.ts";
export { registerNotificationPreferenceRoutes } from "./notification-preference.routes.ts";
