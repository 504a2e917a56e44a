// The association's reading of the daily counters: visits by day, what was looked at most, and what visitors searched
// for and did not find, over a period.
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { OverviewTable } from "#shared/schemas/insights.ts";
import { MISSED } from "./insight-totals.repository.ts";

export interface Period {
  from: string;
  to: string;
  /** Set when the period is one whose totals are kept (and brought up to date): they are read instead of the days. */
  window?: number | undefined;
}
export interface RankedRow {
  name: string;
  count: number;
}

/** The tables of one total per row: the kind of count, and the table whose rows are still there to be named. */
const SUBJECTS: Partial<Record<OverviewTable, { kind: string; table?: "business" | "event" | "offer" }>> = {
  businesses: { kind: "view", table: "business" },
  events: { kind: "event-view", table: "event" },
  offers: { kind: "offer-view", table: "offer" },
  "missed-searches": { kind: MISSED },
};
/** A query of any tables whose rows are a name and a count. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RankedQuery = SelectQueryBuilder<any, any, { name: string; count: number }>;

export class InsightOverviewRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Views of business, offer and event pages per day (days with none are left out). */
  async visitsByDay({ from, to }: Period): Promise<{ day: string; count: number }[]> {
    const rows = await this.db.selectFrom("insight_day_total").select(["day", "count"]).where("day", ">=", from).where("day", "<=", to).execute();
    return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
  }

  /** The table's rows, the most looked at (or searched for) first; names break ties. */
  async ranked(table: OverviewTable, period: Period, limit: number): Promise<RankedRow[]> {
    const least = period.window === undefined ? 0 : await this.least(table, period.window, limit);
    const rows = await this.rankedQuery(table, period, least).orderBy("count", "desc").orderBy("name").limit(limit).execute();
    return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
  }

  /**
   * For a table of one total per row (a business, event, offer or searched words), the count of the `limit`th row
   * counted most, whose subject is still there: no row with less can be among the first `limit`, so only those with
   * as much or more are named and ordered (read from the totals' index by count, not every subject's name).
   */
  private async least(table: OverviewTable, window: number, limit: number): Promise<number> {
    const subject = SUBJECTS[table];
    if (!subject) return 0;
    const row = await this.db
      .selectFrom("insight_window_total as t")
      .select("t.count")
      .where("t.days", "=", window)
      .where("t.kind", "=", subject.kind)
      .$if(subject.table !== undefined, (q) => q.where(({ exists, selectFrom }) => exists(selectFrom(subject.table!).select("id").whereRef("id", "=", "t.subject"))))
      .orderBy("t.count", "desc")
      .offset(limit - 1)
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.count) : 0;
  }

  /** Name and count of each row of the table with at least `least`, grouped and not yet ordered. */
  private rankedQuery(table: OverviewTable, period: Period, least: number): RankedQuery {
    const count = sql<number>`sum(v.count)`.as("count");
    switch (table) {
      case "businesses":
        return this.views("view", period, least).innerJoin("business", "business.id", "v.subjectId").select(["business.name as name", count]).groupBy(["business.id", "business.name"]);
      // A period whose totals are kept reads its categories' and tags' totals (decision 0056); other periods add up
      // their businesses' daily counts per category (or tag) id first, from indexes alone, and only then name them.
      case "categories": {
        if (period.window !== undefined) {
          return this.db
            .selectFrom("insight_category_total as s")
            .innerJoin("category", "category.id", "s.categoryId")
            .where("s.days", "=", period.window)
            .where("s.count", ">", 0)
            .select(["category.name as name", "s.count as count"]);
        }
        const sums = this.views("view", period, least).innerJoin("business", "business.id", "v.subjectId").select(["business.categoryId as id", count]).groupBy("business.categoryId");
        return this.db.selectFrom(sums.as("s")).innerJoin("category", "category.id", "s.id").select(["category.name as name", "s.count as count"]);
      }
      case "tags": {
        if (period.window !== undefined) {
          return this.db
            .selectFrom("insight_tag_total as s")
            .innerJoin("tag", "tag.id", "s.tagId")
            .where("s.days", "=", period.window)
            .where("s.count", ">", 0)
            .select(["tag.name as name", "s.count as count"]);
        }
        const sums = this.views("view", period, least).innerJoin("business_tag", "business_tag.businessId", "v.subjectId").select(["business_tag.tagId as id", count]).groupBy("business_tag.tagId");
        return this.db.selectFrom(sums.as("s")).innerJoin("tag", "tag.id", "s.id").select(["tag.name as name", "s.count as count"]);
      }
      case "events":
        return this.views("event-view", period, least).innerJoin("event", "event.id", "v.subjectId").select(["event.name as name", count]).groupBy(["event.id", "event.name"]);
      case "offers":
        // "<type>: <description> (<business>)", as the admin's Offers tab names an offer.
        return this.views("offer-view", period, least)
          .innerJoin("offer", "offer.id", "v.subjectId")
          .innerJoin("business", "business.id", "offer.businessId")
          .select([sql<string>`offer.type || ': ' || offer.description || ' (' || business.name || ')'`.as("name"), count])
          .groupBy(["offer.id", "offer.type", "offer.description", "business.name"]);
      case "missed-searches":
        if (period.window !== undefined) {
          return this.db
            .selectFrom("insight_window_total")
            .where("days", "=", period.window)
            .where("kind", "=", MISSED)
            .where("count", ">=", least)
            .select(["subject as name", "count"]);
        }
        return this.db
          .selectFrom("insight_missed_search")
          .where("day", ">=", period.from)
          .where("day", "<=", period.to)
          .select(["query as name", sql<number>`sum(count)`.as("count")])
          .groupBy("query");
    }
  }

  /** The counts of one kind per subject over the period: its kept totals, or its daily rows. */
  private views(kind: string, { from, to, window }: Period, least: number) {
    const source =
      window !== undefined
        ? this.db.selectFrom("insight_window_total").where("days", "=", window).where("kind", "=", kind).where("count", ">=", least).select(["subject as subjectId", "count"])
        : this.db.selectFrom("insight_count").where("kind", "=", kind).where("day", ">=", from).where("day", "<=", to).select(["subjectId", "count"]);
    return this.db.selectFrom(source.as("v"));
  }
}
