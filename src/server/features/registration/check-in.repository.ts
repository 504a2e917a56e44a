// Check-ins at the door: the first one of a registration is the one kept, however many phones send it.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";

export class CheckInRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Records the check-in unless there is one already, and answers the time kept (the earlier one's, if any). */
  async checkIn(id: string, at: string): Promise<{ checkedInAt: string | null; recorded: boolean }> {
    // One conditional update: two phones checking the same person in at once cannot both win.
    const result = await this.db.updateTable("registration").set({ checkedInAt: at, lastUpdatedAt: new Date().toISOString() }).where("id", "=", id).where("checkedInAt", "is", null).executeTakeFirst();
    const row = await this.db.selectFrom("registration").select("checkedInAt").where("id", "=", id).executeTakeFirst();
    return { checkedInAt: row?.checkedInAt ?? null, recorded: Number(result.numUpdatedRows) > 0 };
  }

  async undo(id: string): Promise<void> {
    await this.db.updateTable("registration").set({ checkedInAt: null, lastUpdatedAt: new Date().toISOString() }).where("id", "=", id).execute();
  }
}
