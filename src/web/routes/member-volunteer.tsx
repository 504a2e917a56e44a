// /myqsa/volunteer: the person's volunteer shifts to come (confirmed or waiting), soonest first, and the way to the open
// opportunities. Anyone signed in may volunteer; a visitor is asked to sign in and may still browse the opportunities.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/member-volunteer";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { apiFetch } from "../lib/api-client.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { langOf } from "../lib/public-text.ts";
import { paths } from "../lib/paths.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";
import type { MySignup } from "#shared/schemas/volunteer.ts";
import { volunteerPaths } from "#shared/volunteer-paths.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { user, services } = getApp(context);
  const site = await services.siteSettings.get();
  if (!user) return { state: "visitor" as const };
  return { state: "signed-in" as const, signups: await apiFetch<MySignup[]>("/me/volunteer/signups", {}, serverFetch(context)), timeZone: site.timeZone };
}

export const handle = { i18n: ["members"] };

export default function MemberVolunteer({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("members");
  const heading = (
    <>
      <PageTitle>{t("volunteer.title")}</PageTitle>
      <h1 className="page-heading">{t("volunteer.title")}</h1>
    </>
  );
  const browse = (
    <p>
      <Link to={volunteerPaths.list} className="font-semibold text-brand-700 underline">
        {t("volunteer.browse")}
      </Link>
    </p>
  );
  if (loaderData.state === "visitor") {
    return (
      <section className="grid max-w-3xl gap-4">
        {heading}
        <div className="card grid gap-3">
          <p className="text-stone-800">{t("volunteer.signInFirst")}</p>
          <p className="flex flex-wrap gap-4">
            <Link to={`${paths.login}?next=${encodeURIComponent(volunteerPaths.mine)}`} className="font-semibold text-brand-700 underline">
              {t("invitation.login")}
            </Link>
            <Link to={paths.signup} className="font-semibold text-brand-700 underline">
              {t("invitation.signup")}
            </Link>
          </p>
        </div>
        {browse}
      </section>
    );
  }
  const { signups, timeZone } = loaderData;
  return (
    <section className="grid max-w-3xl gap-4">
      {heading}
      <section className="grid gap-3" aria-labelledby="my-shifts-heading">
        <h2 id="my-shifts-heading" className="text-xl font-semibold text-brand-800">
          {t("volunteer.yourShifts")}
        </h2>
        {signups.length === 0 ? (
          <p className="text-stone-700">{t("volunteer.noShifts")}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t("volunteer.yourShifts")}>
            {signups.map((signup) => (
              <li key={signup.shiftId} className="card grid gap-1">
                <h3 className="text-lg font-semibold">
                  <Link to={volunteerPaths.shift(signup.opportunityId, signup.shiftId)} className="text-brand-800 underline">
                    {signup.opportunityTitle}
                  </Link>
                </h3>
                <p className="text-sm text-stone-800">
                  <time dateTime={signup.startsAt}>{formatEventWhen(signup.startsAt, signup.endsAt, false, langOf(i18n.language), timeZone)}</time> · {signup.place}
                </p>
                <p className="text-sm font-semibold text-stone-900">{t(`volunteer.status.${signup.status}`)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {browse}
    </section>
  );
}
