// Totals of the insights kept as the counts are written (docs/decisions/0054): page views per day, and for each period
// the overview offers, each subject's count over the period's days. The counts' writer adds to them in its own
// transaction; a reader moves a period's first day to its own "today" minus the period, taking out (or putting back)
// the days between, so the totals stay what a sum of the daily rows would give, whichever instance wrote or reads.
import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { DialectName } from "#server/db/database.ts";
import type { CountRow, MissedRow } from "./insight.repository.ts";

/** The periods whose totals are kept: those the overview's page offers. */
export const TOTAL_WINDOWS = [30, 90, 365] as const;
export const PAGE_VIEWS = ["view", "offer-view", "event-view"];
/** The totals' kind of a search that found nothing (its subject is the searched words). */
export const MISSED = "missed";
const DAY_MS = 86_400_000;
const WRITE_CHUNK = 100;
const READ_CHUNK = 500;
/** Past this many businesses' totals changed at once, a period's category and tag totals are counted anew instead. */
const GROUP_CHANGES_LIMIT = 5_000;

interface TotalRow {
  days: number;
  kind: string;
  subject: string;
  count: number;
}

/** The kept totals of a business's groups: its category's, and each of its tags' (decision 0056). */
const GROUPS = [
  { table: "insight_category_total", column: "categoryId" },
  { table: "insight_tag_total", column: "tagId" },
] as const;
type GroupTable = (typeof GROUPS)[number]["table"];

/** Adds the row's count to the row kept under `key`, or keeps a copy of it there. */
function addTo<T extends { count: number }>(rows: Map<string, T>, key: string, row: T): void {
  const seen = rows.get(key);
  if (seen) seen.count += row.count;
  else rows.set(key, { ...row });
}

