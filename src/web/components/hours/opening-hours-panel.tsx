// A business's opening hours on its page: open or closed now, the week with today marked, and the
// exceptions of the coming weeks.
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { useHoursWords } from "#web/lib/public-text.ts";
import {
  exceptionText,
  intervalsText,
  statusText,
  WEEKDAYS,
  type ComingException,
  type HoursStatus,
  type Interval,
  type OpeningHoursView,
} from "#shared/opening-hours.ts";

/**
 * The direction the hours' words are written in (their catalog's language), set on each range and sentence as an
 * isolate: on a right-to-left page the times keep their order ("07:00–18:00", not "18:00–07:00").
 */
function useTextDirection(): "ltr" | "rtl" {
  const { i18n } = useTranslation("hours");
  return i18n.dir(i18n.language);
}

/** "09:00–12:00, 18:00–02:00", each range isolated in its own direction. */
function Intervals({ intervals }: { intervals: readonly Interval[] }) {
  const words = useHoursWords();
  const dir = useTextDirection();
  return intervals.map((interval, index) => (
    <Fragment key={`${interval.open}-${interval.close}`}>
      {index > 0 && ", "}
      <bdi dir={dir}>{intervalsText([interval], words)}</bdi>
    </Fragment>
  ));
}

/** "Open now" or "Closed" (or the longer sentence given), with a dot that is not the only sign of it. */
export function OpenStateBadge({ openNow, text, compact = false }: { openNow: boolean | null; text?: string | null; compact?: boolean }) {
  const { t } = useHoursWords();
  const dir = useTextDirection();
  if (openNow === null) return null;
  return (
    <span className={`inline-flex items-center gap-1.5 font-semibold ${compact ? "text-xs" : "text-sm"} ${openNow ? "text-green-800" : "text-stone-700"}`} data-open-now={openNow}>
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${openNow ? "bg-green-600" : "bg-stone-500"}`} />
      <bdi dir={dir}>{text ?? (openNow ? t("openNow") : t("closed"))}</bdi>
    </span>
  );
}

export function OpeningHoursPanel({ hours, status, coming }: { hours: OpeningHoursView; status: HoursStatus; coming: ComingException[] }) {
  const todayIndex = (new Date(`${status.today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const words = useHoursWords();
  const { t } = words;
  const dir = useTextDirection();
  const text = statusText(status, words);
  return (
    <section aria-labelledby="business-hours-heading" className="mt-8 max-w-md">
      <h2 id="business-hours-heading" className="text-2xl font-bold text-brand-800">
        {t("panel.heading")}
      </h2>
      {text && (
        <p className="mt-2">
          <OpenStateBadge openNow={status.openNow} text={text} />
        </p>
      )}
      <table className="mt-3 w-full text-start text-stone-800">
        <caption className="sr-only">{t("panel.caption")}</caption>
        <tbody>
          {WEEKDAYS.map((day, index) => {
            const intervals = hours.week[day];
            const today = index === todayIndex;
            return (
              <tr key={day} aria-current={today ? "date" : undefined} className={today ? "bg-brand-50 font-semibold" : undefined}>
                <th scope="row" className="py-1 pe-6 ps-2 font-medium">
                  {t(`day.${day}`)}
                  {today && <span className="ms-2 text-xs font-semibold tracking-wide text-brand-800 uppercase">{t("panel.today")}</span>}
                </th>
                <td className="py-1 pe-2">{intervals === null ? <span className="text-stone-600">{t("panel.notGiven")}</span> : intervals.length === 0 ? t("closed") : <Intervals intervals={intervals} />}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {hours.closedOnPublicHolidays && <p className="mt-2 text-sm text-stone-700">{t("panel.publicHolidays")}</p>}
      {coming.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold text-stone-800">{t("panel.coming")}</h3>
          <ul className="mt-1 list-disc ps-5 text-stone-800">
            {coming.map((e) => (
              <li key={`${e.from}-${e.to}`}>
                <bdi dir={dir}>{exceptionText(e, words)}</bdi>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
