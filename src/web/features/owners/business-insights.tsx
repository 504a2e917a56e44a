// A business's Insights tab on /mybusiness: the period's figures against the period before, a chart (drawn once the
// page's scripts run) and the same figures as a table (there with scripts off, and for screen readers), the words
// that showed the listing most, and its offers' and events' views.
import { changeText, HIT_KIND_LABELS, type HitKind, type Insights } from "#shared/schemas/insights.ts";
import { dayText, InsightPeriods, InsightsByDay } from "#web/components/insights-by-day.tsx";
import { ui } from "#web/components/ui/classes.ts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { paths } from "#web/lib/paths.ts";

/** The chart's lines: how the listing was seen and what people did with it. */
const CHARTED: { key: "views" | "shown" | "clicks"; kinds: HitKind[] }[] = [
  { key: "views", kinds: ["view"] },
  { key: "shown", kinds: ["search", "list"] },
  { key: "clicks", kinds: ["website", "phone", "email", "directions", "social-facebook", "social-instagram", "social-x", "social-linkedin", "social-tiktok", "social-youtube", "social-other"] },
];
/** Always listed, even at 0; other kinds once they have a figure. */
const MAIN: HitKind[] = ["view", "search", "list", "website", "phone", "email", "directions"];

export function insightsHref(businessId: string, days: number): string {
  return `${paths.myBusiness}?${new URLSearchParams({ insights: businessId, ...(days === 30 ? {} : { days: String(days) }) })}`;
}

function sum(series: Insights["series"], kinds: HitKind[], length: number): number[] {
  return Array.from({ length }, (_, i) => kinds.reduce((total, kind) => total + (series[kind]?.[i] ?? 0), 0));
}

/** "+12%", "−5%", "new" or "no change" in the page's language. */
function change(t: TFunction, total: number, previous: number): string {
  const text = changeText(total, previous);
  return text === "new" || text === "no change" ? t(`insights.${text === "new" ? "new" : "noChange"}`) : text;
}

export function BusinessInsights({ businessId, name, insights, days }: { businessId: string; name: string; insights: Insights | null; days: number }) {
  const { t, i18n } = useTranslation("owners");
  // The period's days as the page's language writes them, as the administrator's insights do (insights-by-day.tsx).
  const day = (iso: string) => dayText(iso, i18n.language === "fr" ? "fr" : "en");
  // An offer by its type's name in the page's language, as the listing's tab names it.
  const { t: adminT } = useTranslation("admin");
  const itemTitle = (item: Insights["items"][number]) =>
    item.type === "offer" && item.offerType !== undefined
      ? t("offerItem.title", { type: adminT(`fields.offer.type.options.${item.offerType}`, { defaultValue: item.offerType }), description: item.description ?? "" })
      : item.title;
  if (!insights) return <p role="alert" className={ui.error}>{t("insights.loadFailed")}</p>;
  const before = t("insights.before", { days });
  const figures = insights.totals.filter((f) => MAIN.includes(f.kind) || f.total > 0 || f.previous > 0);
  const lines = CHARTED.map((c) => ({ label: t(`insights.lines.${c.key}`), values: sum(insights.series, c.kinds, insights.days.length) }));
  const summary = t("insights.summary", { name, from: insights.from, to: insights.to, figures: lines.map((l) => `${l.label.toLowerCase()} ${l.values.reduce((a, b) => a + b, 0)}`).join(", ") });
  return (
    // Grid items may shrink below their content (the chart's canvas keeps its last width until it is resized).
    <div className="grid gap-5 [&>*]:min-w-0">
      <InsightPeriods label={t("insights.period", { name })} days={days} href={(period) => insightsHref(businessId, period)} />
      <p className="text-sm text-stone-700">
        {t("insights.range", { from: day(insights.from), to: day(insights.to), previousFrom: day(insights.previousFrom), previousTo: day(insights.previousTo) })}
      </p>
      <ul aria-label={t("insights.figures", { name })} className="grid gap-2 sm:grid-cols-2">
        {figures.map((f) => (
          <li key={f.kind} className="rounded-md border border-stone-200 px-3 py-2">
            <span className="block text-sm text-stone-700">{t(`insights.kinds.${f.kind}`, { defaultValue: HIT_KIND_LABELS[f.kind] })}</span>
            <span className="text-2xl font-semibold text-stone-900">{f.total}</span>{" "}
            <span className="text-sm text-stone-700">
              ({change(t, f.total, f.previous)} {before})
            </span>
          </li>
        ))}
      </ul>
      <InsightsByDay days={insights.days} lines={lines} summary={summary} tableTitle={t("insights.table")} />
      <section aria-labelledby={`words-${businessId}`}>
        <h3 id={`words-${businessId}`} className="text-lg font-semibold text-stone-900">
          {t("insights.words")}
        </h3>
        {insights.searchWords.length === 0 ? (
          <p className="text-sm text-stone-600">{t("insights.noWords")}</p>
        ) : (
          <ol className="list-decimal ps-6">
            {insights.searchWords.map((w) => (
              <li key={w.query}>
                {w.query} <span className="text-sm text-stone-600">({w.count})</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby={`items-${businessId}`}>
        <h3 id={`items-${businessId}`} className="text-lg font-semibold text-stone-900">
          {t("insights.items")}
        </h3>
        {insights.items.length === 0 ? (
          <p className="text-sm text-stone-600">{t("insights.noItems")}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {insights.items.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-2 py-1">
                <span className="min-w-0 break-words">{itemTitle(item)}</span>
                <span className="text-sm text-stone-700">
                  {t("insights.views", { count: item.views })} ({change(t, item.views, item.previous)} {before})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
