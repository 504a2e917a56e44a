// The daily counters of insights: added to in batches (several instances add up, as each adds its own counts to the
// row), and read per business and period.
import { sql, type Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { HitKind } from "#shared/schemas/insights.ts";
import type { InsightTotalsRepository } from "./insight-totals.repository.ts";

export interface CountRow {
  subjectId: string;
  day: string;
  kind: HitKind;
  count: number;
}
export interface SearchRow {
  businessId: string;
  day: string;
  query: string;
  count: number;
}
export interface MissedRow {
  day: string;
  query: string;
  count: number;
}
export interface OwnerOfBusinesses {
  userId: string;
  email: string;
  businesses: { id: string; name: string }[];
}

/** Rows per statement: well under SQLite's limit of bound values. */
const CHUNK = 500;
/**
 * Rows per upsert. SQLite's statements run on the event loop: a second's counts written in one go held up the beacons
 * arriving meanwhile (tens of ms at 500 hits a second), so the write goes in smaller statements with a turn of the
 * loop between them, in which requests that need no database (the hits) are answered.
 */
const WRITE_CHUNK = 100;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class InsightRepository {
  private readonly db: Kysely<DB>;
  private readonly totals: InsightTotalsRepository;
  constructor(db: Kysely<DB>, totals: InsightTotalsRepository) {
    this.db = db;
    this.totals = totals;
  }

  /** Ids among `ids` that name a business, offer or event (which table by kind); counts for others are dropped. */
  private async known(rows: readonly { subjectId: string; kind: HitKind }[]): Promise<Set<string>> {
    const wanted = { business: new Set<string>(), offer: new Set<string>(), event: new Set<string>() };
    for (const row of rows) {
      const table = row.kind === "offer-view" ? "offer" : row.kind === "event-view" ? "event" : "business";
      wanted[table].add(row.subjectId);
    }
    const found = new Set<string>();
    for (const table of ["business", "offer", "event"] as const) {
      for (const ids of chunks([...wanted[table]])) {
        await nextTurn();
        const rowsFound = await this.db.selectFrom(table).select("id").where("id", "in", ids).execute();
        for (const r of rowsFound) found.add(`${table === "business" ? "" : table}:${r.id}`);
      }
    }
    return found;
  }

  /** Adds the counts to their daily rows and the overview's totals in one transaction; answers how many rows were added to. */
  async add(counts: readonly CountRow[], searches: readonly SearchRow[], missed: readonly MissedRow[] = []): Promise<number> {
    const known = await this.known([...counts, ...searches.map((s) => ({ subjectId: s.businessId, kind: "search" as const }))]);
    const tableOf = (kind: HitKind) => (kind === "offer-view" ? "offer" : kind === "event-view" ? "event" : "");
    const countRows = counts.filter((r) => known.has(`${tableOf(r.kind)}:${r.subjectId}`));
    const searchRows = searches.filter((r) => known.has(`:${r.businessId}`));
    if (countRows.length + searchRows.length + missed.length === 0) return 0;
    await this.db.transaction().execute(async (trx) => {
      await this.totals.holdPeriods(trx);
      for (const rows of chunks(countRows, WRITE_CHUNK)) {
        await nextTurn();
        await trx
          .insertInto("insight_count")
          .values(rows)
          .onConflict((oc) => oc.columns(["subjectId", "day", "kind"]).doUpdateSet({ count: sql<number>`insight_count.count + excluded.count` }))
          .execute();
      }
      for (const rows of chunks(searchRows, WRITE_CHUNK)) {
        await nextTurn();
        await trx
          .insertInto("insight_search")
          .values(rows)
          .onConflict((oc) => oc.columns(["businessId", "day", "query"]).doUpdateSet({ count: sql<number>`insight_search.count + excluded.count` }))
          .execute();
      }
      for (const rows of chunks(missed, WRITE_CHUNK)) {
        await nextTurn();
        await trx
          .insertInto("insight_missed_search")
          .values(rows)
          .onConflict((oc) => oc.columns(["day", "query"]).doUpdateSet({ count: sql<number>`insight_missed_search.count + excluded.count` }))
          .execute();
      }
      await nextTurn();
      await this.totals.add(trx, countRows, missed);
    });
    return countRows.length + searchRows.length + missed.length;
  }

  /** Per day and kind, the counts of the given subjects between two days (both included). */
  async dailyCounts(subjectIds: readonly string[], from: string, to: string): Promise<{ subjectId: string; day: string; kind: string; count: number }[]> {
    if (subjectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom("insight_count")
      .select(["subjectId", "day", "kind", "count"])
      .where("subjectId", "in", [...subjectIds])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .execute();
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }

  /** The words that showed the business most between two days. */
  async topSearches(businessId: string, from: string, to: string, limit = 10): Promise<{ query: string; count: number }[]> {
    const rows = await this.db
      .selectFrom("insight_search")
      .select(["query", (eb) => eb.fn.sum<number>("count").as("count")])
      .where("businessId", "=", businessId)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("query")
      .orderBy("count", "desc")
      .orderBy("query")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ query: r.query, count: Number(r.count) }));
  }

  /** The business's offers and events (an event belongs to the business it takes place at). */
  async items(businessId: string): Promise<{ id: string; type: "offer" | "event"; title: string; offerType?: string; description?: string }[]> {
    const offers = await this.db.selectFrom("offer").select(["id", "type", "description"]).where("businessId", "=", businessId).orderBy("createdAt", "desc").limit(50).execute();
    const events = await this.db.selectFrom("event").select(["id", "name"]).where("location", "=", businessId).orderBy("eventDate", "desc").limit(50).execute();
    return [...offers.map((o) => ({ id: o.id, type: "offer" as const, title: `${o.type}: ${o.description}`, offerType: o.type, description: o.description })), ...events.map((e) => ({ id: e.id, type: "event" as const, title: e.name }))];
  }

  /** Every owner with the businesses they own: who the monthly report goes to. */
  async owners(): Promise<OwnerOfBusinesses[]> {
    const rows = await this.db
      .selectFrom("business_owner")
      .innerJoin("user", "user.id", "business_owner.userId")
      .innerJoin("business", "business.id", "business_owner.businessId")
      .select(["user.id as userId", "user.email", "business.id as businessId", "business.name"])
      .orderBy("user.id")
      .orderBy("business.name")
      .execute();
    const byUser = new Map<string, OwnerOfBusinesses>();
    for (const r of rows) {
      const owner = byUser.get(r.userId) ?? { userId: r.userId, email: r.email, businesses: [] };
      owner.businesses.push({ id: r.businessId, name: r.name });
      byUser.set(r.userId, owner);
    }
    return [...byUser.values()];
  }

  /** Records the month's report as sent to the person; false when it already was. */
  async claimReport(userId: string, month: string, stopToken: string): Promise<boolean> {
    const result = await this.db
      .insertInto("insight_report")
      .values({ userId, month, sentAt: new Date().toISOString(), stopToken })
      .onConflict((oc) => oc.columns(["userId", "month"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Whose report carried the stop link. */
  async reportOwner(stopToken: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("insight_report").select("userId").where("stopToken", "=", stopToken).executeTakeFirst();
    return row?.userId;
  }

  /** Takes back a claim whose mail could not be sent, so the next run tries again. */
  async releaseReport(userId: string, month: string): Promise<void> {
    await this.db.deleteFrom("insight_report").where("userId", "=", userId).where("month", "=", month).execute();
  }
}
