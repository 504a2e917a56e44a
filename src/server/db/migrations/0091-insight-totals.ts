// Totals of the insights kept as the counts are written (docs/decisions/0054), so the association's overview reads a
// row per day and a row per business, offer, event or searched words instead of every daily count of the period:
// page views per day, and per period the page offers (the last 30, 90 and 365 days) each subject's views and each
// missed search's count over the period's days. Filled here from the counts already written.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

const PAGE_VIEWS = ["view", "offer-view", "event-view"];
const WINDOWS = [30, 90, 365];
const DAY_MS = 86_400_000;

export default function insightTotals(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("insight_day_total")
        .addColumn("day", "text", (c) => c.primaryKey())
        .addColumn("count", "integer", (c) => c.notNull())
        .execute();
      // One row per period length: the first day its totals hold (they hold that many days from it).
      await db.schema
        .createTable("insight_window")
        .addColumn("days", "integer", (c) => c.primaryKey())
        .addColumn("firstDay", "text", (c) => c.notNull())
        .execute();
      // `kind` is the count's kind (view, offer-view, event-view) or "missed" for a search that found nothing, whose
      // subject is the searched words.
      await db.schema
        .createTable("insight_window_total")
        .addColumn("days", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("insight_window_total_pk", ["days", "kind", "subject"])
        .execute();
      // The most counted first, and the subjects with their counts read from the index alone.
      await db.schema.createIndex("insight_window_total_rank").on("insight_window_total").columns(["days", "kind", "count", "subject"]).execute();
      // The categories' totals add up their businesses': each business's category read from an index, not its row.
      await db.schema.createIndex("business_category_cover").on("business").columns(["id", "categoryId"]).execute();

      await sql`insert into insight_day_total (day, count) select day, sum(count) from insight_count where kind in (${sql.join(PAGE_VIEWS)}) group by day`.execute(db);
      // The site's clock is not known here: the first day is taken on UTC's, and the overview moves it to the site's.
      const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
      for (const days of WINDOWS) {
        const firstDay = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
        const end = new Date(today + DAY_MS).toISOString().slice(0, 10);
        await db.insertInto("insight_window").values({ days, firstDay }).execute();
        await sql`insert into insight_window_total (days, kind, subject, count)
          select ${sql.lit(days)}, kind, "subjectId", sum(count) from insight_count where kind in (${sql.join(PAGE_VIEWS)}) and day >= ${firstDay} and day < ${end} group by kind, "subjectId"`.execute(db);
        await sql`insert into insight_window_total (days, kind, subject, count)
          select ${sql.lit(days)}, 'missed', query, sum(count) from insight_missed_search where day >= ${firstDay} and day < ${end} group by query`.execute(db);
      }
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("business_category_cover").execute();
      await db.schema.dropTable("insight_window_total").execute();
      await db.schema.dropTable("insight_window").execute();
      await db.schema.dropTable("insight_day_total").execute();
    },
  };
}
