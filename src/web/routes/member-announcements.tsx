// /myqsa/announcements: the association's announcements to its members, pinned ones first, then newest first, the
// unread ones marked; read on the server through the API in-process. Others see the heading and an invitation.
import { Link } from "react-router";
import type { Route } from "./+types/member-announcements";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { ApiError, apiFetch, type Fetcher } from "../lib/api-client.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { formatLongDate } from "#shared/format.ts";
import type { AnnouncementList } from "#shared/schemas/announcement.ts";
import { MemberInvitation } from "../features/announcements/member-invitation.tsx";

async function load(fetcher: Fetcher) {
  try {
    return { state: "member" as const, list: await apiFetch<AnnouncementList>("/announcements", {}, fetcher) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { state: "not-member" as const, signedIn: error.status === 403 };
    throw error;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const [result, site] = await Promise.all([load(serverFetch(context)), getApp(context).services.siteSettings.get()]);
  return { ...result, timeZone: site.timeZone };
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Announcements");

export default function MemberAnnouncements({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid max-w-3xl gap-4">
      <h1 className="page-heading">Announcements</h1>
      {loaderData.state === "not-member" ? (
        <MemberInvitation signedIn={loaderData.signedIn} />
      ) : loaderData.list.items.length === 0 ? (
        <p className="text-stone-700">No announcements yet.</p>
      ) : (
        <>
          <p className="text-stone-700">{loaderData.list.unread === 0 ? "You have read them all." : `${loaderData.list.unread} unread.`}</p>
          <ul className="grid gap-3">
            {loaderData.list.items.map((a) => (
              <li key={a.id} className={`card ${a.read ? "" : "border-s-4 border-s-brand-700"}`}>
                <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
                  {a.pinned && <span className="rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Pinned</span>}
                  {!a.read && <span className="rounded bg-brand-700 px-2 py-0.5 font-semibold text-white">Unread</span>}
                  {a.publishAt && <time dateTime={a.publishAt}>{formatLongDate(a.publishAt, loaderData.timeZone)}</time>}
                </p>
                <h2 className="mt-1 text-lg font-semibold">
                  <Link to={paths.member.announcement(a.id)} className="text-brand-800 underline">
                    {a.title}
                    {!a.read && <span className="sr-only"> (unread)</span>}
                  </Link>
                </h2>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