/** The day `days` after `day` (before it when negative), both as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export class InsightTotalsRepository {
  private readonly db: Kysely<DB>;
  private readonly dialect: DialectName;
  constructor(db: Kysely<DB>, dialect: DialectName) {
    this.db = db;
    this.dialect = dialect;
  }

  /**
   * Takes the periods' rows for share, first in the transaction that writes counts (PostgreSQL): a move and a write of
   * businesses take them for update before anything else (decision 0056), and a write that held count rows while it
   * queued for them behind one of those could close a circle with another write holding them already.
   */
  async holdPeriods(trx: Transaction<DB>): Promise<void> {
    if (this.dialect === "postgres") await trx.selectFrom("insight_window").select("days").orderBy("days").forShare().execute();
  }

  /** Adds a write's counts to the totals, inside the transaction that writes them to the daily rows. */
  async add(trx: Transaction<DB>, counts: readonly CountRow[], missed: readonly MissedRow[]): Promise<void> {
    const perDay = new Map<string, number>();
    for (const row of counts) if (PAGE_VIEWS.includes(row.kind)) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.count);
    const dayRows = [...perDay].map(([day, count]) => ({ day, count }));
    if (dayRows.length > 0) {
      await trx
        .insertInto("insight_day_total")
        .values(dayRows)
        .onConflict((oc) => oc.column("day").doUpdateSet({ count: sql<number>`insight_day_total.count + excluded.count` }))
        .execute();
    }
    // A reader moving a period's first day waits for this write (and this write for it), so no count falls between.
    const totals: TotalRow[] = [];
    for (const { days, firstDay } of await trx.selectFrom("insight_window").select(["days", "firstDay"]).$call((q) => (this.dialect === "postgres" ? q.forShare() : q)).execute()) {
      const held = (day: string) => day >= firstDay && day < addDays(firstDay, days);
      for (const row of counts) if (PAGE_VIEWS.includes(row.kind) && held(row.day)) totals.push({ days, kind: row.kind, subject: row.subjectId, count: row.count });
      for (const row of missed) if (held(row.day)) totals.push({ days, kind: MISSED, subject: row.query, count: row.count });
    }
    await this.addTotals(trx, totals);
  }

  /** Adds to the subjects' totals and, unless `groups` is false, to their businesses' categories' and tags' totals. */
  private async addTotals(trx: Transaction<DB>, rows: TotalRow[], groups = true): Promise<void> {
    // One row per key and statement: PostgreSQL refuses an upsert that touches a row twice.
    const merged = new Map<string, TotalRow>();
    for (const row of rows) addTo(merged, `${row.days}\u0000${row.kind}\u0000${row.subject}`, row);
    const list = [...merged.values()];
    for (let i = 0; i < list.length; i += WRITE_CHUNK) {
      await trx
        .insertInto("insight_window_total")
        .values(list.slice(i, i + WRITE_CHUNK))
        .onConflict((oc) => oc.columns(["days", "kind", "subject"]).doUpdateSet({ count: sql<number>`insight_window_total.count + excluded.count` }))
        .execute();
    }
    if (groups) await this.addGroupTotals(trx, list);
  }

  /**
   * Adds businesses' page views to the totals of their categories and tags as they are now (decision 0056; the
   * triggers of migration 0092 move them when a business changes category or tags). A deleted business counts in none.
   */
  private async addGroupTotals(trx: Transaction<DB>, rows: readonly TotalRow[]): Promise<void> {
    const views = rows.filter((row) => row.kind === "view" && row.count !== 0);
    if (views.length === 0) return;
    const subjects = [...new Set(views.map((row) => row.subject))];
    const groupsOf = new Map<string, { table: GroupTable; id: string }[]>();
    const join = (business: string, table: GroupTable, id: string) => groupsOf.set(business, [...(groupsOf.get(business) ?? []), { table, id }]);
    for (let i = 0; i < subjects.length; i += READ_CHUNK) {
      const chunk = subjects.slice(i, i + READ_CHUNK);
      for (const b of await trx.selectFrom("business").select(["id", "categoryId"]).where("id", "in", chunk).execute()) if (b.categoryId) join(b.id, "insight_category_total", b.categoryId);
      for (const bt of await trx.selectFrom("business_tag").select(["businessId", "tagId"]).where("businessId", "in", chunk).execute()) join(bt.businessId, "insight_tag_total", bt.tagId);
    }
    const sums = new Map<string, { table: GroupTable; days: number; id: string; count: number }>();
    for (const row of views) {
      for (const group of groupsOf.get(row.subject) ?? []) addTo(sums, `${group.table}\u0000${row.days}\u0000${group.id}`, { ...group, days: row.days, count: row.count });
    }
    for (const { table, column } of GROUPS) {
      const list = [...sums.values()].filter((row) => row.table === table);
      for (let i = 0; i < list.length; i += WRITE_CHUNK) {
        await sql`insert into ${sql.table(table)} (days, ${sql.ref(column)}, count)
          values ${sql.join(list.slice(i, i + WRITE_CHUNK).map((row) => sql`(${row.days}, ${row.id}, ${row.count})`))}
          on conflict (days, ${sql.ref(column)}) do update set count = ${sql.table(table)}.count + excluded.count`.execute(trx);
      }
    }
  }

  /** Counts a period's category and tag totals anew from its businesses' totals. */
  private async countGroupsAnew(trx: Transaction<DB>, days: number): Promise<void> {
    await trx.deleteFrom("insight_category_total").where("days", "=", days).execute();
    await trx.deleteFrom("insight_tag_total").where("days", "=", days).execute();
    // SQLite without statistics takes the key's index, then every business's row; this index holds both columns.
    const business = this.dialect === "sqlite" ? sql`business as b indexed by business_category_cover` : sql`business as b`;
    await sql`insert into insight_category_total (days, "categoryId", count)
      select t.days, b."categoryId", sum(t.count) from insight_window_total t join ${business} on b.id = t.subject
      where t.days = ${days} and t.kind = 'view' and b."categoryId" is not null group by t.days, b."categoryId"`.execute(trx);
    await sql`insert into insight_tag_total (days, "tagId", count)
      select t.days, bt."tagId", sum(t.count) from insight_window_total t join business_tag bt on bt."businessId" = t.subject
      where t.days = ${days} and t.kind = 'view' group by t.days, bt."tagId"`.execute(trx);
  }

  /**
   * Makes the period's totals hold the `days` days from `firstDay`: takes out the days it no longer holds and adds
   * those it now holds (or counts them all anew when it moved by its whole length or more). Answers whether it moved.
   */
  async moveWindow(days: number, firstDay: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const state = await trx
        .selectFrom("insight_window")
        .select("firstDay")
        .where("days", "=", days)
        .$call((q) => (this.dialect === "postgres" ? q.forUpdate() : q))
        .executeTakeFirst();
      const current = state?.firstDay;
      if (current === firstDay) return false;
      const moved = current === undefined ? Infinity : daysBetween(current, firstDay);
      if (Math.abs(moved) >= days) {
        await trx.deleteFrom("insight_window_total").where("days", "=", days).execute();
        await this.addTotals(trx, await this.sums(trx, days, firstDay, addDays(firstDay, days), 1), false);
        await this.countGroupsAnew(trx, days);
      } else {
        // Forward: the days from the old first day leave, as many after the old last day come in; back, the reverse.
        const [leaving, coming] = moved > 0 ? [current!, addDays(current!, days)] : [addDays(firstDay, days), firstDay];
        const changes = [...(await this.sums(trx, days, leaving, addDays(leaving, Math.abs(moved)), -1)), ...(await this.sums(trx, days, coming, addDays(coming, Math.abs(moved)), 1))];
        const many = changes.filter((row) => row.kind === "view").length > GROUP_CHANGES_LIMIT;
        await this.addTotals(trx, changes, !many);
        await trx.deleteFrom("insight_window_total").where("days", "=", days).where("count", "<=", 0).execute();
        if (many) await this.countGroupsAnew(trx, days);
      }
      await trx
        .insertInto("insight_window")
        .values({ days, firstDay })
        .onConflict((oc) => oc.column("days").doUpdateSet({ firstDay }))
        .execute();
      return true;
    });
  }

  /** Per subject, the daily counts from `from` up to the day before `until`, times `sign`. */
  private async sums(trx: Transaction<DB>, days: number, from: string, until: string, sign: 1 | -1): Promise<TotalRow[]> {
    const counts = await trx
      .selectFrom("insight_count")
      .select(["kind", "subjectId", (eb) => eb.fn.sum<number>("count").as("count")])
      .where("kind", "in", PAGE_VIEWS)
      .where("day", ">=", from)
      .where("day", "<", until)
      .groupBy(["kind", "subjectId"])
      .execute();
    const missed = await trx
      .selectFrom("insight_missed_search")
      .select(["query", (eb) => eb.fn.sum<number>("count").as("count")])
      .where("day", ">=", from)
      .where("day", "<", until)
      .groupBy("query")
      .execute();
    return [
      ...counts.map((r) => ({ days, kind: r.kind, subject: r.subjectId, count: sign * Number(r.count) })),
      ...missed.map((r) => ({ days, kind: MISSED, subject: r.query, count: sign * Number(r.count) })),
    ];
  }
}
