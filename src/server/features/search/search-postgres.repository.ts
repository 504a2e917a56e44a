// The search index on PostgreSQL: a weighted tsvector per document, pg_trgm over its words for typos.
import { sql } from "kysely";
import { EngineSearchRepository } from "./search-engine.repository.ts";
import type { FindOptions, SearchRow, WordMatch } from "./search.repository.ts";
import { TYPO_MIN_LENGTH } from "#server/lib/search-text.ts";

// Query words hold only letters, digits and marks (see queryWords): quoted, they are taken as lexemes verbatim.

const lexeme = (word: string) => `'${word.replaceAll("'", "").replaceAll("\\", "")}'`;

function wordQuery({ prefix, words, stems = [] }: WordMatch, weight = ""): string {
  return `(${[...[prefix, ...stems].map((p) => `${lexeme(p)}:*${weight}`), ...words.map((w) => `${lexeme(w)}${weight ? `:${weight}` : ""}`)].join(" | ")})`;
}

const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export class PostgresSearchRepository extends EngineSearchRepository {
  /**
   * Suggestions: a short prefix can match thousands of documents, and ranking them all (ts_rank reads
   * every matching tsvector) is the slow part. Name matches are ranked; the rest only fills the list,
   * category and tag matches first, taken as the index yields them. The name and the extra words have indexes
   * of their own (migration 0051-search-name-index).
   */
  protected async findByTier({ match, types, limit }: FindOptions): Promise<SearchRow[]> {
    const all = match.map((m) => wordQuery(m)).join(" & ");
    const first = match[0]!;
    const nameStart = `^\\s*(${[first.prefix, ...first.words].map(escapeRegex).join("|")})`;
    const { rows } = await sql<SearchRow>`
      select kind, ref, name, body from search_document
      where name_document @@ ${all}::tsquery and kind = any(${[...types]}::text[])
      order by folded_name ~ ${nameStart} desc, ts_rank(document, ${all}::tsquery) desc, name
      limit ${limit}
    `.execute(this.db);
    const inName = sql`name_document @@ ${all}::tsquery`;
    const inExtra = sql`extra_document @@ ${all}::tsquery`;
    for (const [wanted, unwanted] of [
      [inExtra, [inName]],
      [sql`document @@ ${all}::tsquery`, [inName, inExtra]],
    ] as const) {
      if (rows.length >= limit) break;
      // Planned for all its rows (a materialized CTE), the index is read: planned for the first few, PostgreSQL
      // expects them early in the table and reads all of it when they are few or none.
      const more = await sql<SearchRow>`
        with hits as materialized (
          select kind, ref, name, body from search_document
          where ${wanted} and kind = any(${[...types]}::text[])
            ${sql.join(unwanted.map((q) => sql`and not ${q}`), sql` `)}
        )
        select * from hits limit ${limit - rows.length}
      `.execute(this.db);
      rows.push(...more.rows);
    }
    return rows;
  }

  protected async findRanked({ match, types, limit, perType }: FindOptions): Promise<SearchRow[]> {
    const all = match.map((m) => wordQuery(m)).join(" & ");
    // Weight A is the name.
    const inName = match.map((m) => wordQuery(m, "A")).join(" & ");
    const first = match[0]!;
    const nameStart = `^\\s*(${[first.prefix, ...first.words].map(escapeRegex).join("|")})`;
    const { rows } = await sql<SearchRow>`
      with hits as (
        select kind, ref, name, body,
          document @@ ${inName}::tsquery as name_hit,
          search_fold(name) ~ ${nameStart} as name_start,
          ts_rank(document, ${all}::tsquery) as score
        from search_document
        where document @@ ${all}::tsquery and kind = any(${[...types]}::text[])
      ),
      ranked as (
        select *, row_number() over (partition by kind order by name_hit desc, name_start desc, score desc, name) as kind_rank
        from hits
      )
      select kind, ref, name, body from ranked
      where kind_rank <= ${perType ?? limit}
      order by name_hit desc, name_start desc, score desc, name
      limit ${limit}
    `.execute(this.db);
    return rows;
  }

  async typoCandidates(word: string): Promise<string[]> {
    // Nearest words by trigram distance (GiST), so no similarity threshold can hide a short word's
    // one-letter slip; the service keeps only those really one typo away.
    const { rows } = await sql<{ word: string }>`
      select word from search_word
      where length(word) >= ${Math.max(TYPO_MIN_LENGTH, word.length - 1)}
      order by word <-> ${word}
      limit 50
    `.execute(this.db);
    return rows.map((r) => r.word);
  }
}
