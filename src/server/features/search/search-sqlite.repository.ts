// The search index on SQLite: FTS5 over search_document, its vocabulary for typos.
import { sql } from "kysely";
import { EngineSearchRepository } from "./search-engine.repository.ts";
import type { FindOptions, SearchRow, WordMatch } from "./search.repository.ts";
import { TYPO_MIN_LENGTH } from "#server/lib/search-text.ts";

// Query words hold only letters, digits and marks (see queryWords), so quoting them is enough.

const phrase = (word: string) => `"${word.replaceAll('"', "")}"`;

function wordExpression({ prefix, words, stems = [] }: WordMatch, initial = false): string {
  const start = initial ? "^" : "";
  return `(${[...[prefix, ...stems].map((p) => `${start}${phrase(p)}*`), ...words.map((w) => `${start}${phrase(w)}`)].join(" OR ")})`;
}

export class SqliteSearchRepository extends EngineSearchRepository {
  /**
   * Suggestions: a short prefix can match thousands of documents, and scoring them all (bm25) costs
   * tens of milliseconds. Name matches are scored; the rest is only needed to fill the list, so
   * category and tag matches, then any other, are taken as the index yields them.
   */
  protected async findByTier({ match, types, limit }: FindOptions): Promise<SearchRow[]> {
    const all = match.map((m) => wordExpression(m)).join(" AND ");
    const inName = `{name} : (${all})`;
    const inExtra = `{extra} : (${all})`;
    const nameStart = `{name} : ${wordExpression(match[0]!, true)}`;
    const { rows } = await sql<SearchRow>`
      select d.kind, d.ref, d.name, d.body
      from search_fts join search_document d on d.id = search_fts.rowid
      where search_fts match ${inName} and d.kind in (${sql.join(types)})
      order by d.id in (select rowid from search_fts where search_fts match ${nameStart}) desc, bm25(search_fts, 10.0, 4.0, 1.0), d.name
      limit ${limit}
    `.execute(this.db);
    for (const tier of [`(${inExtra}) NOT (${inName})`, `(${all}) NOT (${inName}) NOT (${inExtra})`]) {
      if (rows.length >= limit) break;
      const more = await sql<SearchRow>`
        select d.kind, d.ref, d.name, d.body
        from search_fts join search_document d on d.id = search_fts.rowid
        where search_fts match ${tier} and d.kind in (${sql.join(types)})
        limit ${limit - rows.length}
      `.execute(this.db);
      rows.push(...more.rows);
    }
    return rows;
  }

  protected async findRanked({ match, types, limit, perType }: FindOptions): Promise<SearchRow[]> {
    const all = match.map((m) => wordExpression(m)).join(" AND ");
    const inName = `{name} : (${all})`;
    const nameStart = `{name} : ${wordExpression(match[0]!, true)}`;
    const { rows } = await sql<SearchRow>`
      with hits as (
        select d.kind, d.ref, d.name, d.body,
          d.id in (select rowid from search_fts where search_fts match ${inName}) as name_hit,
          d.id in (select rowid from search_fts where search_fts match ${nameStart}) as name_start,
          bm25(search_fts, 10.0, 4.0, 1.0) as score
        from search_fts join search_document d on d.id = search_fts.rowid
        where search_fts match ${all} and d.kind in (${sql.join(types)})
      ),
      ranked as (
        select *, row_number() over (partition by kind order by name_hit desc, name_start desc, score, name) as kind_rank
        from hits
      )
      select kind, ref, name, body from ranked
      where kind_rank <= ${perType ?? limit}
      order by name_hit desc, name_start desc, score, name
      limit ${limit}
    `.execute(this.db);
    return rows;
  }

  async typoCandidates(word: string): Promise<string[]> {
    // The vocabulary is ordered by spelling only, and reading all of it costs tens of milliseconds with
    // 10,000 businesses. Reading the words that start with the typed word's first or second letter
    // covers every typo except a wrong or missing first letter, which SQLite therefore does not forgive.
    const starts = [...new Set([word[0]!, word[1]!])];
    const terms: string[] = [];
    for (const start of starts) {
      const { rows } = await sql<{ term: string }>`
        select term from search_vocab
        where term >= ${start} and term < ${`${start}\u{10FFFF}`} and length(term) >= ${Math.max(TYPO_MIN_LENGTH, word.length - 1)}
      `.execute(this.db);
      terms.push(...rows.map((r) => r.term));
    }
    return terms;
  }
}
