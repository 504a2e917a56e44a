// Recurring events: an RFC 5545 rule on the event (its first occurrence is the event's own date), and the dates of a
// series that were cancelled or moved, each named by the occurrence's original local date.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function eventRecurrence(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("event").addColumn("recurrenceRule", "text").execute();
      await db.schema
        .createTable("event_occurrence_change")
        .addColumn("eventId", "text", (c) => c.notNull().references("event.id").onDelete("cascade"))
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("cancelled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("startDate", "text")
        .addColumn("endDate", "text")
        .addColumn("lastUpdatedAt", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("event_occurrence_change_pk", ["eventId", "date"])
        .execute();
    },
  };
}
