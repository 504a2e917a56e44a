// What each kind of news contributes to a person's weekly digest. A feature that has news for members implements
// `DigestSource` for its kind and is handed to the digest in src/server/services.ts: announcements and requests
// decided, meetings and minutes.
import type { Language } from "#shared/i18n/languages.ts";
import type { NotificationKind } from "#shared/schemas/notification-preferences.ts";

/** Who a digest is for. */
export interface DigestRecipient {
  id: string;
  email: string;
  displayName: string;
  role: string | null;
  /** The language the digest is written in, for the items' texts (their translations, else the originals). */
  language?: Language;
}

/** One line of a digest: what happened, a line of detail, and where to read it. */
export interface DigestItem {
  title: string;
  /** Plain text, short; none when the title says it all. */
  detail?: string | undefined;
  /** An absolute address on the site. */
  url: string;
  /** When it happened (ISO instant); a section lists its items oldest first. */
  at: string;
}

export interface DigestSource {
  kind: NotificationKind;
  /** The heading of the kind's section in the mail ("Announcements"). */
  heading: string;
  /**
   * What is new for `recipient` from `since` (included) until `until` (excluded), both ISO instants: only what this
   * person may see (a source answers nothing for someone its kind is not for, such as a non-member).
   */
  itemsFor(recipient: DigestRecipient, since: string, until: string): Promise<DigestItem[]>;
}
