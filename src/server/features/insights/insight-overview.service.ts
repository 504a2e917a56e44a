// The association's view of the insights (docs/decisions/0038): for administrators only, over the last 30, 90 or 365
// days on the site's clock; each table also as CSV.
import { requireAdmin, type CurrentUser } from "#server/auth/session.ts";
import { toCsv } from "#server/features/import/index.ts";
import { invalidInput } from "#server/validation.ts";
import { insightMessages, InsightsQuerySchema, OVERVIEW_TABLE_NAMES, OVERVIEW_TABLES, type InsightOverview, type OverviewTable } from "#shared/schemas/insights.ts";
import type { InsightOverviewRepository, Period } from "./insight-overview.repository.ts";
import { addDays, TOTAL_WINDOWS, type InsightTotalsRepository } from "./insight-totals.repository.ts";

export const INSIGHT_TOTALS_JOB = "insight-totals";
/** Rows of each table on the page; a CSV holds up to EXPORT_ROWS. */
const SHOWN_ROWS = 20;
const EXPORT_ROWS = 10_000;

export interface InsightOverviewServiceOptions {
  repository: InsightOverviewRepository;
  totals: InsightTotalsRepository;
  timeZone: () => Promise<string>;
  now?: () => Date;
}

export class InsightOverviewService {
  private readonly options: InsightOverviewServiceOptions;
  constructor(options: InsightOverviewServiceOptions) {
    this.options = options;
  }

  /**
   * The last `days` days (30 when left out), today included, on the site's clock. For a period whose totals are kept,
   * they are first brought to start on its first day, and read instead of the daily counts.
   */
  private async period(days: string | undefined): Promise<Period & { days: string[] }> {
    const parsed = InsightsQuerySchema.pick({ days: true }).safeParse({ days });
    if (!parsed.success) throw invalidInput(parsed.error.issues, insightMessages.badDays);
    const length = parsed.data.days ?? 30;
    const to = await this.today();
    const list = Array.from({ length }, (_, i) => addDays(to, i + 1 - length));
    const window = (TOTAL_WINDOWS as readonly number[]).includes(length) ? length : undefined;
    if (window !== undefined) await this.options.totals.moveWindow(window, list[0]!);
    return { from: list[0]!, to, window, days: list };
  }

  private async today(): Promise<string> {
    const zone = await this.options.timeZone();
    return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(this.options.now?.() ?? new Date());
  }

  /** Brings each kept period's totals to start on its first day as of today, so that no overview has to. */
  async keepTotals(): Promise<void> {
    const today = await this.today();
    for (const window of TOTAL_WINDOWS) await this.options.totals.moveWindow(window, addDays(today, 1 - window));
  }

  async overview(viewer: CurrentUser | null, query: { days?: string | undefined }): Promise<InsightOverview> {
    requireAdmin(viewer);
    const period = await this.period(query.days);
    const { repository } = this.options;
    const byDay = new Map((await repository.visitsByDay(period)).map((r) => [r.day, r.count]));
    const tables = Object.fromEntries(await Promise.all(OVERVIEW_TABLE_NAMES.map(async (table) => [table, await repository.ranked(table, period, SHOWN_ROWS)] as const)));
    return { from: period.from, to: period.to, days: period.days, visits: period.days.map((d) => byDay.get(d) ?? 0), tables: tables as InsightOverview["tables"] };
  }

  /** One table as CSV, every row of the period (up to EXPORT_ROWS), headed as on the page. */
  async csv(viewer: CurrentUser | null, table: OverviewTable, query: { days?: string | undefined }): Promise<string> {
    requireAdmin(viewer);
    const period = await this.period(query.days);
    const rows = await this.options.repository.ranked(table, period, EXPORT_ROWS);
    const { name, count } = OVERVIEW_TABLES[table];
    return toCsv([name, count, "From", "To"], rows.map((r) => [r.name, r.count, period.from, period.to]));
  }
}
