// A paged list read from where the page before or after stopped (decision 0068): `after` or `before` carries the
// list's sort key of the row a page ended or began with, so a page deep in a list reads its own rows from the
// list's index instead of walking every entry before it, as an offset does.
import { PostgresAdapter, sql, type Expression, type Kysely, type SelectQueryBuilder } from "kysely";
import type { SortDirection } from "#shared/schemas/pagination.ts";
import { Validation } from "#server/errors.ts";
import { messages } from "#shared/messages.ts";

/**
 * Where a page starts: after or before a row's key when given, else at `offset`. `offset` is the page's position
 * either way: what a searched list counts to (decision 0063) for the page asked.
 */
export interface PageFrom {
  offset: number;
  after?: readonly string[];
  before?: readonly string[];
}

/** A row's sort key as an opaque text for an address: base64url of its values (texts; times as ISO 8601 texts). */
export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/** What each value of a list's key is: any text, or a time (an ISO 8601 date and time, as both engines hand them back). */
export type KeyShape = ReadonlyArray<"text" | "time">;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

const fits = (value: unknown, kind: KeyShape[number]) => typeof value === "string" && (kind === "text" || (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))));

/** The key a cursor carries, of the list's `shape`, or a 400 naming the field: a cursor this list did not give. */
export function decodeCursor(text: string, shape: KeyShape, field: "after" | "before"): string[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    values = null;
  }
  if (!Array.isArray(values) || values.length !== shape.length || !values.every((value, at) => fits(value, shape[at]!))) {
    throw Validation(messages.pagination.cursorInvalid, { [field]: messages.pagination.cursorInvalid });
  }
  return values as string[];
}

/** The page's start from a list's query: its cursor when it has one (`after` wins), else its page number. */
export function pageFrom(query: { page: number; pageSize: number; after?: string | undefined; before?: string | undefined }, shape: KeyShape): PageFrom {
  const offset = (query.page - 1) * query.pageSize;
  if (query.after) return { offset, after: decodeCursor(query.after, shape, "after") };
  if (query.before) return { offset, before: decodeCursor(query.before, shape, "before") };
  return { offset };
}

/**
 * `query` ordered by `keys` (the list's order, `sort` on each), `limit` rows from `from`. A page before a row is read
 * backwards from it; `read` answers its rows in the list's order either way. A page asked at a position past the first
 * finds its first row's key by walking the list's keys alone (the index, no row's other columns), then reads from
 * that key as a page after a row does (decision 0069).
 */
export function keysetPage<DB, TB extends keyof DB, O, Tables>(
  db: Kysely<Tables>,
  query: SelectQueryBuilder<DB, TB, O>,
  keys: ReadonlyArray<Expression<unknown>>,
  from: PageFrom,
  limit: number,
  sort: SortDirection,
): { read: () => Promise<O[]> } {
  const backwards = !from.after && !!from.before;
  const direction: SortDirection = backwards === (sort === "asc") ? "desc" : "asc";
  const ordered = (page: SelectQueryBuilder<DB, TB, O>) => {
    for (const key of keys) page = page.orderBy(key, direction);
    return page.limit(limit);
  };
  const [strictly, atLeast] = direction === "asc" ? [sql.raw(">"), sql.raw(">=")] : [sql.raw("<"), sql.raw("<=")];
  // A row value compared as the index orders it: the index is sought to it, no entry before it read. The first key's
  // own bound is what SQLite seeks an index of expressions by (it does not seek by a row value of them).
  const fromKey = (values: readonly unknown[], operator: typeof strictly) =>
    query.where(sql<boolean>`${keys[0]} ${atLeast} ${values[0]} and (${sql.join(keys)}) ${operator} (${sql.join(values.map((value) => sql.val(value)))})`);
  const values = from.after ?? from.before;
  const read = async (): Promise<O[]> => {
    if (values) return ordered(fromKey(values, strictly)).execute();
    if (from.offset === 0) return ordered(query).execute();
    const start = await keyAt(db, query, keys, direction, from.offset);
    return start ? ordered(fromKey(start, atLeast)).execute() : [];
  };
  return { read: async () => (backwards ? (await read()).reverse() : read()) };
}

/**
 * The key of the row at `offset` in the list's order: the walk to it reads the keys only, from the list's index. On
 * PostgreSQL by one process: the planner otherwise shares a long walk among parallel workers, whose rows the
 * leader merges back into the index's order (at 100,000 businesses, the middle page's walk 58 ms so, 9 ms alone).
 */
async function keyAt<DB, TB extends keyof DB, O, Tables>(
  db: Kysely<Tables>,
  query: SelectQueryBuilder<DB, TB, O>,
  keys: ReadonlyArray<Expression<unknown>>,
  direction: SortDirection,
  offset: number,
): Promise<unknown[] | undefined> {
  const names = keys.map((_, at) => `key${at}`);
  let walk = query.clearSelect().select(keys.map((key, at) => sql`${key}`.as(names[at]!)));
  for (const key of keys) walk = walk.orderBy(key, direction);
  const compiled = walk.offset(offset).limit(1).compile();
  const rows =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await db.transaction().execute(async (trx) => {
          await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
          return (await trx.executeQuery(compiled)).rows;
        })
      : (await db.executeQuery(compiled)).rows;
  const row = rows[0] as Record<string, unknown> | undefined;
  return row && names.map((name) => row[name]);
}
