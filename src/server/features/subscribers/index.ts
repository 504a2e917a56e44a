// Newsletter subscribers: what other features (the newsletter and its queue) use.
export { SubscriberRepository, PERMANENT_FAILURE_LIMIT, normalEmail, type StoredSubscriber, type ConsentInput, type SubscriberFilter } from "./subscriber.repository.ts";
export { SubscriptionLinks, subscriberToken, type LinkPurpose } from "./subscription-links.ts";
