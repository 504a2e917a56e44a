// The association's reading of the daily counters: visits by day, what was looked at most, and what visitors searched
// for and did not find, over a period.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { OverviewTable } from "#shared/schemas/insights.ts";

export interface Period {
  from: string;
  to: string;
}
export interface RankedRow {
  name: string;
  count: number;
}

const PAGE_VIEWS = ["view", "offer-view", "event-view"];

export class InsightOverviewRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Views of business, offer and event pages per day (days with none are left out). */
  async visitsByDay({ from, to }: Period): Promise<{ day: string; count: number }[]> {
    const rows = await this.db
      .selectFrom("insight_count")
      .select(["day", (eb) => eb.fn.sum<number>("count").as("count")])
      .where("kind", "in", PAGE_VIEWS)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("day")
      .execute();
    return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
  }

  /** The table's rows, the most looked at (or searched for) first; names break ties. */
  async ranked(table: OverviewTable, period: Period, limit: number): Promise<RankedRow[]> {
    const count = (n: number | string) => Number(n);
    switch (table) {
      case "businesses": {
        const rows = await this.views("view", period)
          .innerJoin("business", "business.id", "insight_count.subjectId")
          .select((eb) => ["business.name as name", eb.fn.sum<number>("insight_count.count").as("count")])
          .groupBy(["business.id", "business.name"])
          .orderBy("count", "desc")
          .orderBy("name")
          .limit(limit)
          .execute();
        return rows.map((r) => ({ name: r.name, count: count(r.count) }));
      }
      case "categories": {
        const rows = await this.views("view", period)
          .innerJoin("business", "business.id", "insight_count.subjectId")
          .innerJoin("category", "category.id", "business.categoryId")
          .select((eb) => ["category.name as name", eb.fn.sum<number>("insight_count.count").as("count")])
          .groupBy(["category.id", "category.name"])
          .orderBy("count", "desc")
          .orderBy("name")
          .limit(limit)
          .execute();
        return rows.map((r) => ({ name: r.name, count: count(r.count) }));
      }
      case "tags": {
        const rows = await this.views("view", period)
          .innerJoin("business_tag", "business_tag.businessId", "insight_count.subjectId")
          .innerJoin("tag", "tag.id", "business_tag.tagId")
          .select((eb) => ["tag.name as name", eb.fn.sum<number>("insight_count.count").as("count")])
          .groupBy(["tag.id", "tag.name"])
          .orderBy("count", "desc")
          .orderBy("name")
          .limit(limit)
          .execute();
        return rows.map((r) => ({ name: r.name, count: count(r.count) }));
      }
      case "events": {
        const rows = await this.views("event-view", period)
          .innerJoin("event", "event.id", "insight_count.subjectId")
          .select((eb) => ["event.name as name", eb.fn.sum<number>("insight_count.count").as("count")])
          .groupBy(["event.id", "event.name"])
          .orderBy("count", "desc")
          .orderBy("name")
          .limit(limit)
          .execute();
        return rows.map((r) => ({ name: r.name, count: count(r.count) }));
      }
      case "offers": {
        const rows = await this.views("offer-view", period)
          .innerJoin("offer", "offer.id", "insight_count.subjectId")
          .innerJoin("business", "business.id", "offer.businessId")
          .select((eb) => ["offer.type", "offer.description", "business.name as businessName", eb.fn.sum<number>("insight_count.count").as("count")])
          .groupBy(["offer.id", "offer.type", "offer.description", "business.name"])
          .orderBy("count", "desc")
          .orderBy("offer.description")
          .limit(limit)
          .execute();
        return rows.map((r) => ({ name: `${r.type}: ${r.description} (${r.businessName})`, count: count(r.count) }));
      }
      case "missed-searches": {
        const rows = await this.db
          .selectFrom("insight_missed_search")
          .where("day", ">=", period.from)
          .where("day", "<=", period.to)
          .select((eb) => ["query as name", eb.fn.sum<number>("count").as("count")])
          .groupBy("query")
          .orderBy("count", "desc")
          .orderBy("name")
          .limit(limit)
          .execute();
        return rows.map((r) => ({ name: r.name, count: count(r.count) }));
      }
    }
  }

  private views(kind: string, { from, to }: Period) {
    return this.db.selectFrom("insight_count").where("insight_count.kind", "=", kind).where("insight_count.day", ">=", from).where("insight_count.day", "<=", to);
  }
}
