// Volunteering: opportunities (standalone, or tied to an event or one date of a recurring event), their shifts (start
// and end instants, place, places needed, requirements), and who signed up for each shift, confirmed or waiting, with
// what was mailed to them (the status last mailed, the reminder) and whether they came.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function volunteering(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("volunteer_opportunity")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        // Sanitized HTML.
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("eventId", "text", (c) => c.references("event.id").onDelete("set null"))
        // One date (YYYY-MM-DD, the site's zone) of a recurring event; null for the whole event.
        .addColumn("occurrenceDate", "text")
        .addColumn("editorUid", "text")
        .addColumn("createdAt", "text", (c) => c.notNull())
        .addColumn("lastUpdatedAt", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("volunteer_opportunity_event_idx").on("volunteer_opportunity").column("eventId").execute();
      await db.schema
        .createTable("volunteer_shift")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("opportunityId", "text", (c) => c.notNull().references("volunteer_opportunity.id").onDelete("cascade"))
        // ISO instants (UTC).
        .addColumn("startsAt", "text", (c) => c.notNull())
        .addColumn("endsAt", "text", (c) => c.notNull())
        .addColumn("place", "text", (c) => c.notNull())
        .addColumn("placesNeeded", "integer", (c) => c.notNull())
        .addColumn("requirements", "text")
        .addColumn("createdAt", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("volunteer_shift_opportunity_idx").on("volunteer_shift").columns(["opportunityId", "startsAt"]).execute();
      await db.schema
        .createTable("volunteer_signup")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("shiftId", "text", (c) => c.notNull().references("volunteer_shift.id").onDelete("cascade"))
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        // confirmed | waiting
        .addColumn("status", "text", (c) => c.notNull())
        // The waiting list's order: earliest first.
        .addColumn("signedUpAt", "text", (c) => c.notNull())
        // The status whose mail went (confirmation, waiting list, "You have a place"); null until the first.
        .addColumn("mailedStatus", "text")
        .addColumn("remindedAt", "text")
        // Marked by an administrator after the shift: 1 came, 0 did not, null not marked.
        .addColumn("attended", "integer")
        .addUniqueConstraint("volunteer_signup_once", ["shiftId", "userId"])
        .execute();
      await db.schema.createIndex("volunteer_signup_user_idx").on("volunteer_signup").column("userId").execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("volunteer_signup").execute();
      await db.schema.dropTable("volunteer_shift").execute();
      await db.schema.dropTable("volunteer_opportunity").execute();
    },
  };
}
