// Change marks (decisions 0050, 0062): tables that triggers keep with one row per thing written (a business for the
// map, `map_change`; a search document, `search_change`), marked with the order of the write. An index in the process
// notes where the marks stood when it read, and reads next only what was marked since.
//
// SQLite has one writer at a time, so each mark is one more than the last. PostgreSQL's writers commit in any order,
// so the mark is the writing transaction's id, and a reader reads from the oldest transaction its snapshot could not
// see (`pg_snapshot_xmin`): a write committed after it read is never passed over.
//
// A deleted thing's row is needed only by an index read before the deletion, so a daily job clears the rows of things
// that are gone, keeping the highest mark cleared in a row of its own (a key no thing has). An index whose mark is at
// or below it may have needed a cleared row: reading from its mark finds that row, and the index is read whole
// instead. On SQLite that row also keeps the marks from going back.
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { DB } from "./database-types.ts";

/** A table of change marks: its key column, the table of the things it marks and their key, and the cleared row's key. */
export interface ChangeMarks<K extends string | number> {
  table: "map_change" | "search_change";
  key: string;
  source: { table: string; key: string };
  cleared: K;
}

// The tables are named by the caller, so the queries are built without the generated types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loose = (db: Kysely<DB>) => db as unknown as Kysely<any>;

/**
 * Where the marks stand: a thing marked at or past it was written after this read, or by a transaction this read
 * could not see yet. Taken before reading the things, so a write landing between the two is read again next time.
 */
export async function changeMark(db: Kysely<DB>, marks: ChangeMarks<string | number>): Promise<number> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ mark: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as mark`.execute(db);
    return Number(rows[0]!.mark);
  }
  const row = (await loose(db).selectFrom(marks.table).select((eb) => eb.fn.max("seq").as("seq")).executeTakeFirst()) as { seq: unknown } | undefined;
  return Number(row?.seq ?? 0) + 1;
}

/**
 * The keys of the things written since `mark` (a `changeMark`), at most `limit` of them, and the mark to read from
 * next time; null when more were written, when the marks went back (a database restored or replaced), or when marks
 * from `mark` on were cleared: then only reading every thing tells what is there.
 */
export async function changesSince<K extends string | number>(
  db: Kysely<DB>,
  marks: ChangeMarks<K>,
  { mark, limit, next }: { mark: number; limit: number; /** `changeMark` now, taken first. */ next: number },
): Promise<{ mark: number; keys: K[] } | null> {
  if (next < mark) return null;
  const rows = (await loose(db).selectFrom(marks.table).select(marks.key).where("seq", ">=", mark).limit(limit + 1).execute()) as Array<Record<string, unknown>>;
  const keys = rows.map((row) => (typeof marks.cleared === "number" ? Number(row[marks.key]) : row[marks.key]) as K);
  if (keys.includes(marks.cleared)) return null;
  return keys.length > limit ? null : { mark: next, keys };
}

/** Clears the marks of things that no longer exist, keeping the highest mark cleared; answers how many. */
export async function clearGone(db: Kysely<DB>, marks: ChangeMarks<string | number>): Promise<number> {
  const { table, key, source, cleared } = marks;
  return loose(db)
    .transaction()
    .execute(async (trx) => {
      const gone = trx
        .selectFrom(table)
        .select(`${table}.${key}`)
        .where(`${table}.${key}`, "!=", cleared)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom(source.table).select(`${source.table}.${source.key}`).whereRef(`${source.table}.${source.key}`, "=", `${table}.${key}`))));
      const highest = (await trx
        .selectFrom(table)
        .select((eb) => [eb.fn.max("seq").as("seq"), eb.fn.countAll<number>().as("count")])
        .where(key, "in", gone)
        .executeTakeFirstOrThrow()) as { seq: unknown; count: unknown };
      if (Number(highest.count) === 0 || highest.seq === null) return 0;
      await trx.deleteFrom(table).where(key, "in", gone).execute();
      await trx
        .insertInto(table)
        .values({ [key]: cleared, seq: highest.seq })
        .onConflict((oc) => oc.column(key).doUpdateSet({ seq: sql`case when excluded.seq > ${sql.ref(`${table}.seq`)} then excluded.seq else ${sql.ref(`${table}.seq`)} end` }))
        .execute();
      return Number(highest.count);
    });
}
