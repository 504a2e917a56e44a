// stored_file records: the metadata of every object kept in the store.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

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
}
