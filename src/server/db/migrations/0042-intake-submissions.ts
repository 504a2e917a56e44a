// Submissions of the "Business Feedback and Consent" intake form, linked to the person who sent it and to the business
// they own or claim (if any).
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function intakeSubmissions(dialect: DialectName) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // The person and the business may go; what they sent stays (the names are kept in the answers).
      await db.schema
        .createTable("intake_submission")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("userId", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("businessId", "text", (c) => c.references("business.id").onDelete("set null"))
        // The form's answers (JSON), as validated.
        .addColumn("answers", "text", (c) => c.notNull())
        .addColumn("createdAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("intake_submission_created_idx").on("intake_submission").column("createdAt").execute();
    },
  };
}
