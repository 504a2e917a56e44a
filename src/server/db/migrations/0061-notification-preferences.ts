// How each person wants to hear of each kind of news (announcements, meetings, ...): at once, in a weekly digest, or
// not at all. A kind without a row takes its default (src/shared/schemas/notification-preferences.ts).
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function notificationPreferences(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("notification_preference")
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("delivery", "text", (c) => c.notNull())
        .addColumn("updatedAt", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("notification_preference_pk", ["userId", "kind"])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("notification_preference").execute();
    },
  };
}
