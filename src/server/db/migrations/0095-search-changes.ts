// Which search documents changed since the search index in the process last read them (decision 0062): one row per
// document id, marked by each insert, update or deletion of `search_document` (which triggers keep in step with the
// content, 0002-search and later). An instance whose index is older reads only the documents marked since, instead
// of every document.
//
// Marks as for the map (0088-map-changes): on SQLite, one writer at a time, each mark is one more than the last; on
// PostgreSQL the mark is the writing transaction's id, and a reader reads from the oldest transaction its snapshot
// could not see (`pg_snapshot_xmin`), so a write committed after it read is never passed over. PostgreSQL marks once
// per statement (an import writes thousands of documents in one).
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * Each write and the rows that name the documents it wrote. A document's id never changes (an integer key; an
 * identity column on PostgreSQL), so an update's new rows name them all.
 */
const EVENTS = [
  ["insert", "new"],
  ["update", "new"],
  ["delete", "old"],
] as const;

export default function searchChanges(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("search_change")
        .addColumn("id", dialect === "postgres" ? "bigint" : "integer", (col) => col.primaryKey())
        .addColumn("seq", "bigint", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("search_change_seq_idx").on("search_change").column("seq").execute();

      if (dialect === "sqlite") {
        for (const [event, row] of EVENTS) {
          await run(
            db,
            `create trigger search_change_${event} after ${event} on search_document
               begin
                 insert into search_change (id, seq)
                   values (${row}.id, (select coalesce(max(seq), 0) + 1 from search_change))
                   on conflict (id) do update set seq = excluded.seq;
               end`,
          );
        }
        return;
      }

      for (const [event, rows] of EVENTS) {
        await run(
          db,
          `create function search_change_${event}() returns trigger language plpgsql as $$
           begin
             insert into search_change (id, seq) select id, pg_current_xact_id()::text::bigint from ${rows}_rows
               on conflict (id) do update set seq = excluded.seq;
             return null;
           end $$`,
        );
        await run(
          db,
          `create trigger search_change_${event} after ${event} on search_document
             referencing ${rows} table as ${rows}_rows for each statement execute function search_change_${event}()`,
        );
      }
    },
  };
}
