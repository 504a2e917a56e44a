// stored_file records: the metadata of every object kept in the store.
import type { Kysely } from "kysely";
import type { DB } from "../db/database-types.ts";

const columns = [
  "id",
  "bucket",
  "fullPath",
  "name",
  "size",
  "contentType",
  "timeCreated",
  "updated",
  "md5Hash",
  "customMetadata",
  "ownerUid",
  "attachedAt",
] as const;

export type StoredFileRow = Pick<DB["stored_file"], (typeof columns)[number]>;

export class FileRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  getByPath(fullPath: string): Promise<StoredFileRow | undefined> {
    return this.db.selectFrom("stored_file").select(columns).where("fullPath", "=", fullPath).executeTakeFirst();
  }

  async create(row: StoredFileRow): Promise<void> {
    await this.db.insertInto("stored_file").values(row).execute();
  }

  async deleteByPath(fullPath: string): Promise<void> {
    await this.db.deleteFrom("stored_file").where("fullPath", "=", fullPath).execute();
  }

  /** Paths of these that have a record. */
  async existing(fullPaths: string[]): Promise<string[]> {
    if (fullPaths.length === 0) return [];
    const rows = await this.db.selectFrom("stored_file").select("fullPath").where("fullPath", "in", fullPaths).execute();
    return rows.map((r) => r.fullPath);
  }

  /** Bytes stored for one owner, counted against their quota. */
  async usage(ownerUid: string): Promise<number> {
    const row = await this.db
      .selectFrom("stored_file")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("bytes"))
      .where("ownerUid", "=", ownerUid)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async markAttached(fullPaths: string[], at: string): Promise<void> {
    if (fullPaths.length === 0) return;
    await this.db.updateTable("stored_file").set({ attachedAt: at, updated: at }).where("fullPath", "in", fullPaths).execute();
  }

  /** Claimed uploads whose entity was not saved after all: unused again. */
  async markUnattached(fullPaths: string[], at: string): Promise<void> {
    if (fullPaths.length === 0) return;
    await this.db.updateTable("stored_file").set({ attachedAt: null, updated: at }).where("fullPath", "in", fullPaths).execute();
  }

  /** Uploads never attached to anything and created before `cutoff`. */
  async getAllUnattachedBefore(cutoff: string, limit = 500): Promise<string[]> {
    const rows = await this.db
      .selectFrom("stored_file")
      .select("fullPath")
      .where("attachedAt", "is", null)
      .where("timeCreated", "<", cutoff)
      .orderBy("timeCreated")
      .limit(limit)
      .execute();
    return rows.map((r) => r.fullPath);
  }
}
