// /myqsa/volunteer: the person's volunteer shifts to come (confirmed or waiting), soonest first, and the way to the open
// opportunities. Anyone signed in may volunteer; a visitor is asked to sign in and may still browse the opportunities.
import { Link } from "react-router";
import type { Route } from "./+types/member-volunteer";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { apiFetch } from "../lib/api-client.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";
import { SIGNUP_STATUS_LABELS, volunteerPaths, type MySignup } from "#shared/schemas/volunteer.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { user, services } = getApp(context);
  const site = await services.siteSettings.get();
  if (!user) return { state: "visitor" as const };
  return { state: "signed-in" as const, signups: await apiFetch<MySignup[]>("/me/volunteer/signups", {}, serverFetch(context)), timeZone: site.timeZone };
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Volunteer");

export default function MemberVolunteer({ loaderData }: Route.ComponentProps) {
  const browse = (
    <p>
      <Link to={volunteerPaths.list} className="font-semibold text-brand-700 underline">
        See the open volunteer opportunities
      </Link>
    </p>
  );
  if (loaderData.state === "visitor") {
    return (
      <section className="grid max-w-3xl gap-4">
        <h1 className="page-heading">Volunteer</h1>
        <div className="card grid gap-3">
          <p className="text-stone-800">Sign in to see your volunteer shifts and to sign up for new ones.</p>
          <p className="flex flex-wrap gap-4">
            <Link to={`${paths.login}?next=${encodeURIComponent(volunteerPaths.mine)}`} className="font-semibold text-brand-700 underline">
              Login
            </Link>
            <Link to={paths.signup} className="font-semibold text-brand-700 underline">
              Create an account
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
      <h1 className="page-heading">Volunteer</h1>
      <section className="grid gap-3" aria-labelledby="my-shifts-heading">
        <h2 id="my-shifts-heading" className="text-xl font-semibold text-brand-800">
          Your shifts
        </h2>
        {signups.length === 0 ? (
          <p className="text-stone-700">You have not signed up for a shift yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Your shifts">
            {signups.map((signup) => (
              <li key={signup.shiftId} className="card grid gap-1">
                <h3 className="text-lg font-semibold">
                  <Link to={volunteerPaths.shift(signup.opportunityId, signup.shiftId)} className="text-brand-800 underline">
                    {signup.opportunityTitle}
                  </Link>
                </h3>
                <p className="text-sm text-stone-800">
                  <time dateTime={signup.startsAt}>{formatEventWhen(signup.startsAt, signup.endsAt, false, timeZone)}</time> · {signup.place}
                </p>
                <p className="text-sm font-semibold text-stone-900">{SIGNUP_STATUS_LABELS[signup.status]}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {browse}
    </section>
  );
}
