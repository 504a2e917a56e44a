// Listings that stay current (docs/decisions/0037): when an owner last confirmed or changed their listing, the
// association's reminder interval, each reminder sent (once per business and period, its one-click token with it), and
// visitors' suggestions of what is wrong with a listing.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function listingFreshness(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("business").addColumn("ownerCheckedAt", "text").execute();
      await db.schema.alterTable("site_settings").addColumn("freshnessDays", "integer", (c) => c.notNull().defaultTo(90)).execute();
      await db.schema
        .createTable("listing_reminder")
        .addColumn("businessId", "text", (c) => c.notNull().references("business.id").onDelete("cascade"))
        // The due date of the interval the reminder is for (YYYY-MM-DD), or "now:<instant>" for an administrator's.
        .addColumn("period", "text", (c) => c.notNull())
        // The mail's "Yes, it is all correct" link carries it: a random secret, good for 30 days from sentAt.
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("sentAt", "text", (c) => c.notNull())
        .addColumn("confirmedAt", "text")
        .addPrimaryKeyConstraint("listing_reminder_pk", ["businessId", "period"])
        .execute();
      await db.schema
        .createTable("listing_suggestion")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("businessId", "text", (c) => c.notNull().references("business.id").onDelete("cascade"))
        // hours, phone, website, address, closed or other.
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        // pending, approved or dismissed (by an administrator), accepted or dismissed by an owner.
        .addColumn("status", "text", (c) => c.notNull())
        // The day on the site's clock it came, so "closed for good" from three different days can be told apart.
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("createdAt", "text", (c) => c.notNull())
        .addColumn("decidedAt", "text")
        .addColumn("decidedBy", "text", (c) => c.references("user.id").onDelete("set null"))
        .execute();
      await db.schema.createIndex("listing_suggestion_business").on("listing_suggestion").columns(["businessId", "status"]).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("listing_suggestion").execute();
      await db.schema.dropTable("listing_reminder").execute();
      await db.schema.alterTable("site_settings").dropColumn("freshnessDays").execute();
      await db.schema.alterTable("business").dropColumn("ownerCheckedAt").execute();
    },
  };
}
