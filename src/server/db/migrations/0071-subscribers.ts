// Newsletter subscribers (docs/decisions/0033): an address, its state (pending until the mailed link is opened,
// then confirmed; paused or unsubscribed by the person or after repeated permanent failures), its topics, and the
// random secret its signed links are made with (a new secret makes every earlier link useless). Each consent the
// person gave is kept apart (when, from which form, the words shown, the address), as CASL and the GDPR expect.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function subscribers(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("subscriber")
        .addColumn("id", "text", (c) => c.primaryKey())
        // Lower-cased, so one address is one subscriber.
        .addColumn("email", "text", (c) => c.notNull().unique())
        // "pending", "confirmed", "paused" or "unsubscribed".
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("tokenSecret", "text", (c) => c.notNull())
        .addColumn("createdAt", "text", (c) => c.notNull())
        .addColumn("updatedAt", "text", (c) => c.notNull())
        .addColumn("confirmedAt", "text")
        .addColumn("unsubscribedAt", "text")
        // Permanent delivery failures in a row; a delivered message sets it back to 0.
        .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("subscriber_state_idx").on("subscriber").columns(["state", "createdAt"]).execute();
      await db.schema
        .createTable("subscriber_topic")
        .addColumn("subscriberId", "text", (c) => c.notNull().references("subscriber.id").onDelete("cascade"))
        // "events", "offers", "news" or "category:<category id>".
        .addColumn("topic", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("subscriber_topic_pk", ["subscriberId", "topic"])
        .execute();
      await db.schema.createIndex("subscriber_topic_topic_idx").on("subscriber_topic").columns(["topic", "subscriberId"]).execute();
      await db.schema
        .createTable("subscriber_consent")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("subscriberId", "text", (c) => c.notNull().references("subscriber.id").onDelete("cascade"))
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("givenAt", "text", (c) => c.notNull())
        // Which form: "footer", "subscribe-page", "account", "import" (with the file's own source after a colon).
        .addColumn("source", "text", (c) => c.notNull())
        // The words the person was shown next to the button (or, for an import, what the file says was shown).
        .addColumn("text", "text", (c) => c.notNull())
        // The CSV import that recorded it, so undoing that import removes exactly what it added.
        .addColumn("importId", "text")
        .execute();
      await db.schema.createIndex("subscriber_consent_subscriber_idx").on("subscriber_consent").columns(["subscriberId", "givenAt"]).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("subscriber_consent").execute();
      await db.schema.dropTable("subscriber_topic").execute();
      await db.schema.dropTable("subscriber").execute();
    },
  };
}
