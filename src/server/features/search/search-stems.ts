// Stems of the query's words in the languages the site's texts are written in: on PostgreSQL, its `english` and
// `french` text search configurations' Snowball dictionaries, so "restaurants" finds "restaurant" and "cafés" finds
// "café" beside the accent- and case-folding every search has (docs/decisions/0044-content-translations.md).
// SQLite has no such dictionaries: its searches fold accents and match prefixes only.
import { sql } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "#server/db/database.ts";

/** Each word's stems that reach further than the word itself (shorter, at least this long). */
const MIN_STEM = 4;

/** A word's stems, by word; a word without any useful stem has []. */
export type Stemmer = (
  words: readonly string[],
) => Promise<Map<string, string[]>>;

/** The dictionaries' stems, each word asked once per process (a search per keystroke asks the same words again). */
export function createStemmer(database: Database): Stemmer | undefined {
  if (database.dialect !== "postgres") return undefined;
  const known = new LRUCache<string, string[]>({ max: 10_000 });
  return async (words) => {
    const asked = words.filter(
      (word) => word.length > MIN_STEM && !known.has(word),
    );
    if (asked.length > 0) {
      const { rows } = await sql<{ word: string; stems: string[] | null }>`
        select w as word, coalesce(ts_lexize('english_stem', w), '{}') || coalesce(ts_lexize('french_stem', w), '{}') as stems
        from unnest(${asked}::text[]) as w
      `.execute(database.db);
      for (const { word, stems } of rows)
        known.set(
          word,
          [...new Set(stems ?? [])].filter(
            (stem) =>
              stem.length >= MIN_STEM &&
              stem.length < word.length &&
              word.startsWith(stem.slice(0, MIN_STEM)),
          ),
        );
    }
    return new Map(words.map((word) => [word, known.get(word) ?? []]));
  };
}
