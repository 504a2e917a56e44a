// Subscribing to the newsletter (docs/decisions/0033). A request is answered the same way whatever the address's
// state, and its mail goes after the answer, so neither the answer nor its timing says whether an address is known;
// a new or returning address is pending until its confirmation link is opened; each consent is recorded with the
// words the form showed. The preferences (topics, pause, leave) need only the signed link of a mail.
import { createHash } from "node:crypto";
import type { CurrentUser } from "#server/auth/session.ts";
import type { ChallengeCheck } from "#server/auth/sign-up-challenge.ts";
import { AppError, NotFound, Validation } from "#server/errors.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { mailT, RecipientLanguages } from "#server/mail/recipient-language.ts";
import { getFixedT } from "#shared/i18n/index.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { invalidInput } from "#server/validation.ts";
import {
  AccountSubscriptionInputSchema,
  CONSENT_TEXT,
  PreferencesInputSchema,
  SubscribeInputSchema,
  subscriptionMessages,
  type AccountSubscription,
  type Preferences,
  type Topic,
} from "#shared/schemas/subscription.ts";
import { alreadySubscribedMail, confirmationMail, type Sender } from "./subscription-mail.ts";
import { normalEmail, type StoredSubscriber, type SubscriberRepository } from "./subscriber.repository.ts";
import { subscriberToken, type SubscriptionLinks } from "./subscription-links.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Unconfirmed requests are forgotten after this long. */
export const PENDING_DAYS = 7;

export interface SubscriptionLimits {
  /** Requests one client may make in a window (a 429 beyond). */
  perClient: number;
  clientWindowMs: number;
  /** Mails one address may be sent in a window; requests beyond are answered alike but send nothing. */
  perAddress: number;
  addressWindowMs: number;
}
export const DEFAULT_SUBSCRIPTION_LIMITS: SubscriptionLimits = { perClient: 10, clientWindowMs: 10 * MINUTE, perAddress: 3, addressWindowMs: DAY };

export interface SubscriptionDeps {
  repository: SubscriberRepository;
  links: SubscriptionLinks;
  mailer: Mailer | undefined;
  /** Who the mail is from: the association's name in a language (its translation, else the original), and its address. */
  sender: (language?: Language) => Promise<Sender>;
  /** Counts a hit in a fixed window and answers the window's count (the site's rate counters). */
  hit: (key: string, windowMs: number) => Promise<number>;
  onMailError?: ((error: unknown) => void) | undefined;
  limits?: Partial<SubscriptionLimits>;
  /** The site's default language, for those who came without one; English without it. */
  languages?: RecipientLanguages;
}

/** The consent's words as the form showed them in `language` (catalog `subscribe`; English is CONSENT_TEXT). */
export async function consentText(language: Language): Promise<string> {
  return language === "en" ? CONSENT_TEXT : (await getFixedT(language, "subscribe"))("consent");
}

const TooMany = () => new AppError(429, "rate_limited", subscriptionMessages.tooMany);
const invalidLink = () => NotFound(subscriptionMessages.linkInvalid);

/** A counter's key for an address that does not keep the address itself. */
function addressKey(email: string): string {
  return `subscribe:address:${createHash("sha256").update(email).digest("base64url")}`;
}

export class SubscriptionService {
  private readonly deps: SubscriptionDeps;
  private readonly limits: SubscriptionLimits;
  private readonly languages: RecipientLanguages;
  /** Mails under way (tests wait for them; a request never does). */
  private readonly sending = new Set<Promise<void>>();

  constructor(deps: SubscriptionDeps) {
    this.deps = deps;
    this.limits = { ...DEFAULT_SUBSCRIPTION_LIMITS, ...deps.limits };
    this.languages = deps.languages ?? new RecipientLanguages(async () => "en");
  }

