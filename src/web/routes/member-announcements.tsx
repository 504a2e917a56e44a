// /myqsa/announcements: the association's announcements to its members, pinned ones first, then newest first, the
// unread ones marked; read on the server through the API in-process. Others see the heading and an invitation.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/member-announcements";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { ApiError, apiFetch, type Fetcher } from "../lib/api-client.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { langOf } from "../lib/public-text.ts";
import { paths } from "../lib/paths.ts";
import { formatLongDate } from "#shared/i18n/format.ts";
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

export const handle = { i18n: ["members"] };

export default function MemberAnnouncements({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("members");
  return (
    <section className="grid max-w-3xl gap-4">
      <PageTitle>{t("announcements.title")}</PageTitle>
      <h1 className="page-heading">{t("announcements.title")}</h1>
      {loaderData.state === "not-member" ? (
        <MemberInvitation signedIn={loaderData.signedIn} />
      ) : loaderData.list.items.length === 0 ? (
        <p className="text-stone-700">{t("announcements.none")}</p>
      ) : (
        <>
          <p className="text-stone-700">{loaderData.list.unread === 0 ? t("announcements.allRead") : t("announcements.unreadCount", { count: loaderData.list.unread })}</p>
          <ul className="grid gap-3">
            {loaderData.list.items.map((a) => (
              <li key={a.id} className={`card ${a.read ? "" : "border-s-4 border-s-brand-700"}`}>
                <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
                  {a.pinned && <span className="rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{t("announcements.pinned")}</span>}
                  {!a.read && <span className="rounded bg-brand-700 px-2 py-0.5 font-semibold text-white">{t("announcements.unread")}</span>}
                  {a.publishAt && <time dateTime={a.publishAt}>{formatLongDate(a.publishAt, langOf(i18n.language), loaderData.timeZone)}</time>}
                </p>
                <h2 className="mt-1 text-lg font-semibold">
                  <Link to={paths.member.announcement(a.id)} className="text-brand-800 underline">
                    <span lang={a.lang?.title} dir="auto">{a.title}</span>
                    {!a.read && <span className="sr-only"> {t("announcements.unreadSr")}</span>}
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
