// How a survey is described in lists and on its page: where it stands, who it is for, whether it is anonymous, whether
// the person has answered, and when it opens and closes in the site's time zone.
import { SURVEY_STATE_LABELS, type SurveySummary } from "#shared/schemas/survey.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";

const at = (iso: string, timeZone: string) => formatEventWhen(iso, null, false, timeZone);

export function surveyWhen(survey: Pick<SurveySummary, "state" | "opensAt" | "closesAt">, timeZone: string): string | null {
  if (survey.state === "scheduled" && survey.opensAt) return `Opens ${at(survey.opensAt, timeZone)}`;
  if (survey.state === "open" && survey.closesAt) return `Open until ${at(survey.closesAt, timeZone)}`;
  if (survey.state === "closed" && survey.closesAt) return `Closed ${at(survey.closesAt, timeZone)}`;
  return null;
}

const badge = "rounded px-2 py-0.5 text-sm font-semibold";

export function SurveyBadges({ survey }: { survey: SurveySummary }) {
  return (
    <>
      <span className={`${badge} ${survey.state === "open" ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-800"}`}>{SURVEY_STATE_LABELS[survey.state]}</span>
      <span className={`${badge} bg-stone-100 text-stone-800`}>{survey.audience === "public" ? "Public" : "Members"}</span>
      {survey.anonymous && <span className={`${badge} bg-stone-100 text-stone-800`}>Anonymous</span>}
      {survey.answered === true && <span className={`${badge} bg-brand-50 text-brand-800`}>Answered</span>}
      {survey.answered === false && survey.state === "open" && <span className={`${badge} bg-amber-100 text-amber-900`}>Not answered</span>}
    </>
  );
}
