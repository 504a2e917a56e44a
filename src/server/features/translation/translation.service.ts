// Translations of an entity's texts: read beside the entity, written with it. The entity's own service decides who
// may write (an administrator, or an owner's change once approved); this one checks the languages: only the site's
// offered languages other than its default, in which the originals are written.
import type { z } from "zod";
import { Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import { LANGUAGE_NAMES, type Language } from "#shared/i18n/index.ts";
import type { FallbackLanguages, TranslatedEntity, Translations } from "#shared/schemas/translations.ts";
import { localizedText, type LocalizedText } from "#shared/i18n/localized-text.ts";
import type { TranslationRepository } from "./translation.repository.ts";

/** The translations a client sent, each field already checked (and cleaned) by its original's rule. */
export type TranslationsInput =
  | Partial<
      Record<Language, Partial<Record<string, string | null>> | undefined>
    >
  | undefined;

/**
 * The translations a client sent (`raw`), by `schema`'s rules (each refusal beside `translations.<language>.<field>`),
 * each field in `clean` then cleaned as its original is (rich text sanitized); a text cleaned to nothing is none.
 */
export function translationsFrom(
  schema: z.ZodType<TranslationsInput>,
  raw: unknown,
  required: string,
  clean: Record<string, (text: string) => string | null> = {},
): TranslationsInput {
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw invalidInput(
      parsed.error.issues.map((issue) => ({ ...issue, path: ["translations", ...issue.path] })),
      required,
    );
  if (!parsed.data) return undefined;
  return Object.fromEntries(
    Object.entries(parsed.data).map(([language, fields]) => [
      language,
      fields &&
        Object.fromEntries(
          Object.entries(fields).map(([field, text]) => [field, text && clean[field] ? clean[field](text) : text]),
        ),
    ]),
  ) as TranslationsInput;
}

export interface LanguageSettings {
  languages: readonly Language[];
  defaultLanguage: Language;
}

export const translationMessages = {
  notOffered: (language: Language) =>
    `The site does not offer ${LANGUAGE_NAMES[language]}: turn it on in Site settings before translating into it.`,
  isDefault: (language: Language) =>
    `${LANGUAGE_NAMES[language]} is the site's default language: edit the original text instead.`,
};

export class TranslationService {
  private readonly repository: TranslationRepository;
  private readonly settings: () => Promise<LanguageSettings>;
  constructor(
    repository: TranslationRepository,
    settings: () => Promise<LanguageSettings>,
  ) {
    this.repository = repository;
    this.settings = settings;
  }

  async read(type: TranslatedEntity, id: string): Promise<Translations> {
    return (await this.repository.read(type, [id])).get(id) ?? {};
  }

  /** Each entity's translations by id; an entity without any has `{}`. */
  async readMany(
    type: TranslatedEntity,
    ids: readonly string[],
  ): Promise<Map<string, Translations>> {
    const found = await this.repository.read(type, ids);
    for (const id of ids) if (!found.has(id)) found.set(id, {});
    return found;
  }

  /** Each entity with its translations, read at once. */
  async withAll<T extends { id: string }>(type: TranslatedEntity, entities: T[]): Promise<Array<T & { translations: Translations }>> {
    const found = await this.readMany(type, entities.map((entity) => entity.id));
    return entities.map((entity) => ({ ...entity, translations: found.get(entity.id) ?? {} }));
  }

  /**
   * An entity written by `save` (which authorizes) with its translations: checked before it is written, saved once
   * it is. For entities whose service does not take translations itself (categories, tags).
   */
  async saving<T extends { id: string }>(type: TranslatedEntity, input: TranslationsInput, fields: readonly string[], save: () => Promise<T>): Promise<T & { translations: Translations }> {
    await this.check(input);
    const entity = await save();
    await this.write(type, entity.id, input, fields);
    return { ...entity, translations: await this.read(type, entity.id) };
  }

  /**
   * The texts a page in `page`'s language shows for an entity's fields: each field's translation, else the original
   * with the language it is written in (the site's default), which the page marks with `lang`.
   */
  async localize<F extends string>(
    type: TranslatedEntity,
    id: string | null | undefined,
    originals: Record<F, string | null>,
    page: Language,
  ): Promise<Record<F, LocalizedText>> {
    const { defaultLanguage } = await this.settings();
    const translations =
      id && page !== defaultLanguage ? await this.read(type, id) : {};
    const entries = (
      Object.entries(originals) as Array<[F, string | null]>
    ).map(([field, text]) => [
      field,
      localizedText(text, translations, field, page, defaultLanguage),
    ]);
    return Object.fromEntries(entries) as Record<F, LocalizedText>;
  }

  /**
   * Entities as a page in `page`'s language shows them: each of `fields` translated where it is, else the original,
   * whose language `lang` names per field (the page marks those texts with it).
   */
  async localizeAll<T extends { id: string }>(
    type: TranslatedEntity,
    entities: T[],
    fields: ReadonlyArray<keyof T & string>,
    page: Language,
  ): Promise<Array<T & { lang: FallbackLanguages }>> {
    const { defaultLanguage } = await this.settings();
    const found =
      page === defaultLanguage || entities.length === 0
        ? new Map<string, Translations>()
        : await this.repository.read(type, entities.map((entity) => entity.id));
    return entities.map((entity) => {
      const lang: FallbackLanguages = {};
      const texts: Record<string, string | null> = {};
      for (const field of fields) {
        const shown = localizedText(entity[field] as string | null, found.get(entity.id), field, page, defaultLanguage);
        texts[field] = shown.text;
        if (shown.lang) lang[field] = shown.lang;
      }
      return { ...entity, ...texts, lang };
    });
  }

  /** Refuses, beside the language at fault, a language the site does not offer or its default. */
  async check(input: TranslationsInput): Promise<void> {
    if (!input) return;
    const { languages, defaultLanguage } = await this.settings();
    for (const language of Object.keys(input) as Language[]) {
      const message =
        language === defaultLanguage
          ? translationMessages.isDefault(language)
          : !languages.includes(language)
            ? translationMessages.notOffered(language)
            : null;
      if (message)
        throw Validation(message, { [`translations.${language}`]: message });
    }
  }

  /** Saves the languages sent (each replacing that language's `fields`); the others stay as they are. */
  async write(
    type: TranslatedEntity,
    id: string,
    input: TranslationsInput,
    fields: readonly string[],
  ): Promise<void> {
    if (!input) return;
    await this.check(input);
    const languages = Object.fromEntries(
      Object.entries(input).map(([language, values]) => [
        language,
        Object.fromEntries(
          fields.map((field) => [field, values?.[field] ?? null]),
        ),
      ]),
    );
    await this.repository.replace(type, id, languages, fields);
  }
}
