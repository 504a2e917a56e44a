// A business's photo gallery: up to 12 stored images, each with its text alternative, in the order shown.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function businessPhotos(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("business_photo")
        .addColumn("businessId", "text", (c) => c.notNull().references("business.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("storagePath", "text", (c) => c.notNull())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("alt", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("business_photo_pk", ["businessId", "position"])
        .execute();
    },
  };
}
