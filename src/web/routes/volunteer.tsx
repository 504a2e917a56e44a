// /volunteer: the open volunteer opportunities, soonest first, for everyone: each with its event (if any), its shifts to
// come and the places still open, linking to the opportunity's page where people sign up.
import { Link } from "react-router";
import type { Route } from "./+types/volunteer";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { apiFetch } from "../lib/api-client.ts";
import { pageMeta } from "../features/seo/index.ts";
import { volunteerPaths, type Opportunity } from "#shared/schemas/volunteer.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";
import { placesText } from "../features/volunteering/index.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const [opportunities, site] = await Promise.all([apiFetch<Opportunity[]>("/volunteer/opportunities", {}, serverFetch(context)), getApp(context).services.siteSettings.get()]);
  return { opportunities, timeZone: site.timeZone };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Volunteer", description: "Help at the association's events and in the neighbourhood: the open volunteer shifts.", path: volunteerPaths.list });

export default function VolunteerList({ loaderData }: Route.ComponentProps) {
  const { opportunities, timeZone } = loaderData;
  return (
    <section className="grid max-w-3xl gap-6">
      <h1 className="page-heading">Volunteer</h1>
      <p className="text-stone-800">Help at the association's events and in the neighbourhood. Pick a shift that suits you; when one is full, join its waiting list.</p>
      {opportunities.length === 0 ? (
        <p className="text-stone-700">No volunteer shifts are open right now.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Open opportunities">
          {opportunities.map((opportunity) => (
            <li key={opportunity.id} className="card grid gap-2">
              <h2 className="text-lg font-semibold">
                <Link to={volunteerPaths.opportunity(opportunity.id)} className="text-brand-800 underline">
                  {opportunity.title}
                </Link>
              </h2>
              {opportunity.event && (
                <p className="text-sm text-stone-700">
                  At{" "}
                  <Link to={opportunity.event.href} className="text-brand-700 underline">
                    {opportunity.event.name}
                  </Link>
                </p>
              )}
              <p className="text-sm font-semibold text-stone-900">{opportunity.openPlaces > 0 ? `${opportunity.openPlaces} place${opportunity.openPlaces === 1 ? "" : "s"} open` : "Every shift is full: join a waiting list"}</p>
              <ul className="grid gap-1 text-sm text-stone-800">
                {opportunity.shifts.map((shift) => (
                  <li key={shift.id}>
                    <time dateTime={shift.startsAt}>{formatEventWhen(shift.startsAt, shift.endsAt, false, timeZone)}</time> · {shift.place} · {placesText(shift)}
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
