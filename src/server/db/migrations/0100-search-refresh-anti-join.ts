// On PostgreSQL each write's statement trigger brings the search documents of the rows it wrote in line with their
// sources (migrations 0041 and 0083): first it deletes the documents whose source row is gone, as
//   delete from search_document where kind = 'K' and ref in (<ids>)
//     and ref not in (select ref from search_source_K where ref in (<ids>))
// The planner has no row count for a trigger's transition table, and planned that `not in` as a filter over every
// document: a sequential scan of search_document on every write of a business, a tag of one, an event or an offer
// (at 100,000 businesses, 175,000 documents: 76 ms of a statement; an import's apply of 10,000 rows grew from 5.8 s
// on a site of 2,000 to 11.9 s on one of 92,000). Written as an anti-join on the document's own ref, it is driven by
// the rows written, through search_document's (kind, ref) key: 134 → 18 ms for a statement adding 200 tags to
// businesses at 100,000, the rest being the documents' own upserts.
//
// The functions are rewritten where they stand (every `search_on_*` function holds statements of that one form), so
// that those of both migrations change alike; a function left with the old form fails the migration.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const NOT_IN = /delete from search_document where kind = '(\w+)' and ref in \((.+)\)\n(\s+)and ref not in \(select ref from search_source_\1 where ref in \(\2\)\)/g;
const NOT_EXISTS = /delete from search_document d where d\.kind = '(\w+)' and d\.ref in \((.+)\)\n(\s+)and not exists \(select from search_source_\1 s where s\.ref = d\.ref\)/g;

async function rewrite(db: AnyDb, from: RegExp, to: string, left: string) {
  const { rows } = await sql<{ name: string; source: string }>`
    select proname as name, prosrc as source from pg_proc where proname like 'search\\_on\\_%' and prosrc like '%delete from search_document%'`.execute(db);
  for (const { name, source } of rows) {
    const rewritten = source.replace(from, to);
    if (rewritten.includes(left)) throw new Error(`${name} still holds "${left}" after its rewrite`);
    await sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$${rewritten}$$`).execute(db);
  }
}

export default function searchRefreshAntiJoin(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      if (dialect !== "postgres") return;
      await rewrite(db, NOT_IN, "delete from search_document d where d.kind = '$1' and d.ref in ($2)\n$3and not exists (select from search_source_$1 s where s.ref = d.ref)", "and ref not in (");
    },
    async down(db: AnyDb) {
      if (dialect !== "postgres") return;
      await rewrite(db, NOT_EXISTS, "delete from search_document where kind = '$1' and ref in ($2)\n$3and ref not in (select ref from search_source_$1 where ref in ($2))", "and not exists (");
    },
  };
}
