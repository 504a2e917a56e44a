// Newsletters to subscribers: each issue (written by hand, or the weekly digest of one period) is a row, and each of
// its messages is a delivery row per subscriber, written before anything is sent and unique per issue and subscriber,
// so a second instance or a restart after a crash takes up the same rows instead of mailing anyone twice
// (docs/decisions/0034-newsletter-deliveries.md).
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function newsletters(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("newsletter")
        .addColumn("id", "text", (c) => c.primaryKey())
        // "newsletter" (written by hand) or "digest" (the weekly digest of `period`).
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        // Sanitized HTML (the rich-text editor's), and the cards it pulls in: a JSON array of { kind, id }.
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("cards", "text", (c) => c.notNull().defaultTo("[]"))
        // Who gets it: a JSON array of topics (a subscriber with any of them); empty: every subscriber.
        .addColumn("topics", "text", (c) => c.notNull().defaultTo("[]"))
        // "draft", "scheduled" (goes at `sendAt`), "sending" (deliveries written), "sent", or "skipped" (a digest).
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("sendAt", "text")
        // A digest's scheduled moment (ISO instant): one issue per period.
        .addColumn("period", "text", (c) => c.unique())
        .addColumn("createdBy", "text")
        .addColumn("createdAt", "text", (c) => c.notNull())
        .addColumn("updatedAt", "text", (c) => c.notNull())
        .addColumn("queuedAt", "text")
        .execute();
      await db.schema
        .createTable("newsletter_delivery")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("newsletterId", "text", (c) => c.notNull().references("newsletter.id").onDelete("cascade"))
        .addColumn("subscriberId", "text", (c) => c.notNull())
        // "queued", "sending" (claimed until `claimedUntil`), "sent", "failed" (refused for good), "empty" (a digest
        // with nothing new for this subscriber) or "skipped" (no longer subscribed when its turn came).
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("nextAttemptAt", "text", (c) => c.notNull())
        .addColumn("claimToken", "text")
        .addColumn("claimedUntil", "text")
        .addColumn("lastError", "text")
        .addColumn("finishedAt", "text")
        .addUniqueConstraint("newsletter_delivery_once", ["newsletterId", "subscriberId"])
        .execute();
      await db.schema.createIndex("newsletter_delivery_due").on("newsletter_delivery").columns(["status", "nextAttemptAt"]).execute();
      await db.schema.createIndex("newsletter_delivery_subscriber").on("newsletter_delivery").columns(["subscriberId", "finishedAt"]).execute();
      // The next digest's introduction, or its week skipped, as the administrators set them before it goes.
      await db.schema
        .createTable("newsletter_digest_plan")
        .addColumn("period", "text", (c) => c.primaryKey())
        .addColumn("introduction", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("updatedAt", "text", (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("newsletter_digest_plan").execute();
      await db.schema.dropTable("newsletter_delivery").execute();
      await db.schema.dropTable("newsletter").execute();
    },
  };
}
