// The weekly digest: the day and time the association sends it (site settings, Monday 08:00 on the site's clock
// until an administrator says otherwise), and one row per person and digest period, written before the mail goes,
// so a run that stops halfway or a second instance never mails anyone twice for the same week.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function weeklyDigest(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("site_settings").addColumn("digestWeekday", "text", (c) => c.notNull().defaultTo("monday")).execute();
      await db.schema.alterTable("site_settings").addColumn("digestAt", "text", (c) => c.notNull().defaultTo("08:00")).execute();
      await db.schema
        .createTable("notification_digest")
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        // The digest's scheduled moment (ISO instant, UTC): it holds what came between the person's previous one and it.
        .addColumn("period", "text", (c) => c.notNull())
        // "sending" (claimed; a run that died here is not repeated), "sent", or "empty" (nothing new: no mail).
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("itemCount", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("createdAt", "text", (c) => c.notNull())
        .addColumn("sentAt", "text")
        .addPrimaryKeyConstraint("notification_digest_pk", ["userId", "period"])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("notification_digest").execute();
      await db.schema.alterTable("site_settings").dropColumn("digestAt").execute();
      await db.schema.alterTable("site_settings").dropColumn("digestWeekday").execute();
    },
  };
}
