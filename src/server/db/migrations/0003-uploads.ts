// Indexes for the storage quota (bytes per owner) and the cleanup of uploads never attached to anything.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";

export default function uploads(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("stored_file_owner_idx").on("stored_file").column("ownerUid").execute();
      await db.schema.createIndex("stored_file_unattached_idx").on("stored_file").columns(["attachedAt", "timeCreated"]).execute();
    },
  };
}
