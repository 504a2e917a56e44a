// What the server hands to every page loader and action (through React Router's context): the
// services, the signed-in user and the CSP nonce. The web side reads it in src/web/lib/app-context.ts.
import type { RouterContext } from "react-router";
import type { AppServices } from "./services.ts";
import type { CurrentUser } from "./auth/session.ts";

export interface AppLoadContext {
  services: AppServices;
  user: CurrentUser | null;
  nonce: string;
  /** PUBLIC_URL when configured; pages fall back to the request's origin for absolute links. */
  siteUrl?: string | undefined;
  /** Logs a failure to read a page's data, with what the page was loading. */
  reportError(error: unknown, what: string): void;
}

/** The key the page build exports (entry.server.tsx) and the server sets the context under. */
export type AppContextKey = RouterContext<AppLoadContext>;
