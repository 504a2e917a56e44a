// The public pages' texts (`public` catalog) and opening hours' words (`hours` catalog) in the page's language, with
// the language itself for dates and numbers (#shared/i18n/format.ts).
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "#shared/i18n/format.ts";
import { localizedPath } from "#shared/i18n/index.ts";
import type { HoursWords } from "#shared/opening-hours.ts";

export const langOf = (language: string | undefined): Lang => (language?.startsWith("fr") ? "fr" : "en");

export function usePublicText() {
  const { t, i18n } = useTranslation("public");
  return { t, lang: langOf(i18n.language) };
}

export function useHoursWords(): HoursWords {
  const { t, i18n } = useTranslation("hours");
  const lang = langOf(i18n.language);
  return useMemo(() => ({ lang, t: t as unknown as HoursWords["t"] }), [lang, t]);
}

/** A path in the page's language (`localizedPath`): read from the page's i18next instance, so it needs no router. */
export function useLocalPath(): (to: string) => string {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return useCallback((to: string) => localizedPath(to, lang), [lang]);
}
