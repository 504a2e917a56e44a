// The association's tools (Site settings, Newsletters, Subscribers, Insights, Intake, Import, registrations and the
// door's check-in) in the page's language: their texts are the `manage` catalog; dates and numbers go through
// #shared/i18n/format.ts with the language given here.
import { useTranslation } from "react-i18next";
import type { Lang } from "#shared/i18n/format.ts";
import { getFixedT } from "#shared/i18n/index.ts";
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
