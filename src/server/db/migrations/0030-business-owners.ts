// Business owners, the changes they ask for (waiting for an administrator), and how the association moderates them.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function businessOwners(dialect: DialectName) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // A business may have several owners and a person may own several businesses.
      await db.schema
        .createTable("business_owner")
        .addColumn("businessId", "text", (c) => c.notNull().references("business.id").onDelete("cascade"))
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addPrimaryKeyConstraint("business_owner_pk", ["businessId", "userId"])
        .execute();
      await db.schema.createIndex("business_owner_user_idx").on("business_owner").column("userId").execute();

      // businessId outlives the business (no foreign key): a request whose business was deleted is closed, not lost.
      await db.schema
        .createTable("change_request")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("businessId", "text")
        .addColumn("businessName", "text", (c) => c.notNull())
        // The event or offer an edit is for; null for a new one.
        .addColumn("targetId", "text")
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        // What was asked for, and the live values when it was asked (JSON), to tell what changed since.
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("base", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("decidedBy", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("decidedAt", ts)
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("updatedAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("change_request_status_idx").on("change_request").columns(["status", "createdAt"]).execute();
      await db.schema.createIndex("change_request_user_idx").on("change_request").column("userId").execute();
      await db.schema.createIndex("change_request_business_idx").on("change_request").column("businessId").execute();

      // When each recipient was last sent the digest of new requests (at most one per 15 minutes).
      await db.schema
        .createTable("request_digest")
        .addColumn("recipient", "text", (c) => c.primaryKey())
        .addColumn("lastSentAt", ts, (c) => c.notNull())
        .execute();

      // 0 or 1 on both engines.
      for (const column of ["autoApproveListings", "autoApproveEvents", "autoApproveOffers"]) {
        await db.schema.alterTable("site_settings").addColumn(column, "integer", (c) => c.notNull().defaultTo(0)).execute();
      }
      await db.schema.alterTable("site_settings").addColumn("notificationEmail", "text", (c) => c.notNull().defaultTo("")).execute();
    },
  };
}
