// How a survey is described in lists and on its page: where it stands, who it is for, whether it is anonymous, whether
// the person has answered, and when it opens and closes in the site's time zone.
import { SURVEY_STATE_LABELS, type SurveySummary } from "#shared/schemas/survey.ts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatEventWhen, type Lang } from "#shared/i18n/format.ts";

const at = (iso: string, timeZone: string, lang: Lang) => formatEventWhen(iso, null, false, lang, timeZone);

export function surveyWhen(survey: Pick<SurveySummary, "state" | "opensAt" | "closesAt">, timeZone: string, t: TFunction, lang: Lang): string | null {
  if (survey.state === "scheduled" && survey.opensAt) return t("surveys.opens", { when: at(survey.opensAt, timeZone, lang) });
  if (survey.state === "open" && survey.closesAt) return t("surveys.openUntil", { when: at(survey.closesAt, timeZone, lang) });
  if (survey.state === "closed" && survey.closesAt) return t("surveys.closed", { when: at(survey.closesAt, timeZone, lang) });
  return null;
}

const badge = "rounded px-2 py-0.5 text-sm font-semibold";

export function SurveyBadges({ survey }: { survey: SurveySummary }) {
  const { t } = useTranslation("members");
  return (
    <>
      <span className={`${badge} ${survey.state === "open" ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-800"}`}>{t(`surveys.states.${survey.state}`, { defaultValue: SURVEY_STATE_LABELS[survey.state] })}</span>
      <span className={`${badge} bg-stone-100 text-stone-800`}>{survey.audience === "public" ? t("surveys.public") : t("surveys.members")}</span>
      {survey.anonymous && <span className={`${badge} bg-stone-100 text-stone-800`}>{t("surveys.anonymous")}</span>}
      {survey.answered === true && <span className={`${badge} bg-brand-50 text-brand-800`}>{t("surveys.answered")}</span>}
      {survey.answered === false && survey.state === "open" && <span className={`${badge} bg-amber-100 text-amber-900`}>{t("dashboard.marks.notAnswered")}</span>}
    </>
  );
}
