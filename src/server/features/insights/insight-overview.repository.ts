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
    const rows = await this.rankedQuery(table, period).orderBy("count", "desc").orderBy("name").limit(limit).execute();
    return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
  }

  /** Name and count of each row of the table, grouped and not yet ordered. */
  private rankedQuery(table: OverviewTable, period: Period): RankedQuery {
    const count = sql<number>`sum(v.count)`.as("count");
    switch (table) {
      case "businesses":
        return this.views("view", period).innerJoin("business", "business.id", "v.subjectId").select(["business.name as name", count]).groupBy(["business.id", "business.name"]);
      case "categories":
        return this.views("view", period)
          .innerJoin("business", "business.id", "v.subjectId")
          .innerJoin("category", "category.id", "business.categoryId")
          .select(["category.name as name", count])
          .groupBy(["category.id", "category.name"]);
      case "tags":
        return this.views("view", period)
          .innerJoin("business_tag", "business_tag.businessId", "v.subjectId")
          .innerJoin("tag", "tag.id", "business_tag.tagId")
          .select(["tag.name as name", count])
          .groupBy(["tag.id", "tag.name"]);
      case "events":
        return this.views("event-view", period).innerJoin("event", "event.id", "v.subjectId").select(["event.name as name", count]).groupBy(["event.id", "event.name"]);
      case "offers":
        // "<type>: <description> (<business>)", as the admin's Offers tab names an offer.
        return this.views("offer-view", period)
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
  private views(kind: string, { from, to, window }: Period) {
    const source =
      window !== undefined
        ? this.db.selectFrom("insight_window_total").where("days", "=", window).where("kind", "=", kind).select(["subject as subjectId", "count"])
        : this.db.selectFrom("insight_count").where("kind", "=", kind).where("day", ">=", from).where("day", "<=", to).select(["subjectId", "count"]);
    return this.db.selectFrom(source.as("v"));
  }
}
