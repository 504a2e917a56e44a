// /myqsa/meetings: the members' meetings, upcoming ones first (soonest first), past ones below, each with the member's
// answer and the counts, and the member's private calendar address; read on the server through the API in-process.
// Others see the heading and an invitation.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/member-meetings";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { ApiError, apiFetch, type Fetcher } from "../lib/api-client.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { paths } from "../lib/paths.ts";
import type { MeetingCalendar, MeetingList, MeetingSummary } from "#shared/schemas/meeting.ts";
import { MemberInvitation } from "../features/announcements/member-invitation.tsx";
import { countsText, MeetingBadges, MeetingFacts, PrivateCalendar } from "../features/meetings/index.ts";

async function load(fetcher: Fetcher) {
  try {
    const [list, calendar] = await Promise.all([apiFetch<MeetingList>("/meetings", {}, fetcher), apiFetch<MeetingCalendar>("/me/meeting-calendar", {}, fetcher)]);
    return { state: "member" as const, list, calendarUrl: calendar.url };
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

function MeetingItems({ items, timeZone, label }: { items: MeetingSummary[]; timeZone: string; label: string }) {
  const { t } = useTranslation("members");
  return (
    <ul className="grid gap-3" aria-label={label}>
      {items.map((meeting) => (
        <li key={meeting.id} className={`card grid gap-2 ${meeting.cancelled ? "opacity-80" : ""}`}>
          <p className="flex flex-wrap items-center gap-2">
            <MeetingBadges meeting={meeting} />
          </p>
          <h3 className="text-lg font-semibold">
            <Link to={paths.member.meeting(meeting.id)} className={`text-brand-800 underline ${meeting.cancelled ? "line-through" : ""}`}>
              {meeting.title}
            </Link>
          </h3>
          <MeetingFacts meeting={meeting} timeZone={timeZone} />
          <p className="text-sm text-stone-600">
            {countsText(meeting.counts, t)}
            {meeting.hasMinutes && ` · ${t("meetings.minutesAvailable")}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

export default function MemberMeetings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("members");
  const heading = (
    <>
      <PageTitle>{t("meetings.title")}</PageTitle>
      <h1 className="page-heading">{t("meetings.title")}</h1>
    </>
  );
  if (loaderData.state === "not-member") {
    return (
      <section className="grid max-w-3xl gap-4">
        {heading}
        <MemberInvitation signedIn={loaderData.signedIn} />
      </section>
    );
  }
  const { list, timeZone } = loaderData;
  return (
    <section className="grid max-w-3xl gap-6">
      {heading}
      <section className="grid gap-3" aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="text-xl font-semibold text-brand-800">
          {t("meetings.upcoming")}
        </h2>
        {list.upcoming.length === 0 ? <p className="text-stone-700">{t("meetings.noneArranged")}</p> : <MeetingItems items={list.upcoming} timeZone={timeZone} label={t("meetings.upcomingLabel")} />}
      </section>
      <PrivateCalendar initialUrl={loaderData.calendarUrl} />
      {list.past.length > 0 && (
        <section className="grid gap-3" aria-labelledby="past-heading">
          <h2 id="past-heading" className="text-xl font-semibold text-brand-800">
            {t("meetings.past")}
          </h2>
          <MeetingItems items={list.past} timeZone={timeZone} label={t("meetings.pastLabel")} />
        </section>
      )}
    </section>
  );
}
