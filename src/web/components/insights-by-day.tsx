// What the owners' and the association's insights share: the period's links, and figures by day as a chart (drawn
// once the page's scripts run, Chart.js loaded on its own) and as a table (there with scripts off, and for screen
// readers).
import { lazy, Suspense } from "react";
import { useScripted } from "#web/lib/scripted.ts";
import { Link } from "react-router";
import { formatLongDate, formatNumber, type Lang } from "#shared/i18n/format.ts";
import { INSIGHT_PERIODS } from "#shared/schemas/insights.ts";
import { useManageText } from "#web/lib/manage-text.ts";

const InsightsChart = lazy(() => import("./insights-chart.tsx"));


// English keeps the figures and days as it always showed them ("1234", "2026-11-02"); French writes them its way
// ("1 234", "2 novembre 2026").
/** A count in the page's language. */
export const countText = (value: number, lang: Lang) => (lang === "en" ? String(value) : formatNumber(value, lang));
/** A calendar day ("2026-11-02") in the page's language. */
export const dayText = (iso: string, lang: Lang) => (lang === "en" ? iso : formatLongDate(`${iso}T12:00:00Z`, lang, "UTC"));

/** "Last 30 days", "Last 90 days", "Last 365 days": links, so the period is in the address and works with scripts off. */
export function InsightPeriods({ label, days, href }: { label: string; days: number; href: (days: number) => string }) {
  const { t } = useManageText();
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {INSIGHT_PERIODS.map((period) => (
        <Link
          key={period}
          to={href(period)}
          preventScrollReset
          aria-current={period === days ? "true" : undefined}
          className="rounded-full border border-stone-300 px-3 py-1 text-sm text-brand-800 hover:bg-brand-50 aria-[current]:border-brand-700 aria-[current]:bg-brand-700 aria-[current]:text-white"
        >
          {t("insights.lastDays", { count: period })}
        </Link>
      ))}
    </nav>
  );
}

export interface DayLine {
  label: string;
  values: number[];
}

/** The lines over the days as a chart with `summary` as its label, and as a table of the days with anything counted. */
export function InsightsByDay({ days, lines, summary, tableTitle }: { days: string[]; lines: DayLine[]; summary: string; tableTitle: string }) {
  // The chart needs the page's scripts: the server's page (and a page with scripts off) shows the table open instead.
  const { t, lang } = useManageText();
  const scripted = useScripted();
  const shownDays = days.map((day, i) => ({ day, values: lines.map((l) => l.values[i] ?? 0) })).filter((row) => row.values.some((v) => v > 0));
  return (
    <>
      {scripted && (
        <Suspense fallback={<p className="text-sm text-stone-600">{t("insights.loadingChart")}</p>}>
          <InsightsChart days={days} lines={lines} summary={summary} />
        </Suspense>
      )}
      <details open={!scripted || undefined} className="rounded-md border border-stone-200 p-3">
        <summary className="cursor-pointer font-semibold text-brand-800">{tableTitle}</summary>
        {shownDays.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t("insights.nothingCounted")}</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t("insights.tableCaption", { summary })}</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 pe-3">
                    {t("insights.day")}
                  </th>
                  {lines.map((l) => (
                    <th key={l.label} scope="col" className="py-1 pe-3">
                      {l.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shownDays.map((row) => (
                  <tr key={row.day} className="border-t border-stone-200">
                    <th scope="row" className="py-1 pe-3 font-normal">
                      {dayText(row.day, lang)}
                    </th>
                    {row.values.map((v, i) => (
                      <td key={lines[i]!.label} className="py-1 pe-3">
                        {countText(v, lang)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </>
  );
}
