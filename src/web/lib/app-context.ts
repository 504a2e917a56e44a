// What the server hands to every loader and action: the services, the signed-in user and the CSP nonce.
import { createContext, type RouterContextProvider } from "react-router";
import type { AppServices } from "../../server/services.ts";
import type { CurrentUser } from "../../server/auth/session.ts";

export interface AppLoadContext {
  services: AppServices;
  user: CurrentUser | null;
  nonce: string;
  /** PUBLIC_URL when configured; pages fall back to the request's origin for absolute links. */
  siteUrl?: string | undefined;
}

export const appContext = createContext<AppLoadContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}
