// The association's tools (Site settings, Newsletters, Subscribers, Insights, Intake, Import, registrations and the
// door's check-in) in the page's language: their texts are the `manage` catalog; dates and numbers go through
// #shared/i18n/format.ts with the language given here.
import { useTranslation } from "react-i18next";
import type { Lang } from "#shared/i18n/format.ts";
import { cookieLanguage, getFixedT, languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";
import { langOf } from "./public-text.ts";

/** The namespace the routes of these tools declare in `handle.i18n`. */
export const MANAGE_NAMESPACE = "manage";

export function useManageText() {
  const { t, i18n } = useTranslation(MANAGE_NAMESPACE);
  return { t, lang: langOf(i18n.language) as Lang };
}

/** The catalog's `t` for a client action (no component): in the language the page is shown in. */
export function manageT() {
  return getFixedT(langOf(typeof document === "undefined" ? undefined : document.documentElement.lang), MANAGE_NAMESPACE);
}

/**
 * The language of a signed-in page as the root loader chooses it (the account's, else the `niche_lang` cookie's,
 * else the site's default), for a loader or action that writes texts itself: the page's title, an action's outcome.
 */
export function requestLanguage(request: Request, user: { language?: string | null } | null, site: Parameters<typeof languageSettingsOf>[0]): Lang {
  return pageLanguage(new URL(request.url).pathname, languageSettingsOf(site), user?.language ?? cookieLanguage(request.headers.get("cookie")));
}
