// Meetings of the members: when (start and end instants), where (a place, a video link or both), the agenda and,
// afterwards, the minutes (Tiptap HTML). `sequence` rises with every change of time, place or cancellation, as the
// SEQUENCE of the meeting's calendar entry. Members' answers (yes, no, maybe), what was mailed to whom (so a run of
// the mail job that stops halfway never mails anyone twice), and each member's secret calendar address.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function meetings(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("meeting")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        // ISO instants (UTC).
        .addColumn("startsAt", "text", (c) => c.notNull())
        .addColumn("endsAt", "text", (c) => c.notNull())
        .addColumn("place", "text")
        .addColumn("videoLink", "text")
        .addColumn("agenda", "text", (c) => c.notNull())
        .addColumn("minutes", "text")
        .addColumn("cancelled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
        // When the new meeting's mail went to the members; null until then.
        .addColumn("announcedAt", "text")
        // The sequence whose change mail has gone to those who answered yes or maybe.
        .addColumn("mailedSequence", "integer", (c) => c.notNull().defaultTo(0))
        // When the mail telling members of the minutes went; null until then.
        .addColumn("minutesMailedAt", "text")
        .addColumn("editorUid", "text")
        .addColumn("createdAt", "text", (c) => c.notNull())
        .addColumn("lastUpdatedAt", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("meeting_starts_at_idx").on("meeting").column("startsAt").execute();
      await db.schema
        .createTable("meeting_rsvp")
        .addColumn("meetingId", "text", (c) => c.notNull().references("meeting.id").onDelete("cascade"))
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        // yes | no | maybe
        .addColumn("response", "text", (c) => c.notNull())
        .addColumn("respondedAt", "text", (c) => c.notNull())
        // When the confirmation of this answer was mailed (or passed over); null while it is due.
        .addColumn("confirmedAt", "text")
        .addPrimaryKeyConstraint("meeting_rsvp_pk", ["meetingId", "userId"])
        .execute();
      await db.schema
        .createTable("meeting_mail")
        .addColumn("meetingId", "text", (c) => c.notNull().references("meeting.id").onDelete("cascade"))
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        // announced | minutes | change:<sequence>
        .addColumn("topic", "text", (c) => c.notNull())
        .addColumn("sentAt", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("meeting_mail_pk", ["meetingId", "userId", "topic"])
        .execute();
      await db.schema
        .createTable("meeting_calendar")
        .addColumn("userId", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("createdAt", "text", (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("meeting_calendar").execute();
      await db.schema.dropTable("meeting_mail").execute();
      await db.schema.dropTable("meeting_rsvp").execute();
      await db.schema.dropTable("meeting").execute();
    },
  };
}
