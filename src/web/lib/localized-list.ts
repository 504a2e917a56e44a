// A list's items in the page's language (decision 0044): each translatable field's translation where one is saved,
// else the original, whose language the item's `lang` names so the card marks it. One read for the whole list.
import type { Language } from "#shared/i18n/index.ts";
import type { TranslatedEntity, Translations } from "#shared/schemas/translations.ts";
import { localizedText } from "#shared/i18n/localized-text.ts";

/** Which fields are shown in another language than the page's (the original, where no translation is saved). */
export type FieldLanguages<F extends string> = Partial<Record<F, Language>>;

interface Reader {
  readMany(type: TranslatedEntity, ids: readonly string[]): Promise<Map<string, Translations>>;
}

export async function localizedList<T extends { id: string }, F extends keyof T & string>(
  translations: Reader,
  type: TranslatedEntity,
  items: T[],
  fields: readonly F[],
  page: Language,
  site: Language,
): Promise<Array<T & { lang?: FieldLanguages<F> }>> {
  if (page === site || items.length === 0) return items;
  const saved = await translations.readMany(type, [...new Set(items.map((item) => item.id))]);
  return items.map((item) => {
    const shown: Record<string, unknown> = {};
    const lang: FieldLanguages<F> = {};
    for (const field of fields) {
      const text = localizedText(item[field] as string | null, saved.get(item.id), field, page, site);
      shown[field] = text.text;
      if (text.lang) lang[field] = text.lang;
    }
    return { ...item, ...shown, lang };
  });
}
