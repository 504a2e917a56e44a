// /myqsa/surveys/<id>: one survey: its questions to answer (or change, while a named one is open), what the person
// has answered, and the results when they may read them (administrators live, with the CSV; those who answered once
// it closes, when the survey shows them). Opening the link mailed to a visitor (?confirm=<token>) counts their answer.
import { data, Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/member-survey";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { ApiError, apiFetch, type Fetcher } from "../lib/api-client.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { langOf } from "../lib/public-text.ts";
import { paths } from "../lib/paths.ts";
import { surveyMessages, type AdminSurvey, type ConfirmOutcome, type SurveyDetail, type SurveyResults as Results } from "#shared/schemas/survey.ts";
import { ItemNotFound } from "../components/layout/item-not-found.tsx";
import { BackLinkedHeading } from "#web/components/ui/back-linked-heading.tsx";
import { MemberInvitation } from "../features/announcements/member-invitation.tsx";
import { SurveyBadges, SurveyForm, SurveyResults, surveyWhen } from "../features/surveys/index.ts";

async function confirmation(fetcher: Fetcher, id: string, token: string | null) {
  if (!token) return null;
  try {
    const outcome = await apiFetch<ConfirmOutcome>(`/surveys/${encodeURIComponent(id)}/responses/confirm`, { method: "POST", json: { token } }, fetcher);
    return { kind: "success" as const, text: outcome.message };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.status !== 404) return { kind: "error" as const, text: error.detail };
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  const site = await services.siteSettings.get();
  const fetcher = serverFetch(context);
  const confirmed = await confirmation(fetcher, params.surveyId, new URL(request.url).searchParams.get("confirm"));
  try {
    const survey = await apiFetch<SurveyDetail | AdminSurvey>(`/surveys/${encodeURIComponent(params.surveyId)}`, {}, fetcher);
    const results = survey.resultsAvailable ? await apiFetch<Results>(`/surveys/${encodeURIComponent(survey.id)}/results`, {}, fetcher) : null;
    return { state: "ok" as const, survey, results, confirmed, signedIn: !!user, timeZone: site.timeZone };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { state: "not-member" as const, signedIn: error.status === 403 };
    if (error instanceof ApiError && error.status === 404) return data({ state: "not-found" as const }, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ["members"] };

function Answered({ survey }: { survey: SurveyDetail }) {
  const { t } = useTranslation("members");
  if (survey.answered !== true || survey.canAnswer) return null;
  const text = survey.state !== "open" ? t("surveys.youAnswered") : surveyMessages.anonymousFinal;
  return <p className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-900">{text}</p>;
}

export default function MemberSurvey({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("members");
  if (loaderData.state === "not-member") {
    return (
      <section>
        <PageTitle>{t("surveys.title")}</PageTitle>
        <h1 className="page-heading">{t("surveys.title")}</h1>
        <MemberInvitation signedIn={loaderData.signedIn} />
      </section>
    );
  }
  if (loaderData.state === "not-found") {
    return (
      <>
        <PageTitle>{surveyMessages.notFound}</PageTitle>
        <ItemNotFound heading={t("surveys.title")} message={surveyMessages.notFound} back={{ to: paths.member.surveys, label: t("dashboard.links.allSurveys") }} />
      </>
    );
  }
  const { survey, results, confirmed, signedIn, timeZone } = loaderData;
  const isAdmin = "responseCount" in survey;
  const when = surveyWhen(survey, timeZone, t, langOf(i18n.language));
  const closedText = survey.state === "scheduled" ? surveyMessages.notOpenYet : survey.state === "open" ? null : surveyMessages.notOpen;
  return (
    <article aria-labelledby="survey-title" className="grid max-w-3xl gap-5">
      <PageTitle>{survey.title}</PageTitle>
      <div>
        <BackLinkedHeading back={t("surveys.title")} backTo={paths.member.surveys} id="survey-title">
          {survey.title}
        </BackLinkedHeading>
        <p className="mt-2 flex flex-wrap items-center gap-2">
          <SurveyBadges survey={survey} />
        </p>
      </div>
      {confirmed && (
        <p role={confirmed.kind === "error" ? "alert" : "status"} className={confirmed.kind === "error" ? "rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-900" : "rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-900"}>
          {confirmed.text}
        </p>
      )}
      {when && <p className="text-stone-700">{when}</p>}
      {survey.description && <p className="whitespace-pre-line text-stone-800">{survey.description}</p>}
      {survey.anonymous && <p className="text-sm text-stone-700">{t("surveys.anonymousNote")}</p>}
      {isAdmin && (
        <p className="flex flex-wrap gap-4 text-sm">
          <span className="text-stone-700">
            {t("surveys.answers", { count: survey.responseCount })}
          </span>
          <a href={`/api/v1/exports/surveys/${encodeURIComponent(survey.id)}.csv`} className="font-semibold text-brand-700 underline" download>
            {t("surveys.download")}
          </a>
          <Link to={paths.adminTab("surveys")} className="font-semibold text-brand-700 underline">
            {t("surveys.edit")}
          </Link>
        </p>
      )}
      <Answered survey={survey} />
      {survey.canAnswer ? (
        <section aria-labelledby="answer-heading" className="card grid gap-4">
          <h2 id="answer-heading" className="text-xl font-semibold text-brand-800">
            {survey.answered && !survey.anonymous ? t("surveys.yourAnswers") : t("surveys.answer")}
          </h2>
          <SurveyForm survey={survey} signedIn={signedIn} />
        </section>
      ) : (
        closedText && <p className="font-semibold text-stone-800">{closedText}</p>
      )}
      {results && <SurveyResults results={results} />}
      {!results && survey.showResults && survey.state !== "closed" && <p className="text-sm text-stone-700">{surveyMessages.resultsHidden}</p>}
    </article>
  );
}
