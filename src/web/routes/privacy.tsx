// What the site counts of its visitors, and how it keeps that private (docs/decisions/0030), in plain words.
import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { getApp } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request }: Route.LoaderArgs) {
  const site = await getApp(context).services.siteSettings.get();
  return { associationName: site.associationName, origin: siteOrigin(request, context) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: "Privacy", description: "What this site counts of its visitors, and how it keeps that private.", origin: loaderData?.origin ?? "", path: "/privacy" });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid max-w-2xl gap-4 text-stone-800">
      <h1 className="page-heading">Privacy</h1>
      <h2 className="text-xl font-semibold text-brand-800">What we count, and what we do not</h2>
      <p>
        To show the businesses listed here what their listing brings, {loaderData.associationName} counts, per business and per day: views of its page,
        how often it appeared in search results and in the map&apos;s list, clicks on its website, phone, e-mail, directions and social links, and views of
        its offers and events. We also count which search words showed a business, and, per day, the words searched for that found nothing (so the
        association learns which businesses visitors look for and do not find; the same words from the same visitor count once a day). These are totals,
        nothing more.
      </p>
      <ul className="list-disc space-y-1 ps-6">
        <li>We use no cookies for this, and no third-party analytics.</li>
        <li>We never store your IP address or your browser&apos;s details (its user agent), nor anything else that identifies you.</li>
        <li>
          To count a view of the same page only once within 30 minutes, the server keeps a scrambled code (a hash) made from your IP address, browser and
          this site with a secret that changes every day. It is held in memory only, is never written down, and cannot be turned back into your address;
          each day&apos;s secret is thrown away, so no visit can be linked to one on another day.
        </li>
        <li>Search engines&apos; crawlers and other bots are not counted.</li>
        <li>
          If your browser sends Global Privacy Control or Do Not Track, nothing is counted: the page does not even send its counts, and the server ignores them if
          it does.
        </li>
      </ul>
      <p>
        The owners of a business see its totals on their own page; the association&apos;s administrators see them too. Questions?{" "}
        <Link to={paths.contact} className="text-brand-700 underline">
          Contact the association
        </Link>
        .
      </p>
    </section>
  );
}
