// PostgreSQL: the name and the extra words (category, tags) of each search document get a text search vector and
// an index of their own. A short prefix ("ca") is found in nearly every document's text; with one index over the
// whole document, finding the few hundred whose name has it meant reading all of them to check the word's weight.
// The folded name is kept too: folding it again for each of those to rank names that start with the word was most
// of the rest.
// SQLite's FTS5 index already has a column per part.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

export default function searchNameIndex(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      if (dialect !== "postgres") return;
      await run(db, `alter table search_document add column name_document tsvector generated always as (to_tsvector('simple', search_fold(name))) stored`);
      await run(db, `alter table search_document add column extra_document tsvector generated always as (to_tsvector('simple', search_fold(extra))) stored`);
      await run(db, `alter table search_document add column folded_name text generated always as (search_fold(name)) stored`);
      await run(db, `create index search_document_name_idx on search_document using gin (name_document)`);
      await run(db, `create index search_document_extra_idx on search_document using gin (extra_document)`);
    },
    async down(db: AnyDb) {
      if (dialect !== "postgres") return;
      await run(db, `alter table search_document drop column name_document`);
      await run(db, `alter table search_document drop column extra_document`);
      await run(db, `alter table search_document drop column folded_name`);
    },
  };
}
