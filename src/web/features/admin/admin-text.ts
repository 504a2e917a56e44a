// The administration's texts outside components (actions' outcomes, page titles), in the page's language: the
// language the page was drawn in (`<html lang>`) in the browser, the one the root chose for the person on the server.
import type { TFunction } from "i18next";
import { cookieLanguage, DEFAULT_LANGUAGE, getFixedT, isLanguage, languageSettingsOf, pageLanguage, type Language } from "#shared/i18n/index.ts";

/** The language the open page is in. */
export function documentLanguage(): Language {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** The `admin` catalog in the open page's language. */
export const adminText = (): Promise<TFunction> => getFixedT(documentLanguage(), "admin");

/** The language a signed-in page is drawn in for this request: the account's, else the cookie's, else the site's default. */
export function requestLanguage(request: Request, user: { language?: string | null }, site: Parameters<typeof languageSettingsOf>[0]): Language {
  const chosen = user.language ?? cookieLanguage(request.headers.get("cookie"));
  return pageLanguage(new URL(request.url).pathname, languageSettingsOf(site), chosen);
}
