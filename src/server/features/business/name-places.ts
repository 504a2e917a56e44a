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
 * names waiting between them, spread evenly, when that leaves a number for each (`minSpacing` apart when more than one
 * waits there); else the placed names on both sides, 1, 2, 4… of them, are spread with them over the numbers between
 * the names around, as soon as that leaves `minSpacing` between each (or the whole list is spread). A sorted import's
 * thousands of names waiting at one spot are placed together so. Names are compared in SQL only, as stored (the list's
 * order is SQLite's, for any text or bytes a writer stored).
 */
export class NamePlaces {
  private readonly db: Kysely<DB>;
  private readonly minSpacing: number;
  /** `minSpacing`: the room a relabelling leaves between two names (less in tests, to relabel often). */
  constructor(db: Kysely<DB>, minSpacing = MIN_SPACING) {
    this.db = db;
    this.minSpacing = minSpacing;
  }

  /**
   * Places the unplaced names, a transaction at a time of at most `batch` places or the first past `moves` names
   * numbered anew, the server's other work served between two (the database's calls are synchronous on SQLite);
   * "unfinished" when stopped before the last. A name that cannot be placed is left waiting (its pages stay right),
   * never tried twice in a run.
   */
  async placeAll(signal?: AbortSignal, batch = 20, moves = 200): Promise<"unfinished" | undefined> {
    let from = PLACED;
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) return "unfinished";
      const next = await this.db.transaction().execute(async (trx) => {
        let moved = 0;
        for (let placed = 0; placed < batch && moved < moves; placed++) {
          const row = await trx.selectFrom("business_folded_name").select("id").where("id", ">=", from).orderBy("id").limit(1).executeTakeFirst();
          if (!row) return null;
          const numbered = await place(trx, row.id, this.minSpacing);
          if (numbered === 0) from = row.id + 1;
          moved += numbered;
        }
        return from;
      });
      if (next === null) return undefined;
    }
  }

  /** How many names wait for a place. */
  async unplaced(): Promise<number> {
    const row = await this.db.selectFrom("business_folded_name").select((eb) => eb.fn.countAll<number>().as("n")).where("id", ">=", PLACED).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** The stored key of the row numbered `id`, as a row value for a comparison. */
const keyOf = (id: number) => sql`(select folded, name, "businessId" from business_folded_name where id = ${id})`;

/** The number of the placed name `count` places from the row `id` on one side (0: its neighbour), if there is one. */
async function placedFrom(db: Kysely<DB>, id: number, side: "before" | "after", count: number): Promise<number | undefined> {
  const direction = sql.raw(side === "before" ? "desc" : "asc");
  const { rows } = await sql<{ id: number }>`
    select id from business_folded_name
    where id < ${placedLimit} and ${KEY} ${sql.raw(side === "before" ? "<" : ">")} ${keyOf(id)}
    order by folded ${direction}, name ${direction}, "businessId" ${direction}
    limit 1 offset ${count}`.execute(db);
  return rows[0]?.id;
}

/**
 * Every name strictly between the rows numbered `low` and `high` (either end open), placed or waiting, in the list's
 * order: the placed ones from business_folded_name_order_idx, the waiting ones from business_folded_name_waiting_idx.
 */
async function between(db: Kysely<DB>, low: number | undefined, high: number | undefined): Promise<Array<{ id: number }>> {
  const bounds = sql.join([low === undefined ? sql`1` : sql`${KEY} > ${keyOf(low)}`, high === undefined ? sql`1` : sql`${KEY} < ${keyOf(high)}`], sql` and `);
  const { rows } = await sql<{ id: number }>`
    select id from (
      select id, folded, name, "businessId" from business_folded_name where id < ${placedLimit} and ${bounds}
      union all
      select id, folded, name, "businessId" from business_folded_name where id >= ${placedLimit} and ${bounds}
    ) order by folded, name, "businessId"`.execute(db);
  return rows;
}

/** Places the waiting row `id` (and those waiting beside it): how many names it numbered anew, 0 when it cannot. */
async function place(db: Kysely<DB>, id: number, minSpacing: number): Promise<number> {
  for (let around = 0; ; around = Math.max(1, around * 2)) {
    const [lowRow, highRow] = await Promise.all([placedFrom(db, id, "before", around), placedFrom(db, id, "after", around)]);
    const [low, high] = [lowRow ?? 0, highRow ?? PLACED];
    const window = await between(db, lowRow, highRow);
    if (!window.some((row) => row.id === id)) return 0;
    const spacing = Math.floor((high - low) / (window.length + 1));
    const whole = lowRow === undefined && highRow === undefined;
    if (spacing >= (window.length === 1 || whole ? 1 : minSpacing)) {
      return spread(db, window, low, spacing);
    }
    if (whole) return 0;
  }
}

/**
 * `window` (in the list's order: every placed name between `low` and the next bound, and names waiting there)
 * numbered `low + spacing`, `low + 2 × spacing`…: the placed names moving down first, lowest first, then those moving
 * up, highest first, then the waiting ones, so that no number is taken twice on the way.
 */
async function spread(db: Kysely<DB>, window: Array<{ id: number }>, low: number, spacing: number): Promise<number> {
  const moves = window.map(({ id }, at) => ({ id, to: low + spacing * (at + 1) }));
  const down = moves.filter(({ id, to }) => id < PLACED && to < id);
  const up = moves.filter(({ id, to }) => id < PLACED && to > id).reverse();
  const waiting = moves.filter(({ id }) => id >= PLACED);
  const moved = [...down, ...up, ...waiting];
  for (const { id, to } of moved) {
    await db.updateTable("business_folded_name").set({ id: to }).where("id", "=", id).execute();
  }
  return moved.length;
}
