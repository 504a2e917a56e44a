// How many rows a searched list's matches come to, counted no further than the pages a person pages through
// (decision 0063): a search matching most of 100,000 businesses costs a thousand rows counted, not every match.
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { DB } from "./database-types.ts";

/** A searched list counts its matches up to this many (rounded up to whole pages), or to the page asked. */
export const COUNT_CAP = 1000;

/**
 * How far a searched list's page from `offset` counts: whole pages, at least `COUNT_CAP` rows and at least to the
 * page's end, so that past the cap the count still tells whether a next page exists.
 */
export function countLimit(offset: number, pageSize: number): number {
  return Math.max(Math.ceil(COUNT_CAP / pageSize) * pageSize, offset + pageSize);
}

/**
 * The rows of `matches` (a select of the list's rows, without columns), counted up to `limit` + 1. Past `limit`
 * the answer is `limit` + 1 with `totalIsLowerBound`: at least that many match (more than `limit`), and counting
 * stopped there. `matches` may read tables database-types.ts leaves out (SQLite's own indexes, added with
 * `withTables`); the count reads none of their columns.
 */
export async function cappedCount<D extends DB, TB extends keyof D>(
  db: Kysely<DB>,
  matches: SelectQueryBuilder<D, TB, object>,
  limit: number,
): Promise<{ total: number; totalIsLowerBound: boolean }> {
  const row = await db
    .selectFrom((matches as unknown as SelectQueryBuilder<DB, keyof DB, object>).select(sql<number>`1`.as("one")).limit(limit + 1).as("matched"))
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  return { total, totalIsLowerBound: total > limit };
}
