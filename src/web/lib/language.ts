// The page's language as the pages see it: the root loader's choice (src/shared/i18n/languages.ts, `pageLanguage`)
// and the helper that keeps links in it.
import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language } from "#shared/i18n/index.ts";

interface RootLanguage {
  language: Language;
  languages: readonly Language[];
  defaultLanguage: Language;
}

/** The language the page is in, the site's languages and its default (all English when the root's data failed). */
export function useLanguages(): RootLanguage {
  const data = useRouteLoaderData<Partial<RootLanguage>>("root");
  return {
    language: data?.language ?? DEFAULT_LANGUAGE,
    languages: data?.languages ?? LANGUAGES,
    defaultLanguage: data?.defaultLanguage ?? DEFAULT_LANGUAGE,
  };
}

/**
 * A link's path in the page's language: inside a French page, links to public pages stay French (/fr/map);
 * signed-in pages and files keep their one address.
 */
export function useLocalize(): (to: string) => string {
  const { language } = useLanguages();
  return useCallback((to: string) => localizedPath(to, language), [language]);
}
