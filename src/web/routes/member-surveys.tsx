// /myqsa/surveys (the spec's heading, "Surveys"): the surveys the person may answer or has answered, open ones first;
// members see the members' and the public ones, anyone else the public ones. The CMS page "surveys" shows below the
// heading to those allowed to read it, as on the other heading pages. Read on the server through the API in-process.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/member-surveys";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { apiFetch } from "../lib/api-client.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { langOf } from "../lib/public-text.ts";
import { paths } from "../lib/paths.ts";
import { surveyPath, type SurveySummary } from "#shared/schemas/survey.ts";
import { RichContent } from "../features/page/rich-content.tsx";
import { SurveyBadges, surveyWhen } from "../features/surveys/index.ts";

const ORDER = { open: 0, scheduled: 1, draft: 2, closed: 3 } as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  const [surveys, site, page, member] = await Promise.all([
    apiFetch<SurveySummary[]>("/surveys", {}, serverFetch(context)),
    services.siteSettings.get(),
    services.pages.findVisible(user, "surveys"),
    services.announcements.isMember(user),
  ]);
  return { surveys: [...surveys].sort((a, b) => ORDER[a.state] - ORDER[b.state]), timeZone: site.timeZone, html: page?.html ?? null, member, signedIn: !!user };
}

export const handle = { i18n: ["members"] };

export default function MemberSurveys({ loaderData }: Route.ComponentProps) {
  const { surveys, timeZone, html, member, signedIn } = loaderData;
  const { t, i18n } = useTranslation("members");
  return (
    <section className="grid max-w-3xl gap-5">
      <PageTitle>{t("surveys.title")}</PageTitle>
      <h1 className="page-heading">{t("surveys.title")}</h1>
      {html && <RichContent html={html} />}
      {!member && (
        <p className="text-stone-800">
          {signedIn ? t("surveys.membersAlso") : `${t("surveys.membersOnceSignedIn")} `}
          {!signedIn && (
            <Link to={paths.login} className="font-semibold text-brand-700 underline">
              {t("invitation.login")}
            </Link>
          )}
        </p>
      )}
      {surveys.length === 0 ? (
        <p className="text-stone-700">{t("surveys.none")}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t("surveys.title")}>
          {surveys.map((survey) => {
            const when = surveyWhen(survey, timeZone, t, langOf(i18n.language));
            return (
              <li key={survey.id} className="card grid gap-2">
                <p className="flex flex-wrap items-center gap-2">
                  <SurveyBadges survey={survey} />
                </p>
                <h2 className="text-lg font-semibold">
                  <Link to={surveyPath(survey.id)} className="text-brand-800 underline">
                    {survey.title}
                  </Link>
                </h2>
                {when && <p className="text-sm text-stone-700">{when}</p>}
                {survey.description && <p className="text-stone-800">{survey.description}</p>}
                <p className="text-sm text-stone-600">
                  {t("surveys.questions", { count: survey.questionCount })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
