// The stored translations: one row per entity, language and field.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { Language } from "#shared/i18n/index.ts";
import type {
  TranslatedEntity,
  Translations,
} from "#shared/schemas/translations.ts";

export class TranslationRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Each entity's translations, by id (entities with none are left out). */
  async read(
    type: TranslatedEntity,
    ids: readonly string[],
  ): Promise<Map<string, Translations>> {
    const found = new Map<string, Translations>();
    if (ids.length === 0) return found;
    const rows = await this.db
      .selectFrom("content_translation")
      .select(["entityId", "language", "field", "value"])
      .where("entityType", "=", type)
      .where("entityId", "in", [...new Set(ids)])
      .orderBy("entityId")
      .orderBy("language")
      .orderBy("field")
      .execute();
    for (const row of rows) {
      const translations = found.get(row.entityId) ?? {};
      (translations[row.language as Language] ??= {})[row.field] = row.value;
      found.set(row.entityId, translations);
    }
    return found;
  }

  /** Replaces the fields of each language given: a null or missing field's translation is removed. */
  async replace(
    type: TranslatedEntity,
    id: string,
    languages: Partial<Record<Language, Record<string, string | null>>>,
    fields: readonly string[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [language, values] of Object.entries(languages)) {
        await trx
          .deleteFrom("content_translation")
          .where("entityType", "=", type)
          .where("entityId", "=", id)
          .where("language", "=", language)
          .where("field", "in", fields)
          .execute();
        const rows = Object.entries(values ?? {}).flatMap(([field, value]) =>
          value
            ? [{ entityType: type, entityId: id, language, field, value }]
            : [],
        );
        if (rows.length > 0)
          await trx.insertInto("content_translation").values(rows).execute();
      }
    });
  }
}
