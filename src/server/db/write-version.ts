// The write version's triggers (migration 0090-write-version, decision 0053): laid on every table but those below,
// after each migration run, so that a table added later is watched too. Idempotent, and safe for instances that
// start together (SQLite has one writer; PostgreSQL takes a lock for it).
import { sql } from "kysely";
import type { Database } from "./database.ts";

/**
 * Tables whose writes change nothing a person's kept page shows: the counters themselves, the migrator's, the
 * sessions (read on every request before any kept page is served), verification tokens, job leases, geocoding's
 * cache and rate, spent proof-of-work solutions, the search index's change marks (written only beside the search
 * documents they mark, and cleared by a job), the businesses' folded names and the map's cell counts (written only
 * beside the businesses, by triggers), and the insights' visit counts and their totals, written by every visitor's page view (the one page that
 * shows them, /mybusiness?insights=, is never kept).
 */
export const UNWATCHED_TABLES: readonly string[] = [
  "content_version",
  "write_version",
  "kysely_migration",
  "kysely_migration_lock",
  "session",
  "verification",
  "job",
  "geo_cache",
  "geo_rate",
  "used_challenge",
  "search_change",
  "business_folded_name",
  "map_cell",
  "insight_count",
  "insight_search",
  "insight_missed_search",
  "insight_day_total",
  "insight_window",
  "insight_window_total",
  "insight_category_total",
  "insight_tag_total",
];

const trigger = (table: string) => `write_version_${table}`;

/** Lays the write version's triggers on every watched table that has none yet; returns the tables it watched anew. */
export async function watchWrites(database: Database): Promise<string[]> {
  if (database.dialect === "sqlite") {
    const { rows } = await sql<{ name: string; watched: number }>`
      select t.name, exists(select 1 from sqlite_master g where g.type = 'trigger' and g.name = 'write_version_' || t.name || '_insert') as watched
      from pragma_table_list t where t.schema = 'main' and t.type = 'table' and t.name not like 'sqlite\\_%' escape '\\'`.execute(database.db);
    const added = rows.filter((row) => !row.watched && !UNWATCHED_TABLES.includes(row.name)).map((row) => row.name);
    for (const table of added) {
      for (const event of ["insert", "update", "delete"]) {
        await sql
          .raw(`create trigger if not exists "${trigger(table)}_${event}" after ${event} on "${table}" begin update write_version set version = version + 1 where id = 1; end`)
          .execute(database.db);
      }
    }
    return added;
  }
  return database.transaction(async () => {
    // One instance at a time lays them; the others then find them laid.
    await sql`select pg_advisory_xact_lock(hashtext('niche.write_version'))`.execute(database.db);
    const { rows } = await sql<{ name: string; watched: boolean }>`
      select c.relname as name, exists(select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'write_version_' || c.relname) as watched
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = current_schema()`.execute(database.db);
    const added = rows.filter((row) => !row.watched && !UNWATCHED_TABLES.includes(row.name)).map((row) => row.name);
    for (const table of added) {
      await sql
        .raw(
          `create constraint trigger "${trigger(table)}" after insert or update or delete on "${table}"
             deferrable initially deferred for each row execute function write_version_bump()`,
        )
        .execute(database.db);
    }
    return added;
  });
}
