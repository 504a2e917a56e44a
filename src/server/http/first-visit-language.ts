// The first visit to a public page at its English address follows the browser's language: a person whose browser
// ranks French first is sent to the French page once, and a cookie remembers it (their later choices in the
// switcher overwrite it), so they are never sent again and may read the English pages. Crawlers are never sent
// anywhere: each language's pages are indexed at their own addresses (docs/decisions/0039-i18n.md).
import type { MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import type { AppEnv } from "../api/api-env.ts";
import { cookieLanguage, isLocalizedPath, LANGUAGE_COOKIE, localizedPath, preferredLanguage, prefixOf, type LanguageSettings } from "#shared/i18n/languages.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Whether a request for an English page may be sent to another language's (what the cache's fast path leaves to the app). */
export function mayRedirect(cookie: string | undefined, acceptLanguage: string | undefined): boolean {
  if (cookieLanguage(cookie)) return false;
  const preferred = preferredLanguage(acceptLanguage);
  return preferred !== null && preferred !== "en";
}

export function firstVisitLanguage(settingsOf: () => Promise<LanguageSettings>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || prefixOf(path) || !isLocalizedPath(path)) return next();
    const settings = await settingsOf();
    const query = c.req.url.slice(c.req.url.indexOf(path) + path.length);
    // A site without English sends its English addresses (the spec's, which others link to) to its default language.
    if (!settings.languages.includes("en")) return c.redirect(localizedPath(path + query, settings.defaultLanguage), 302);
    const cookie = c.req.header("cookie");
    const userAgent = c.req.header("user-agent");
    const preferred = preferredLanguage(c.req.header("accept-language"), settings.languages);
    if (!cookieLanguage(cookie) && preferred && preferred !== "en" && !(userAgent && isbot(userAgent))) {
      c.header("Set-Cookie", `${LANGUAGE_COOKIE}=${preferred}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
      c.header("Cache-Control", "private, no-store");
      c.header("Vary", "Accept-Language, Cookie");
      return c.redirect(localizedPath(path + query, preferred), 302);
    }
    await next();
    // The English page is what a request gets only for some Accept-Language and cookies: shared caches must tell.
    const vary = c.res.headers.get("vary");
    if (!vary?.toLowerCase().includes("accept-language")) c.res.headers.set("Vary", vary ? `${vary}, Accept-Language` : "Accept-Language, Cookie");
  };
}
