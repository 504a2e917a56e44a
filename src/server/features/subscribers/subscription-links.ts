// Signed links for subscribers (docs/decisions/0033): `<subscriber id>.<HMAC of the purpose with the subscriber's own
// secret>`. Nothing is stored per link, no account is needed to follow one, and a new secret (rotateSecret) ends
// every link made before. The confirmation link differs from the others, so a preferences link never confirms.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { MailHeaders } from "#server/mail/mailer.ts";
import { isLanguage, localizedPath } from "#shared/i18n/languages.ts";
import type { StoredSubscriber, SubscriberRepository } from "./subscriber.repository.ts";

export type LinkPurpose = "confirm" | "manage";

type Signable = Pick<StoredSubscriber, "id" | "tokenSecret">;
/** A subscriber whose pages open in their language. */
type Linked = Signable & { language?: string | null };

/** A page of the site in the subscriber's language (/fr/subscribe/... for French). */
function pageIn(subscriber: Linked, path: string): string {
  return localizedPath(path, isLanguage(subscriber.language) ? subscriber.language : "en");
}

function signature(subscriber: Signable, purpose: LinkPurpose): string {
  return createHmac("sha256", subscriber.tokenSecret).update(`niche subscriber ${purpose}`).digest("base64url");
}

/** The token a link carries for `purpose`. */
export function subscriberToken(subscriber: Signable, purpose: LinkPurpose): string {
  return `${subscriber.id}.${signature(subscriber, purpose)}`;
}

export class SubscriptionLinks {
  private readonly siteUrl: string;
  private readonly repository: SubscriberRepository;
  constructor(siteUrl: string, repository: SubscriberRepository) {
    this.siteUrl = siteUrl.replace(/\/$/, "");
    this.repository = repository;
  }

  /** The page the confirmation mail opens. */
  confirmUrl(subscriber: Linked): string {
    return `${this.siteUrl}${pageIn(subscriber, "/subscribe/confirm")}?token=${encodeURIComponent(subscriberToken(subscriber, "confirm"))}`;
  }

  /** The preferences page (topics, pause, leave), for the link in every message. */
  preferencesUrl(subscriber: Linked): string {
    return `${this.siteUrl}${pageIn(subscriber, "/subscribe/preferences")}?token=${encodeURIComponent(subscriberToken(subscriber, "manage"))}`;
  }

  /** The one-click address (RFC 8058) for List-Unsubscribe: a POST to it unsubscribes at once. */
  unsubscribeUrl(subscriber: Signable): string {
    return `${this.siteUrl}/api/v1/subscriptions/unsubscribe?token=${encodeURIComponent(subscriberToken(subscriber, "manage"))}`;
  }

  /** The subscriber a token was made for, or undefined when it is malformed, forged or made with an old secret. */
  async verify(token: unknown, purpose: LinkPurpose): Promise<StoredSubscriber | undefined> {
    if (typeof token !== "string" || token.length > 200) return undefined;
    const dot = token.indexOf(".");
    if (dot <= 0) return undefined;
    const subscriber = await this.repository.findById(token.slice(0, dot));
    if (!subscriber) return undefined;
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(signature(subscriber, purpose));
    return given.length === expected.length && timingSafeEqual(given, expected) ? subscriber : undefined;
  }

  /**
   * The headers of a message to a subscriber: one-click unsubscribe (RFC 8058), the list's id (RFC 2919) and the
   * caller's stable Message-ID (e.g. `<newsletter-<id>-<subscriber id>@host>`), so a message sent again after a
   * crash is recognised by the receiving side as the same one.
   */
  headers(subscriber: Signable, { messageId }: { messageId?: string } = {}): MailHeaders {
    const host = new URL(this.siteUrl).hostname;
    return {
      "List-Unsubscribe": `<${this.unsubscribeUrl(subscriber)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": `<newsletter.${host}>`,
      ...(messageId ? { "Message-ID": messageId } : {}),
    };
  }
}
