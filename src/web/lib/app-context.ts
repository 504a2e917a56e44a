// The one module through which web code reaches the server: route loaders and actions take the
// services, the signed-in user and the CSP nonce from here. Everything else the two sides share lives
// in src/shared; a lint rule (eslint.config.js) keeps every other web file away from src/server.
import { createContext, redirect, type RouterContextProvider } from "react-router";
import type { AppLoadContext } from "#server/load-context.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import type { Role } from "#shared/constants.ts";
import { paths } from "./paths.ts";
import type { Fetcher } from "./api-client.ts";

export type { AppLoadContext } from "#server/load-context.ts";
export type { AppServices } from "#server/services.ts";
export type { CurrentUser } from "#server/auth/session.ts";

export const appContext = createContext<AppLoadContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}

/** The API in-process, as the visitor the page is rendered for: what a loader hands the load functions the browser also runs. */
export function serverFetch(context: Readonly<RouterContextProvider>): Fetcher {
  return getApp(context).fetch;
}

/**
 * Every page's role check: the signed-in user, or a redirect to the login page when nobody is signed
 * in, or home when `role` is given and the user does not have it. The services check again.
 */
export function requireUser(context: Readonly<RouterContextProvider>, role?: Role): CurrentUser {
  const { user } = getApp(context);
  if (!user) throw redirect(paths.login);
  if (role !== undefined && user.role !== role) throw redirect(paths.home);
  return user;
}

/**
 * Data a page shows, or what `failed()` returns when it could not be read and the spec has the page
 * say so in place (e.g. "Failed to load events."). The error goes to the server's log here, once, so
 * loaders neither swallow nor log failures themselves; anything else propagates to the error boundary.
 */
export async function loadOr<T, F>(
  context: Readonly<RouterContextProvider>,
  what: string,
  work: () => Promise<T>,
  failed: () => F,
): Promise<T | F> {
  try {
    return await work();
  } catch (error) {
    getApp(context).reportError(error, what);
    return failed();
  }
}
