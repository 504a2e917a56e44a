// The one user column the profile picture feature writes.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";

export class ProfilePictureRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async get(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom("user").select("photoURL").where("id", "=", userId).executeTakeFirst();
    return row?.photoURL ?? null;
  }

  async update(userId: string, photoURL: string): Promise<void> {
    await this.db.updateTable("user").set({ photoURL, updatedAt: new Date().toISOString() }).where("id", "=", userId).execute();
  }
}
