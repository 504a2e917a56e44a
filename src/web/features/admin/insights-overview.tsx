// The association's insights (/admin/insights): page views by day as a chart (drawn once the page's scripts run) and
// as a table, what visitors searched for and did not find, and the businesses, categories, tags, events and offers
// looked at most, each table with its CSV.
import { OVERVIEW_TABLES, type InsightOverview, type OverviewTable } from "#shared/schemas/insights.ts";
import { countText, dayText, InsightPeriods, InsightsByDay } from "#web/components/insights-by-day.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { paths } from "#web/lib/paths.ts";

/** The tables in the order the page shows them: what was not found first, as the association most needs it. */
const ORDER: OverviewTable[] = ["missed-searches", "businesses", "categories", "tags", "events", "offers"];

export function overviewHref(days: number): string {
  return days === 30 ? paths.adminTab("insights") : `${paths.adminTab("insights")}?days=${days}`;
}

function RankedTable({ table, overview, days }: { table: OverviewTable; overview: InsightOverview; days: number }) {
  const { t, lang } = useManageText();
  // The tables' English names are OVERVIEW_TABLES', the catalog's `insights.tables` says them in each language.
  const { title, name, count } = { ...OVERVIEW_TABLES[table], ...(t(`insights.tables.${table}`, { returnObjects: true }) as Partial<(typeof OVERVIEW_TABLES)[OverviewTable]>) };
  const rows = overview.tables[table];
  const headingId = `insights-${table}`;
  return (
    <section aria-labelledby={headingId} className="card grid min-w-0 content-start gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-stone-900">
          {title}
        </h3>
        {/* The CSV itself keeps English column headers in every language: it is data that spreadsheets and other tools read by those names. */}
        <a href={`/api/v1/exports/insights/${table}.csv?days=${days}`} download className={ui.secondary} aria-label={t("insights.exportCsvOf", { title: title.toLowerCase() })}>
          {t("insights.exportCsv")}
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">{t("insights.nothingCounted")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">
              {t("insights.tableOf", { title, from: dayText(overview.from, lang), to: dayText(overview.to, lang) })}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pe-3">
                  {name}
                </th>
                <th scope="col" className="py-1 text-end">
                  {count}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.name} className="border-t border-stone-200">
                  <td className="py-1 pe-3 break-words">{row.name}</td>
                  <td className="py-1 text-end tabular-nums">{countText(row.count, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function InsightsOverview({ overview, days }: { overview: InsightOverview; days: number }) {
  const { t, lang } = useManageText();
  const count = overview.visits.reduce((a, b) => a + b, 0);
  const total = countText(count, lang);
  const from = dayText(overview.from, lang);
  const to = dayText(overview.to, lang);
  const summary = t("insights.summary", { from, to, total });
  const lines = [{ label: t("insights.pageViews"), values: overview.visits }];
  return (
    <div className="grid gap-5 [&>*]:min-w-0">
      <InsightPeriods label={t("insights.period")} days={days} href={overviewHref} />
      <p className="text-sm text-stone-700">
        {t("insights.counted", { from, to })}
      </p>
      <section aria-labelledby="insights-visits" className="grid gap-3">
        <h3 id="insights-visits" className="text-lg font-semibold text-stone-900">
          {t("insights.visitsByDay", { total, count })}
        </h3>
        <InsightsByDay days={overview.days} lines={lines} summary={summary} tableTitle={t("insights.visitsTable")} />
      </section>
      <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        {ORDER.map((table) => (
          <RankedTable key={table} table={table} overview={overview} days={days} />
        ))}
      </div>
    </div>
  );
}
