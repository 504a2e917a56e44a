// /volunteer/<id>: one volunteer opportunity: what it is, its event, and each shift with its places and what the
// person may do (sign up, join the waiting list, cancel, or sign in and come back to the shift). Administrators also see
// each shift's roster, mark who came, export it and message its volunteers.
import { data, Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/volunteer-opportunity";
import { metaText } from "#web/features/seo/meta-text.ts";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { ApiError, apiFetch } from "../lib/api-client.ts";
import { pageMeta } from "../features/seo/index.ts";
import { PageTitle, withoutTitle } from "../lib/page-title.tsx";
import { langOf } from "../lib/public-text.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";
import { volunteerMessages, type AdminShift, type OpportunityDetail } from "#shared/schemas/volunteer.ts";
import { volunteerPaths } from "#shared/volunteer-paths.ts";
import { RichContent } from "../features/page/rich-content.tsx";
import { ItemNotFound } from "../components/layout/item-not-found.tsx";
import { BackLinkedHeading } from "#web/components/ui/back-linked-heading.tsx";
import { Roster, ShiftActions, ShiftFacts, ShiftHeading } from "../features/volunteering/index.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { user, services } = getApp(context);
  const site = await services.siteSettings.get();
  try {
    const opportunity = await apiFetch<OpportunityDetail>(`/volunteer/opportunities/${encodeURIComponent(params.opportunityId)}`, {}, serverFetch(context));
    return { state: "ok" as const, opportunity, signedIn: user !== null, timeZone: site.timeZone };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return data({ state: "not-found" as const }, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ["members"] };

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  withoutTitle(pageMeta(matches, {
    title: loaderData?.state === "ok" ? loaderData.opportunity.title : volunteerMessages.notFound,
    description: loaderData?.state === "ok" ? metaText(matches, "members").t("linkPreviews.opportunity", { title: loaderData.opportunity.title }) : volunteerMessages.notFound,
    path: volunteerPaths.opportunity(params.opportunityId),
  }));

export default function VolunteerOpportunity({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("members");
  if (loaderData.state === "not-found") {
    return (
      <>
        <PageTitle>{volunteerMessages.notFound}</PageTitle>
        <ItemNotFound heading={t("volunteer.title")} message={volunteerMessages.notFound} back={{ to: volunteerPaths.list, label: t("volunteer.allOpportunities") }} />
      </>
    );
  }
  const { opportunity, signedIn, timeZone } = loaderData;
  const upcoming = opportunity.shifts.filter((s) => !s.past);
  const past = opportunity.shifts.filter((s) => s.past);
  const shiftList = (shifts: typeof opportunity.shifts, label: string) => (
    <ul className="grid gap-3" aria-label={label}>
      {shifts.map((shift) => {
        const when = formatEventWhen(shift.startsAt, shift.endsAt, false, langOf(i18n.language), timeZone);
        return (
          <li key={shift.id} id={`shift-${shift.id}`} className="card grid scroll-mt-24 gap-3">
            <ShiftHeading shift={shift} timeZone={timeZone} />
            <ShiftFacts shift={shift} />
            <ShiftActions opportunityId={opportunity.id} shift={shift} signedIn={signedIn} />
            {"roster" in shift && <Roster shift={shift as AdminShift} label={when} />}
          </li>
        );
      })}
    </ul>
  );
  return (
    <article aria-labelledby="opportunity-title" className="grid max-w-3xl gap-5">
      <PageTitle>{opportunity.title}</PageTitle>
      <BackLinkedHeading back={t("volunteer.title")} backTo={volunteerPaths.list} id="opportunity-title">
        {opportunity.title}
      </BackLinkedHeading>
      {opportunity.event && (
        <p className="text-stone-800">
          {t("volunteer.at")}{" "}
          <Link to={opportunity.event.href} className="font-semibold text-brand-700 underline">
            {opportunity.event.name}
          </Link>
        </p>
      )}
      {opportunity.description && <RichContent html={opportunity.description} />}
      <section className="grid gap-3" aria-labelledby="shifts-heading">
        <h2 id="shifts-heading" className="text-xl font-semibold text-brand-800">
          {t("volunteer.shifts")}
        </h2>
        {upcoming.length === 0 ? <p className="text-stone-700">{t("volunteer.noneToCome")}</p> : shiftList(upcoming, t("volunteer.toCome"))}
      </section>
      {past.length > 0 && (
        <section className="grid gap-3" aria-labelledby="past-shifts-heading">
          <h2 id="past-shifts-heading" className="text-xl font-semibold text-brand-800">
            {t("volunteer.pastShifts")}
          </h2>
          {shiftList(past, t("volunteer.pastShifts"))}
        </section>
      )}
    </article>
  );
}
