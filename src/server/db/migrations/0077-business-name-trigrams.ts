// A search of the admin's business list (`name like '%words%'` on folded names) reads a trigram index on PostgreSQL
// instead of folding every name of the table: a b-tree cannot serve a pattern that starts with a wildcard. SQLite
// counts and pages such a search from business_folded_name_idx (0066) and needs nothing more. pg_trgm is created by
// 0002-search.ts.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function businessNameTrigrams(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      if (dialect !== "postgres") return;
      await sql`create index business_folded_name_trgm_idx on business using gin (trim(search_fold(name)) gin_trgm_ops)`.execute(db);
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      if (dialect !== "postgres") return;
      await sql`drop index business_folded_name_trgm_idx`.execute(db);
    },
  };
}
