// What the server hands to every page loader and action (through React Router's context): the
// services, the signed-in user and the CSP nonce. The web side reads it in src/web/lib/app-context.ts.
import type { RouterContext } from "react-router";
import type { AppServices } from "./services.ts";
import type { CurrentUser } from "./auth/session.ts";

export interface AppLoadContext {
  services: AppServices;
  user: CurrentUser | null;
  nonce: string;
  /** The header's count of unread announcements when the server has read it already (see anonymous-cache.ts, `forViewers`). */
  unreadAnnouncements?: number | null | undefined;
  /** PUBLIC_URL when configured; pages fall back to the request's origin for absolute links. */
  siteUrl?: string | undefined;
  /** Logs a failure to read a page's data, with what the page was loading. */
  reportError(error: unknown, what: string): void;
  /** Tells that the page is answered without a part not ready yet: it is not kept for the next visitor. */
  notKept?(): void;
  /**
   * Reads the site's own API (`/api/...`, GET only) in-process, as the person the page is for (their cookie): the
   * signed-in pages' loaders read their data through the same routes and checks the browser's calls go through.
   */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** The key the page build exports (entry.server.tsx) and the server sets the context under. */
export type AppContextKey = RouterContext<AppLoadContext>;
