// What visitors searched for and did not find (docs/decisions/0038): a count per day on the site's clock and
// normalised words, with nothing of who searched.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function insightMissedSearches(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("insight_missed_search")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("query", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("insight_missed_search_pk", ["day", "query"])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("insight_missed_search").execute();
    },
  };
}
