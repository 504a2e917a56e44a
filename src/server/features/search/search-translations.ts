// Found results in the reader's language (decision 0044): the index holds every language's text, but a result shows
// its entity's translated title and text where there are, else the originals, named in `lang` so the page marks them.
import type { Language } from "#shared/i18n/languages.ts";
import type { SearchType } from "#shared/schemas/search.ts";
import type { FallbackLanguages, TranslatedEntity, Translations } from "#shared/schemas/translations.ts";
import { contentText } from "#server/features/page/index.ts";
import type { SearchRow } from "./search.repository.ts";

/** A found row as a page in one language shows it. */
export type ShownRow = SearchRow & { lang: FallbackLanguages };

/** Found rows as a page in `language` (by default the site's) shows them, in their order. */
export type SearchTranslator = (rows: readonly SearchRow[], language: Language | undefined) => Promise<ShownRow[]>;

/** Which of each kind's translated fields are its result's title and its text (a business's name is its own). */
const SHOWN: Partial<Record<SearchType, { entity: TranslatedEntity; title?: string; text?: string; html?: boolean }>> = {
  business: { entity: "business", text: "description" },
  category: { entity: "category", title: "name", text: "description" },
  tag: { entity: "tag", title: "name" },
  event: { entity: "event", title: "name", text: "description" },
  offer: { entity: "offer", text: "description" },
  post: { entity: "post", title: "title", text: "content", html: true },
};

export function searchTranslator(deps: {
  readMany: (type: TranslatedEntity, ids: readonly string[]) => Promise<Map<string, Translations>>;
  defaultLanguage: () => Promise<Language>;
}): SearchTranslator {
  return async (rows, asked) => {
    const original = await deps.defaultLanguage();
    const language = asked ?? original;
    const kinds = [...new Set(rows.map((row) => row.kind))];
    const read = new Map(
      await Promise.all(
        kinds.map(async (kind) => {
          const shown = SHOWN[kind];
          const ids = rows.filter((row) => row.kind === kind).map((row) => row.ref);
          return [kind, shown ? await deps.readMany(shown.entity, ids) : new Map<string, Translations>()] as const;
        }),
      ),
    );
    return rows.map((row) => {
      const shown = SHOWN[row.kind];
      if (!shown) return { ...row, lang: {} };
      const all = read.get(row.kind)?.get(row.ref) ?? {};
      // In the original's language, its own text without the translations the index holds after it.
      if (language === original) return { ...row, body: withoutTranslations(row.body, all, shown.html), lang: {} };
      const texts = all[language] ?? {};
      const lang: FallbackLanguages = {};
      let { name, body } = row;
      if (shown.title) {
        if (texts[shown.title]) name = texts[shown.title]!;
        else lang.title = original;
      }
      const text = shown.text ? texts[shown.text] : undefined;
      if (text) body = shown.html ? contentText(text, "html") : text;
      else {
        body = withoutTranslations(body, all, shown.html);
        if (body) lang.snippet = original;
      }
      return { ...row, name, body, lang };
    });
  };
}

/** The index's text of an entity without the translations that follow its originals (all in the original's language). */
function withoutTranslations(body: string, translations: Translations, html = false): string {
  const appended = Object.values(translations).flatMap((fields) => Object.values(fields ?? {})).flatMap((value) => (html ? [value, contentText(value, "html")] : [value]));
  let rest = body;
  for (let found = true; found; ) {
    found = false;
    for (const value of appended) {
      const trimmed = rest.trimEnd();
      if (value && trimmed.length > value.length && trimmed.endsWith(value)) {
        rest = trimmed.slice(0, -value.length);
        found = true;
      }
    }
  }
  return rest.trimEnd();
}
