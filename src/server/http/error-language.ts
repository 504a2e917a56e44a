// The API's error messages in the person's language (docs/decisions/0045-error-messages-in-the-persons-language.md).
// Services and schemas write their messages in English; an error response on its way out is said again in the
// language of the person who will read it, and says which with Content-Language. English answers go out untouched.
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../api/api-env.ts";
import { cookieLanguage, pageLanguage, preferredLanguage, type Language, type LanguageSettings } from "#shared/i18n/languages.ts";
import { errorTranslator, translateErrorBody } from "#shared/i18n/errors/error-text.ts";

/**
 * The language of the person behind an API request: the page the request comes from (a form posts from it; its
 * language is its address's for a public page, else the person's choice); without such a page (another client),
 * the account's language, then the `niche_lang` cookie, then Accept-Language; else the site's default. Only
 * languages the site offers.
 */
export function requestLanguage(c: Context<AppEnv>, settings: LanguageSettings): Language {
  const chosen = [c.var.user?.language, cookieLanguage(c.req.header("cookie"))].find((language) => language && settings.languages.includes(language));
  const page = sameSitePage(c.req.header("referer"), c.req.url);
  if (page) return pageLanguage(page, settings, chosen);
  return chosen ?? preferredLanguage(c.req.header("accept-language"), settings.languages) ?? settings.defaultLanguage;
}

/** The path of the page a request comes from, when it is one of this site's (Referer is sent within the site). */
function sameSitePage(referer: string | undefined, url: string): string | null {
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.origin === new URL(url).origin && !from.pathname.startsWith("/api/") ? from.pathname : null;
  } catch {
    return null;
  }
}

export function errorLanguage(settingsOf: () => Promise<LanguageSettings>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status < 400 || !c.res.headers.get("content-type")?.startsWith("application/json")) return;
    const language = requestLanguage(c, await settingsOf());
    // A new response in place of the one answered (whose headers may be a library's, unchangeable), not merged with
    // it as Hono merges a replaced response's headers: its length and Vary are no longer right.
    const answered = c.res;
    c.res = undefined;
    const headers = new Headers(answered.headers);
    headers.append("Vary", "Accept-Language, Cookie, Referer");
    headers.set("Content-Language", language);
    const body: unknown = language === "en" ? null : await answered.clone().json().catch(() => null);
    if (!body) {
      c.res = new Response(answered.body, { status: answered.status, statusText: answered.statusText, headers });
      return;
    }
    const translate = await errorTranslator(language);
    headers.delete("content-length");
    c.res = new Response(JSON.stringify(translateErrorBody(body, translate)), { status: answered.status, headers });
  };
}
