// The one module through which web code reaches the server: route loaders and actions take the
// services, the signed-in user and the CSP nonce from here. Everything else the two sides share lives
// in src/shared; a lint rule (eslint.config.js) keeps every other web file away from src/server.
import { createContext, type RouterContextProvider } from "react-router";
import type { AppLoadContext } from "../../server/load-context.ts";

export type { AppLoadContext } from "../../server/load-context.ts";
export type { AppServices } from "../../server/services.ts";
export type { CurrentUser } from "../../server/auth/session.ts";

export const appContext = createContext<AppLoadContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}
