// Newsletter subscribers: what other code (the newsletter and its queue, the API, the jobs) may use of this feature.
export { SubscriberRepository, PERMANENT_FAILURE_LIMIT, normalEmail, type StoredSubscriber, type ConsentInput, type SubscriberFilter } from "./subscriber.repository.ts";
export { SubscriptionLinks, subscriberToken, type LinkPurpose } from "./subscription-links.ts";
export { SubscriptionService, PENDING_DAYS, type SubscriptionLimits } from "./subscription.service.ts";
export { SubscriberAdminService } from "./subscriber-admin.service.ts";
export { SubscriberImportService } from "./subscriber-import.service.ts";
export { registerSubscriptionRoutes, ONE_CLICK_PATH } from "./subscription.routes.ts";
export { registerSubscriberRoutes } from "./subscriber.routes.ts";
export const FORGET_UNCONFIRMED_JOB = "forget-unconfirmed-subscribers";
