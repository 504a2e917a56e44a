// The text a page shows for a translated field, apart from the translations' schemas: the pages that show texts
// need this function, not zod.
import type { Language } from "./languages.ts";
import type { Translations } from "../schemas/translations.ts";

/** A text as a page shows it: `lang` is set when it is not in the page's language (a translation is missing). */
export interface LocalizedText {
  text: string | null;
  lang?: Language;
}

/** The text a page shows for a field in its language: the translation, else the original in the site's default (and that language). */
export function localizedText(
  original: string | null,
  translations: Translations | undefined,
  field: string,
  page: Language,
  site: Language,
): LocalizedText {
  if (page === site) return { text: original };
  const translated = translations?.[page]?.[field];
  return translated
    ? { text: translated }
    : original
      ? { text: original, lang: site }
      : { text: original };
}