  /**
   * A visitor's request. `client`: the requesting address, for its rate limit; `challenge`: the check of the form's
   * proof of work. Answers nothing: the caller answers 202 whatever happened to the address.
   */
  async subscribe(input: unknown, client: string, challenge: (payload: unknown) => Promise<ChallengeCheck>): Promise<void> {
    const parsed = SubscribeInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, subscriptionMessages.invalid);
    if ((await this.deps.hit(`subscribe:client:${client}`, this.limits.clientWindowMs)) > this.limits.perClient) throw TooMany();
    if ((await challenge(parsed.data.altcha)) !== "ok") throw Validation(subscriptionMessages.challengeFailed);
    const email = normalEmail(parsed.data.email);
    const language = parsed.data.language ?? null;
    const consent = { email, source: parsed.data.source, text: await consentText(await this.languages.resolve(language)) };
    const existing = await this.deps.repository.findByEmail(email);
    let mail: "confirm" | "already";
    let subscriber: StoredSubscriber;
    if (!existing) {
      subscriber = await this.deps.repository.insert({ email, state: "pending", topics: parsed.data.topics, language });
      mail = "confirm";
    } else if (existing.state === "pending" || existing.state === "unsubscribed") {
      // Nothing is sent to it before the confirmation, so the new topics may replace the old.
      subscriber = { ...existing, language };
      await this.deps.repository.setTopics(existing.id, parsed.data.topics);
      await this.deps.repository.setLanguage(existing.id, language);
      if (existing.state === "unsubscribed") await this.deps.repository.setState(existing.id, "pending");
      mail = "confirm";
    } else {
      // Someone else may have typed the address: its subscription (and its language) stays as it is, and its owner
      // is told how to manage it.
      subscriber = existing;
      mail = "already";
    }
    if (mail === "confirm") await this.deps.repository.addConsent(subscriber.id, consent);
    if ((await this.deps.hit(addressKey(email), this.limits.addressWindowMs)) > this.limits.perAddress) return;
    this.mailLater(subscriber, mail);
  }

  private mailLater(subscriber: StoredSubscriber, kind: "confirm" | "already") {
    const mailer = this.deps.mailer;
    if (!mailer) return;
    const sending = (async () => {
      const to = subscriber.email;
      const language = await this.languages.resolve(subscriber.language);
      const [sender, t] = await Promise.all([this.deps.sender(language), mailT(language)]);
      await mailer.send(
        kind === "confirm"
          ? confirmationMail({ to, sender, url: this.deps.links.confirmUrl({ ...subscriber, language }), t })
          : alreadySubscribedMail({ to, sender, url: this.deps.links.preferencesUrl({ ...subscriber, language }), t }),
      );
    })()
      .catch((error: unknown) => this.deps.onMailError?.(error))
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }

  /** Resolves once the mails asked for so far are sent or have failed. */
  async settled(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  /** The confirmation link's answer: the address is subscribed from now on. */
  async confirm(token: string): Promise<{ email: string; state: StoredSubscriber["state"]; preferencesToken: string }> {
    const subscriber = await this.deps.links.verify(token, "confirm");
    // A link from before the person left does not bring them back: only a new request does.
    if (!subscriber || subscriber.state === "unsubscribed") throw NotFound(subscriptionMessages.confirmInvalid);
    if (subscriber.state === "pending") await this.deps.repository.setState(subscriber.id, "confirmed");
    const state = subscriber.state === "pending" ? "confirmed" : subscriber.state;
    return { email: subscriber.email, state, preferencesToken: subscriberToken(subscriber, "manage") };
  }

  async preferences(token: string): Promise<Preferences> {
    const subscriber = await this.deps.links.verify(token, "manage");
    if (!subscriber) throw invalidLink();
    return { email: subscriber.email, state: subscriber.state, topics: subscriber.topics };
  }

  /** Changes made on the preferences page: topics, and subscribed, paused or left. */
  async updatePreferences(token: string, input: unknown): Promise<Preferences> {
    const subscriber = await this.deps.links.verify(token, "manage");
    if (!subscriber) throw invalidLink();
    const parsed = PreferencesInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, subscriptionMessages.invalid);
    const { topics, state } = parsed.data;
    if (topics) await this.deps.repository.setTopics(subscriber.id, topics);
    if (state && state !== subscriber.state) {
      // Coming back after leaving is a new consent, given on this page.
      if (state === "confirmed" && subscriber.state === "unsubscribed") {
        // In the words the page showed, in its language.
        const text = await consentText(await this.languages.resolve(parsed.data.language ?? subscriber.language));
        await this.deps.repository.addConsent(subscriber.id, { email: subscriber.email, source: "preferences", text });
      }
      await this.deps.repository.setState(subscriber.id, subscriber.state === "pending" && state === "paused" ? "pending" : state);
    }
    return this.preferences(token);
  }

  /** Where a List-Unsubscribe link opened in a browser leads: the preferences page, in the subscriber's language. */
  async preferencesPage(token: string): Promise<string> {
    const subscriber = await this.deps.links.verify(token, "manage");
    if (!subscriber) return `/subscribe/preferences?token=${encodeURIComponent(token)}`;
    const url = new URL(this.deps.links.preferencesUrl({ ...subscriber, language: await this.languages.resolve(subscriber.language) }));
    return url.pathname + url.search;
  }

  /** RFC 8058's one-click: the address leaves at once. */
  async unsubscribe(token: string): Promise<void> {
    const subscriber = await this.deps.links.verify(token, "manage");
    if (!subscriber) throw invalidLink();
    if (subscriber.state !== "unsubscribed") await this.deps.repository.setState(subscriber.id, "unsubscribed");
  }

  /** The signed-in person's own subscription, by the account's address. */
  async forAccount(viewer: CurrentUser): Promise<AccountSubscription> {
    const subscriber = await this.deps.repository.findByEmail(viewer.email);
    if (!subscriber) return { subscribed: false, state: null, topics: [] };
    return { subscribed: subscriber.state === "confirmed" || subscriber.state === "paused", state: subscriber.state, topics: subscriber.topics };
  }

  /** A verified account subscribes at once: its address was confirmed when the account was. */
  async updateForAccount(viewer: CurrentUser, input: unknown): Promise<AccountSubscription> {
    const parsed = AccountSubscriptionInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, subscriptionMessages.invalid);
    if (!viewer.emailVerified) throw new AppError(403, "email_not_verified", "Verify your e-mail address first.");
    const existing = await this.deps.repository.findByEmail(viewer.email);
    const topics = parsed.data.topics as Topic[];
    if (parsed.data.subscribed) {
      // The consent's words as the account's page showed them, in the account's language.
      const consent = { email: viewer.email, source: "account", text: await consentText(await this.languages.resolve(viewer.language)) };
      if (!existing) {
        const created = await this.deps.repository.insert({ email: viewer.email, state: "confirmed", topics });
        await this.deps.repository.addConsent(created.id, consent);
      } else {
        await this.deps.repository.setTopics(existing.id, topics);
        if (existing.state === "pending" || existing.state === "unsubscribed") {
          await this.deps.repository.addConsent(existing.id, consent);
          await this.deps.repository.setState(existing.id, "confirmed");
        }
      }
    } else if (existing && existing.state !== "unsubscribed") {
      await this.deps.repository.setState(existing.id, "unsubscribed");
    }
    return this.forAccount(viewer);
  }

  /** The daily job: requests left unconfirmed for PENDING_DAYS are forgotten. */
  forgetUnconfirmed(now = new Date()): Promise<number> {
    return this.deps.repository.forgetPendingBefore(new Date(now.getTime() - PENDING_DAYS * DAY).toISOString());
  }
}
