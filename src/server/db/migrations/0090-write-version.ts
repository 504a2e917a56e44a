// A number that grows with every committed write to the tables people's own pages are made of (decision 0053):
// /mybusiness and the admin tabs are kept per person while it stays the same. Its triggers are laid on every table
// but a few by `watchWrites` (write-version.ts) after each migration run, so a table a later migration adds is
// watched without that migration having to remember it.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export default function writeVersion(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("write_version")
        .addColumn("id", "integer", (col) => col.primaryKey())
        .addColumn("version", "bigint", (col) => col.notNull())
        .execute();
      await db.insertInto("write_version").values({ id: 1, version: 1 }).execute();
      if (dialect === "sqlite") return;
      // PostgreSQL: once per writing transaction, at its end (as content_version_bump, migration 0050).
      await sql
        .raw(
          `create function write_version_bump() returns trigger language plpgsql as $$
           begin
             if current_setting('niche.write_version_bumped', true) is distinct from '1' then
               perform set_config('niche.write_version_bumped', '1', true);
               update write_version set version = version + 1 where id = 1;
             end if;
             return null;
           end $$`,
        )
        .execute(db);
    },
  };
}
