// The newsletter's subscriptions: the sign-up form (footer and /subscribe), the account's subscription, and the
// addresses of the pages the mails link to.
export { SubscribeForm, SUBSCRIBE_PATH } from "./subscribe-form.tsx";
export { AccountSubscriptionForm, fetchAccountSubscription } from "./account-subscription-form.tsx";
export { TopicChoices } from "./topic-choices.tsx";
export { SubscriberImport } from "./subscriber-import.tsx";

/** The preferences page of a signed link's token. */
export const preferencesPath = (token: string) => `/subscribe/preferences?token=${encodeURIComponent(token)}`;
