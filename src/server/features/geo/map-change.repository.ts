// The clean-up of the map's change marks (migration 0088-map-changes): a deleted business's row is needed only by an
// index read before the deletion, so the rows of businesses that are gone are cleared, and the highest mark cleared
// is kept in a row of its own (CLEARED_ROW, which no business id can be). An index whose mark is at or below it may
// have needed a cleared row: reading from its mark finds that row, and the index is read whole instead
// (MapDataRepository.changesSince). On SQLite, where the next mark is one more than the highest kept, that row also
// keeps the marks from going back.
import { sql, type Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";

/** The row that keeps the highest mark cleared. */
export const CLEARED_ROW = "";

export class MapChangeRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Clears the marks of businesses that no longer exist; answers how many. */
  async clearGone(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const gone = trx
        .selectFrom("map_change")
        .select("map_change.businessId")
        .where("map_change.businessId", "!=", CLEARED_ROW)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom("business").select("business.id").whereRef("business.id", "=", "map_change.businessId"))));
      const highest = await trx
        .selectFrom("map_change")
        .select((eb) => [eb.fn.max("seq").as("seq"), eb.fn.countAll<number>().as("count")])
        .where("businessId", "in", gone)
        .executeTakeFirstOrThrow();
      if (Number(highest.count) === 0 || highest.seq === null) return 0;
      await trx.deleteFrom("map_change").where("businessId", "in", gone).execute();
      await trx
        .insertInto("map_change")
        .values({ businessId: CLEARED_ROW, seq: highest.seq })
        .onConflict((oc) => oc.column("businessId").doUpdateSet({ seq: sql`case when excluded.seq > map_change.seq then excluded.seq else map_change.seq end` }))
        .execute();
      return Number(highest.count);
    });
  }
}
