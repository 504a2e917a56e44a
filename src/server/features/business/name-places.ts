// On SQLite each business name's row in `business_folded_name` is numbered by its place in the Markers list's order
// (folded name, name, id), and that number is the row id of the names' trigram index (migration 0099, decision 0076):
// a search takes its page's matches from the index in that order and stops at the page's end. A name with no room
// left between its neighbours waits "unplaced" (a number from PLACED up), read and sorted with every page, until the
// name-places job gives it a place.
import { sql, type Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { PageFrom } from "#server/db/keyset.ts";
import type { SortDirection } from "#shared/schemas/pagination.ts";

export const NAME_PLACES_JOB = "business-name-places";

/** The first number that is no place: 2^52, so that every number stays exact in JavaScript (below 2^53). */
export const PLACED = 2 ** 52;
/** The room a relabelling leaves between two names, unless the whole list is too full for it. */
const MIN_SPACING = 2 ** 16;

/** A page's row with the list's sort key: the folded name, the name and the id. */
export type KeyedRow = { id: string; name: string; folded: string };

type Named = { id: number; folded: string; name: string; businessId: string };

const KEY = sql`(folded, name, "businessId")`;
/** Written out in the SQL, never bound: SQLite reads a partial index only for a condition it sees implies the index's. */
const placedLimit = sql.lit(PLACED);

/**
 * A searched page read in the list's order: the page's `limit` placed matches from the cursor on (the trigram index
 * read by row id, from the cursor's place), with every unplaced match, sorted together. `undefined` for a page asked
 * by its number alone, which the caller reads at its offset.
 */
export async function pageInPlaces(db: Kysely<DB>, words: string, from: PageFrom, limit: number, sort: SortDirection): Promise<KeyedRow[] | undefined> {
  const cursor = from.after ?? from.before;
  if (!cursor && from.offset > 0) return undefined;
  const backwards = !from.after && !!from.before;
  const ascending = backwards !== (sort === "asc");
  const direction = sql.raw(ascending ? "asc" : "desc");
  const at = cursor && sql`(${sql.join(cursor.map((value) => sql.val(value)))})`;
  // The places past the cursor: after the last name at or before it (reading up), before the first at or after it
  // (reading down). Every placed name past that place is past the cursor, since places keep the list's order.
  const placed = !at
    ? sql`rowid < ${placedLimit}`
    : ascending
      ? sql`rowid > coalesce((select id from business_folded_name where id < ${placedLimit} and ${KEY} <= ${at}
          order by folded desc, name desc, "businessId" desc limit 1), 0) and rowid < ${placedLimit}`
      : sql`rowid < coalesce((select id from business_folded_name where id < ${placedLimit} and ${KEY} >= ${at}
          order by folded, name, "businessId" limit 1), ${placedLimit})`;
  const past = !at ? sql`` : sql`and ${KEY} ${sql.raw(ascending ? ">" : "<")} ${at}`;
  // Folded words are letters, digits and single spaces: nothing FTS5's phrase syntax reads but the text.
  const phrase = `"${words}"`;
  const { rows } = await sql<KeyedRow>`
    select "businessId" as id, name, folded from business_folded_name
    where id in (
      select rowid from (
        select rowid from business_folded_name_fts where business_folded_name_fts match ${phrase} and ${placed}
        order by rowid ${direction} limit ${limit}
      )
      union all
      select rowid from business_folded_name_fts where business_folded_name_fts match ${phrase} and rowid >= ${placedLimit}
    ) ${past}
    order by folded ${direction}, name ${direction}, "businessId" ${direction}
    limit ${limit}`.execute(db);
  return backwards ? rows.reverse() : rows;
}

/**
 * Gives the unplaced names their places (the name-places job). A name goes between its placed neighbours with the
 * names waiting between them, spread evenly, when that leaves a number for each; else the placed names on both sides,
 * 1, 2, 4… of them, are spread with them over the numbers between the names around, as soon as that leaves
 * `minSpacing` between each (or the whole list is spread). A sorted import's thousands of names waiting at one spot
 * are placed together so.
 */
export class NamePlaces {
  private readonly db: Kysely<DB>;
  private readonly minSpacing: number;
  /** `minSpacing`: the room a relabelling leaves between two names (less in tests, to relabel often). */
  constructor(db: Kysely<DB>, minSpacing = MIN_SPACING) {
    this.db = db;
    this.minSpacing = minSpacing;
  }

  /** Places the unplaced names, `batch` places a transaction; "unfinished" when stopped before the last. */
  async placeAll(signal?: AbortSignal, batch = 50): Promise<"unfinished" | undefined> {
    for (;;) {
      if (signal?.aborted) return "unfinished";
      const more = await this.db.transaction().execute(async (trx) => {
        for (let placed = 0; placed < batch; placed++) {
          const row = await named(trx).where("id", ">=", PLACED).orderBy("id").limit(1).executeTakeFirst();
          if (!row) return false;
          await place(trx, row, this.minSpacing);
        }
        return true;
      });
      if (!more) return undefined;
    }
  }

  /** How many names wait for a place. */
  async unplaced(): Promise<number> {
    const row = await this.db.selectFrom("business_folded_name").select((eb) => eb.fn.countAll<number>().as("n")).where("id", ">=", PLACED).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

const named = (db: Kysely<DB>) => db.selectFrom("business_folded_name").select(["id", "folded", "name", "businessId"]);
const keyOf = (row: Named) => sql`(${row.folded}, ${row.name}, ${row.businessId})`;

/** The `count` placed names nearest `row` on one side, nearest first (business_folded_name_order_idx). */
function neighbours(db: Kysely<DB>, row: Named, side: "before" | "after", count: number): Promise<Named[]> {
  const direction = side === "before" ? "desc" : "asc";
  return named(db)
    // Written out, not bound, for SQLite to see that the partial index holds these rows.
    .where(sql<boolean>`id < ${placedLimit} and ${KEY} ${sql.raw(side === "before" ? "<" : ">")} ${keyOf(row)}`)
    .orderBy("folded", direction)
    .orderBy("name", direction)
    .orderBy("businessId", direction)
    .limit(count)
    .execute();
}

/** The unplaced names between two names of the list (either end open). */
function waitingBetween(db: Kysely<DB>, low: Named | undefined, high: Named | undefined): Promise<Named[]> {
  let query = named(db).where("id", ">=", PLACED);
  if (low) query = query.where(sql<boolean>`${KEY} > ${keyOf(low)}`);
  if (high) query = query.where(sql<boolean>`${KEY} < ${keyOf(high)}`);
  return query.execute();
}

/** The list's order as SQLite's keys compare (byte by byte in UTF-8: its BINARY collation). */
function byKey(a: Named, b: Named): number {
  for (const field of ["folded", "name", "businessId"] as const) {
    const order = Buffer.compare(Buffer.from(a[field]), Buffer.from(b[field]));
    if (order !== 0) return order;
  }
  return 0;
}

async function place(db: Kysely<DB>, row: Named, minSpacing: number): Promise<void> {
  for (let around = 0; ; around = Math.max(1, around * 2)) {
    const [before, after] = await Promise.all([neighbours(db, row, "before", around + 1), neighbours(db, row, "after", around + 1)]);
    const [lowRow, highRow] = [before[around], after[around]];
    const [low, high] = [lowRow?.id ?? 0, highRow?.id ?? PLACED];
    const window = [...before.slice(0, around), ...after.slice(0, around), ...(await waitingBetween(db, lowRow, highRow))].sort(byKey);
    const spacing = Math.floor((high - low) / (window.length + 1));
    const whole = !lowRow && !highRow;
    if (spacing >= (around === 0 || whole ? 1 : minSpacing)) return spread(db, window, low, spacing);
    if (whole) throw new Error("More business names than places");
  }
}

/**
 * `window` (in the list's order: every placed name between `low` and the next bound, and names waiting there)
 * numbered `low + spacing`, `low + 2 × spacing`…: the placed names moving down first, lowest first, then those moving
 * up, highest first, then the waiting ones, so that no number is taken twice on the way.
 */
async function spread(db: Kysely<DB>, window: Named[], low: number, spacing: number): Promise<void> {
  const moves = window.map((name, at) => ({ name, to: low + spacing * (at + 1) }));
  const down = moves.filter(({ name, to }) => name.id < PLACED && to < name.id);
  const up = moves.filter(({ name, to }) => name.id < PLACED && to > name.id).reverse();
  const waiting = moves.filter(({ name }) => name.id >= PLACED);
  for (const { name, to } of [...down, ...up, ...waiting]) {
    await db.updateTable("business_folded_name").set({ id: to }).where("id", "=", name.id).execute();
  }
}
