import type { Entry } from "../http/anonymous-cache.ts";
import type { CurrentUser } from "../auth/session.ts";
import type { AppServices } from "../services.ts";
import type { SignUpChallenge } from "../auth/sign-up-challenge.ts";

/** Per-request values the server's middleware sets for handlers. */
export interface AppEnv {
  Variables: {
    user: CurrentUser | null;
    services: AppServices;
    /** Issues the sign-up form's proof-of-work challenges (the auth secret signs them). */
    signUpChallenge: SignUpChallenge;
    secureHeadersNonce?: string;
    /** Set when part of a page failed to load: the response is sent but never cached. */
    incomplete?: boolean;
    /**
     * The header's count of unread announcements for the signed-in member, once read for a public page (null for
     * someone who is not a member): the page is kept for each count, and rendered with the one it is kept under.
     */
    unreadAnnouncements?: number | null;
    /** The kept entry this response is (see anonymous-cache.ts): a visitor's, a kind of signed-in visitor's or a person's. */
    anonymousEntry?: Entry;
  };
}
