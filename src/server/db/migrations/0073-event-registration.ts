// Registration for events: the settings of an event (date "" is the whole event, a series' local date overrides it
// for that date), the registrations themselves (one person's party at one date: the event's only date when
// `occurrenceDate` is null), and the attempts that the per-address and per-client rate limits count. The site
// settings gain the hour of the reminder mailed the day before and how long registrations of past events are kept.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function eventRegistration(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("registration_setting")
        .addColumn("eventId", "text", (c) => c.notNull().references("event.id").onDelete("cascade"))
        // "" for the event (every date of a series), else a series' local date (YYYY-MM-DD) it applies to.
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
        // Places (people, party sizes counted); null: no limit.
        .addColumn("capacity", "integer")
        .addColumn("maxPartySize", "integer", (c) => c.notNull().defaultTo(1))
        // ISO instants; null: open from now on, open until the event starts.
        .addColumn("opensAt", "text")
        .addColumn("closesAt", "text")
        // JSON: [{ id, label, kind: "text" | "choice", options?: string[], required }]
        .addColumn("questions", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("waitlist", "integer", (c) => c.notNull().defaultTo(1))
        // When the date or the event was cancelled: registration closed and everyone told.
        .addColumn("cancelledAt", "text")
        .addColumn("lastUpdatedAt", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("registration_setting_pk", ["eventId", "date"])
        .execute();
      await db.schema
        .createTable("registration")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("eventId", "text", (c) => c.notNull().references("event.id").onDelete("cascade"))
        // A series' local date (YYYY-MM-DD); null for an event of one date.
        .addColumn("occurrenceDate", "text")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("userId", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("partySize", "integer", (c) => c.notNull())
        // JSON object: question id -> answer.
        .addColumn("answers", "text", (c) => c.notNull().defaultTo("{}"))
        // confirmed | waitlisted | pending-confirmation | cancelled
        .addColumn("status", "text", (c) => c.notNull())
        // Written out and in the QR code (niche-registration:<id>:<checkInCode>); shown at the door.
        .addColumn("checkInCode", "text", (c) => c.notNull().unique())
        .addColumn("checkedInAt", "text")
        // The secret of the links mailed to the registrant (cancel): whoever holds the mail may cancel.
        .addColumn("cancelToken", "text", (c) => c.notNull())
        .addColumn("reminderSentAt", "text")
        .addColumn("createdAt", "text", (c) => c.notNull())
        .addColumn("lastUpdatedAt", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("registration_event_date_idx").on("registration").columns(["eventId", "occurrenceDate", "status", "createdAt"]).execute();
      await db.schema.createIndex("registration_email_idx").on("registration").column("email").execute();
      await db.schema
        .createTable("registration_attempt")
        // "email:<address>" or "client:<address of the client>"
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("registration_attempt_key_idx").on("registration_attempt").columns(["key", "at"]).execute();
      await db.schema.alterTable("site_settings").addColumn("registrationReminderAt", "text", (c) => c.notNull().defaultTo("18:00")).execute();
      await db.schema.alterTable("site_settings").addColumn("registrationRetentionDays", "integer", (c) => c.notNull().defaultTo(365)).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.alterTable("site_settings").dropColumn("registrationRetentionDays").execute();
      await db.schema.alterTable("site_settings").dropColumn("registrationReminderAt").execute();
      await db.schema.dropTable("registration_attempt").execute();
      await db.schema.dropTable("registration").execute();
      await db.schema.dropTable("registration_setting").execute();
    },
  };
}
