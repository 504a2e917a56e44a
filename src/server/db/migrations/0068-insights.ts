// What visitors' pages bring each business, counted without knowing the visitors (docs/decisions/0030): a count per
// business (or offer or event), day on the site's clock and kind; a count per business, day and searched words; and
// which monthly reports each owner was sent, so none goes twice.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function insights(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("insight_count")
        .addColumn("subjectId", "text", (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("insight_count_pk", ["subjectId", "day", "kind"])
        .execute();
      await db.schema
        .createTable("insight_search")
        .addColumn("businessId", "text", (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("query", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("insight_search_pk", ["businessId", "day", "query"])
        .execute();
      await db.schema
        .createTable("insight_report")
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("month", "text", (c) => c.notNull())
        .addColumn("sentAt", "text", (c) => c.notNull())
        // The report's "stop these reports" link carries it: a random secret, so stopping needs no sign-in.
        .addColumn("stopToken", "text", (c) => c.notNull().unique())
        .addPrimaryKeyConstraint("insight_report_pk", ["userId", "month"])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("insight_report").execute();
      await db.schema.dropTable("insight_search").execute();
      await db.schema.dropTable("insight_count").execute();
    },
  };
}
