// Which businesses changed since the map's index last read them (decision 0050): one row per business, marked by
// each write to the business or its tags, deletions included. Triggers keep it, so a write from any instance, code or
// tool is seen, and an instance brings its index up to date by reading the businesses marked since its last read
// instead of every business.
//
// SQLite has one writer at a time, so each mark is one more than the last and marks are taken in the order writes
// commit. PostgreSQL's writers run side by side and commit in any order, so the mark is the writing transaction's
// id: a reader keeps the oldest transaction its snapshot could not see (`pg_snapshot_xmin`), and reads from there
// next time, so a write committed after it read is never passed over.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** The tables whose writes move a business on the map or change what its filters ask, and their business's column. */
const WATCHED = [
  ["business", "id"],
  ["business_tag", "businessId"],
] as const;

export default function mapChanges(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("map_change")
        .addColumn("businessId", "text", (col) => col.primaryKey())
        .addColumn("seq", "bigint", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("map_change_seq_idx").on("map_change").column("seq").execute();

      if (dialect === "sqlite") {
        for (const [table, column] of WATCHED) {
          for (const [event, row] of [
            ["insert", "new"],
            ["update", "new"],
            ["update", "old"],
            ["delete", "old"],
          ] as const) {
            await run(
              db,
              `create trigger map_change_${table}_${event}_${row} after ${event} on "${table}"
                 begin
                   insert into map_change ("businessId", seq)
                     values (${row}."${column}", (select coalesce(max(seq), 0) + 1 from map_change))
                     on conflict ("businessId") do update set seq = excluded.seq;
                 end`,
            );
          }
        }
        return;
      }

      await run(
        db,
        `create function map_change_mark() returns trigger language plpgsql as $$
         declare
           business text;
         begin
           foreach business in array array[to_jsonb(new) ->> tg_argv[0], to_jsonb(old) ->> tg_argv[0]] loop
             if business is not null then
               insert into map_change ("businessId", seq) values (business, pg_current_xact_id()::text::bigint)
                 on conflict ("businessId") do update set seq = excluded.seq;
             end if;
           end loop;
           return null;
         end $$`,
      );
      for (const [table, column] of WATCHED) {
        await run(db, `create trigger map_change_${table} after insert or update or delete on "${table}" for each row execute function map_change_mark('${column}')`);
      }
    },
  };
}
