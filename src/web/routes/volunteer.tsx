// /volunteer: the open volunteer opportunities, soonest first, for everyone: each with its event (if any), its shifts to
// come and the places still open, linking to the opportunity's page where people sign up.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/volunteer";
import { metaText } from "#web/features/seo/meta-text.ts";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { apiFetch } from "../lib/api-client.ts";
import { pageMeta } from "../features/seo/index.ts";
import { PageTitle, withoutTitle } from "../lib/page-title.tsx";
import { langOf } from "../lib/public-text.ts";
import type { Opportunity } from "#shared/schemas/volunteer.ts";
import { volunteerPaths } from "#shared/volunteer-paths.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";
import { placesText } from "../features/volunteering/index.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const [opportunities, site] = await Promise.all([apiFetch<Opportunity[]>("/volunteer/opportunities", {}, serverFetch(context)), getApp(context).services.siteSettings.get()]);
  return { opportunities, timeZone: site.timeZone };
}

export const handle = { i18n: ["members"] };

export const meta: Route.MetaFunction = ({ matches }) =>
  withoutTitle(pageMeta(matches, { title: metaText(matches, "members").t("linkPreviews.volunteer.title"), description: metaText(matches, "members").t("linkPreviews.volunteer.description"), path: volunteerPaths.list }));

export default function VolunteerList({ loaderData }: Route.ComponentProps) {
  const { opportunities, timeZone } = loaderData;
  const { t, i18n } = useTranslation("members");
  return (
    <section className="grid max-w-3xl gap-6">
      <PageTitle>{t("volunteer.title")}</PageTitle>
      <h1 className="page-heading">{t("volunteer.title")}</h1>
      <p className="text-stone-800">{t("volunteer.intro")}</p>
      {opportunities.length === 0 ? (
        <p className="text-stone-700">{t("volunteer.noneOpen")}</p>
      ) : (
        <ul className="grid gap-4" aria-label={t("volunteer.openOpportunities")}>
          {opportunities.map((opportunity) => (
            <li key={opportunity.id} className="card grid gap-2">
              <h2 className="text-lg font-semibold">
                <Link to={volunteerPaths.opportunity(opportunity.id)} className="text-brand-800 underline">
                  {opportunity.title}
                </Link>
              </h2>
              {opportunity.event && (
                <p className="text-sm text-stone-700">
                  {t("volunteer.at")}{" "}
                  <Link to={opportunity.event.href} className="text-brand-700 underline">
                    {opportunity.event.name}
                  </Link>
                </p>
              )}
              <p className="text-sm font-semibold text-stone-900">{opportunity.openPlaces > 0 ? t("volunteer.openPlaces", { count: opportunity.openPlaces }) : t("volunteer.allFull")}</p>
              <ul className="grid gap-1 text-sm text-stone-800">
                {opportunity.shifts.map((shift) => (
                  <li key={shift.id}>
                    <time dateTime={shift.startsAt}>{formatEventWhen(shift.startsAt, shift.endsAt, false, langOf(i18n.language), timeZone)}</time> · {shift.place} · {placesText(shift, t)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
