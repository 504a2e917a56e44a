// The public pages' texts (`public` catalog) and opening hours' words (`hours` catalog) in the page's language, with
// the language itself for dates and numbers (#shared/i18n/format.ts).
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "#shared/i18n/format.ts";
import { getFixedT, localizedPath, prefixOf } from "#shared/i18n/index.ts";
import type { TFunction } from "i18next";
import type { HoursWords } from "#shared/opening-hours.ts";

export const langOf = (language: string | undefined): Lang => (language?.startsWith("fr") ? "fr" : "en");

export function usePublicText() {
  const { t, i18n } = useTranslation("public");
  return { t, lang: langOf(i18n.language) };
}

/** A loader's `public` catalog in its page's language (the address's), for the words it writes into its data. */
export async function loaderText(request: Request): Promise<{ lang: Lang; t: TFunction<"public"> }> {
  const lang = prefixOf(new URL(request.url).pathname) ?? "en";
  return { lang, t: (await getFixedT(lang, "public")) as TFunction<"public"> };
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
