// The clean-up of the map's change marks (migration 0088-map-changes, src/server/db/change-marks.ts): the rows of
// businesses that are gone are cleared, and the highest mark cleared is kept in a row of its own (CLEARED_ROW, which
// no business id can be).
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { clearGone, type ChangeMarks } from "#server/db/change-marks.ts";

/** The row that keeps the highest mark cleared. */
export const CLEARED_ROW = "";

export const MAP_CHANGES: ChangeMarks<string> = { table: "map_change", key: "businessId", source: { table: "business", key: "id" }, cleared: CLEARED_ROW };

export class MapChangeRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Clears the marks of businesses that no longer exist; answers how many. */
  clearGone(): Promise<number> {
    return clearGone(this.db, MAP_CHANGES);
  }
}
