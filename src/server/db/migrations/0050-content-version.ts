// A number that grows whenever anything a visitor can see changes: every instance compares it before serving a
// page or an API read from its cache of anonymous responses, so a change made through one instance shows at once
// on all of them. Triggers keep it, so every write counts, whichever code or tool made it.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

/** The tables public pages and reads are made of. The others (sessions, audit, imports, requests…) change nothing a visitor sees. */
export const CONTENT_TABLES = [
  "business",
  "business_owner",
  "business_photo",
  "business_tag",
  "category",
  "event",
  "event_occurrence_change",
  "offer",
  "page",
  "post",
  "site_settings",
  "tag",
  "user",
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

export default function contentVersion(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("content_version")
        .addColumn("id", "integer", (col) => col.primaryKey())
        .addColumn("version", "bigint", (col) => col.notNull())
        .execute();
      await db.insertInto("content_version").values({ id: 1, version: 1 }).execute();

      if (dialect === "sqlite") {
        // One writer at a time: the count moves inside the writing transaction and is seen with its rows.
        for (const table of CONTENT_TABLES) {
          for (const event of ["insert", "update", "delete"]) {
            await run(
              db,
              `create trigger content_version_${table}_${event} after ${event} on "${table}"
                 begin update content_version set version = version + 1 where id = 1; end`,
            );
          }
        }
        return;
      }

      // PostgreSQL: deferred to the end of the writing transaction, once per transaction. Taking the counter's
      // row lock last means two writers can never deadlock over it, and readers never see a count ahead of
      // the rows it stands for.
      await run(
        db,
        `create function content_version_bump() returns trigger language plpgsql as $$
         begin
           if current_setting('niche.content_version_bumped', true) is distinct from '1' then
             perform set_config('niche.content_version_bumped', '1', true);
             update content_version set version = version + 1 where id = 1;
           end if;
           return null;
         end $$`,
      );
      for (const table of CONTENT_TABLES) {
        await run(
          db,
          `create constraint trigger content_version_${table} after insert or update or delete on "${table}"
             deferrable initially deferred for each row execute function content_version_bump()`,
        );
      }
    },
  };
}
