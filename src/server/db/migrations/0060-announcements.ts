// Announcements from the association to its members: rich text, an optional image, pinned on top, published at a
// moment (null: a draft) and archived. Who has read which, and to whom the publication mail went (so each member is
// mailed once, even when a run of the mail job stops halfway and another takes it up).
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function announcements(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("announcement")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("imageUrl", "text")
        .addColumn("imagePath", "text")
        .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0))
        // ISO instant (UTC); null while it is a draft.
        .addColumn("publishAt", "text")
        .addColumn("archived", "integer", (c) => c.notNull().defaultTo(0))
        // When its publication mail was sent to every member who wants it at once; null until then.
        .addColumn("mailedAt", "text")
        .addColumn("editorUid", "text")
        .addColumn("createdAt", "text", (c) => c.notNull())
        .addColumn("lastUpdatedAt", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("announcement_publish_at_idx").on("announcement").column("publishAt").execute();
      await db.schema
        .createTable("announcement_read")
        .addColumn("announcementId", "text", (c) => c.notNull().references("announcement.id").onDelete("cascade"))
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("readAt", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("announcement_read_pk", ["announcementId", "userId"])
        .execute();
      await db.schema
        .createTable("announcement_mail")
        .addColumn("announcementId", "text", (c) => c.notNull().references("announcement.id").onDelete("cascade"))
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("sentAt", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("announcement_mail_pk", ["announcementId", "userId"])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("announcement_mail").execute();
      await db.schema.dropTable("announcement_read").execute();
      await db.schema.dropTable("announcement").execute();
    },
  };
}
