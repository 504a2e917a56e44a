// A survey's results: per question, its counts and shares as a chart (once the page's scripts run) and as a table (for
// screen readers, and with scripts off), averages of ratings and numbers, and the texts and dates as given.
import { lazy, Suspense } from "react";
import { useScripted } from "#web/lib/scripted.ts";
import { QUESTION_KIND_LABELS, type QuestionResult, type SurveyResults as Results } from "#shared/schemas/survey.ts";
import { ui } from "#web/components/ui/classes.ts";
import { useTranslation } from "react-i18next";

const SurveyChart = lazy(() => import("./survey-chart.tsx"));

function Counts({ question, scripted }: { question: QuestionResult; scripted: boolean }) {
  const { t } = useTranslation("members");
  const summary = `${question.label}: ${question.counts.map((c) => `${c.label} ${c.count} (${c.percent}%)`).join(", ")}.`;
  return (
    <>
      {scripted && question.answered > 0 && (
        <Suspense fallback={<p className="text-sm text-stone-600">{t("surveys.loadingChart")}</p>}>
          <SurveyChart labels={question.counts.map((c) => c.label)} counts={question.counts.map((c) => c.count)} summary={summary} />
        </Suspense>
      )}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-start text-sm">
          <caption className="sr-only">{t("surveys.answersTo", { label: question.label })}</caption>
          <thead>
            <tr>
              <th scope="col" className={ui.th}>
                {t("surveys.choice")}
              </th>
              <th scope="col" className={`${ui.th} text-end`}>
                {t("surveys.count")}
              </th>
              <th scope="col" className={`${ui.th} text-end`}>
                {t("surveys.share")}
              </th>
            </tr>
          </thead>
          <tbody>
            {question.counts.map((c) => (
              <tr key={c.label}>
                <th scope="row" className={`${ui.td} font-normal`}>
                  {c.label}
                </th>
                <td className={`${ui.td} text-end`}>{c.count}</td>
                <td className={`${ui.td} text-end`}>{c.percent}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function SurveyResults({ results }: { results: Results }) {
  // The charts need the page's scripts: the server's page shows the tables alone.
  const scripted = useScripted();
  const { t } = useTranslation("members");
  return (
    <section aria-labelledby="results-heading" className="grid gap-4">
      <h2 id="results-heading" className={ui.sectionHeading}>
        {t("surveys.results")}
      </h2>
      <p className="text-stone-800">{t("surveys.inAll", { count: results.responses })}</p>
      {results.questions.map((question, index) => (
        <section key={question.id} aria-labelledby={`result-${question.id}`} className="card grid min-w-0 gap-3">
          <h3 id={`result-${question.id}`} className="font-semibold text-stone-900">
            {index + 1}. {question.label}
          </h3>
          <p className="text-sm text-stone-700">
            {t(`surveys.kinds.${question.kind}`, { defaultValue: QUESTION_KIND_LABELS[question.kind] })} · {t("surveys.answers", { count: question.answered })}
            {question.average !== null && ` · Average: ${question.average}`}
          </p>
          {question.counts.length > 0 && <Counts question={question} scripted={scripted} />}
          {question.texts.length > 0 && (
            <ul className="grid gap-1 text-sm text-stone-800" aria-label={`Answers to ${question.label}`}>
              {question.texts.map((text, i) => (
                <li key={i} className="rounded-md border border-stone-200 px-3 py-2 break-words whitespace-pre-line">
                  {text}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
}
