// The association's own texts in other languages (docs/decisions/0044-content-translations.md): per language, the
// entity's translatable fields, each checked (and cleaned) by the same rule as the original field.
import { z } from "zod";
import { LANGUAGES, type Language } from "../i18n/languages.ts";

/** The kinds of entity whose texts may be translated, as their translations are stored. */
export const TRANSLATED_ENTITIES = [
  "business",
  "category",
  "tag",
  "event",
  "offer",
  "post",
  "page",
  "announcement",
  "site",
] as const;
export type TranslatedEntity = (typeof TRANSLATED_ENTITIES)[number];

/** Per language, per field, the text: what the API answers and a form starts from. */
export type Translations = Partial<Record<Language, Record<string, string>>>;

export const TranslationsSchema = z
  .partialRecord(z.enum(LANGUAGES), z.record(z.string(), z.string()))
  .meta({
    description:
      "The texts in other languages than the site's default, by language and field",
    example: { fr: { description: "Café du coin" } },
  });

/**
 * What a client sends: per language, each translatable field's text by the original field's rule; blank or null
 * removes that translation. Languages left out keep theirs; a language sent replaces that language's fields.
 */
export function translationsInput<S extends Record<string, z.ZodType>>(
  fields: S,
) {
  const language = z
    .object(
      Object.fromEntries(
        Object.entries(fields).map(([name, rule]) => [name, rule.optional()]),
      ) as { [K in keyof S]: z.ZodOptional<S[K]> },
    )
    .strict();
  return z
    .partialRecord(
      z.enum(LANGUAGES, {
        error: "Translations are given by language code (en, fr).",
      }),
      language.optional(),
    )
    .optional()
    .meta({
      description:
        "Texts in the site's other offered languages, by language and field (blank removes one)",
      example: { fr: { [Object.keys(fields)[0] ?? "name"]: "Café du coin" } },
    });
}

/** The fields of each entity a translation may hold. */
export const TRANSLATABLE: Record<"business" | "category" | "tag" | "event" | "offer" | "post" | "page" | "announcement", readonly string[]> = {
  business: ["description"],
  category: ["name", "description"],
  tag: ["name"],
  event: ["name", "description"],
  offer: ["description", "terms"],
  post: ["title", "content"],
  page: ["name", "content"],
  announcement: ["title", "body"],
};

/** The language of each text an entity shows in the original's language, because it has no translation into the page's. */
export const FallbackLanguagesSchema = z.partialRecord(z.string(), z.enum(LANGUAGES)).meta({
  description: "The fields shown in the site's default language (named here) because they have no translation into the one asked for",
  example: { title: "en" },
});
export type FallbackLanguages = Partial<Record<string, Language>>;
