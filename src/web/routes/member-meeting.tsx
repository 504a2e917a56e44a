// /myqsa/meetings/<id>: one meeting for a member: when and where, the agenda, the member's answer (changeable until it
// is over or cancelled), who is coming by name, its calendar file, its files, and the minutes once added. Administrators
// (whose answer names the meeting's editor) also attach files here.
import { data } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/member-meeting";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { ApiError, apiFetch } from "../lib/api-client.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { paths } from "../lib/paths.ts";
import { meetingMessages, RSVP_RESPONSES, type MeetingDetail } from "#shared/schemas/meeting.ts";
import { localDate } from "#shared/zoned-time.ts";
import { RichContent } from "../features/page/rich-content.tsx";
import { ItemNotFound } from "../components/layout/item-not-found.tsx";
import { BackLinkedHeading } from "#web/components/ui/back-linked-heading.tsx";
import { MemberInvitation } from "../features/announcements/member-invitation.tsx";
import { AttachFileForm, countsText, MeetingBadges, MeetingFacts, MeetingFiles, RsvpForm } from "../features/meetings/index.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const site = await getApp(context).services.siteSettings.get();
  try {
    const meeting = await apiFetch<MeetingDetail>(`/meetings/${encodeURIComponent(params.meetingId)}`, {}, serverFetch(context));
    return { state: "ok" as const, meeting, timeZone: site.timeZone };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { state: "not-member" as const, signedIn: error.status === 403 };
    if (error instanceof ApiError && error.status === 404) return data({ state: "not-found" as const }, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ["members"] };

export default function MemberMeeting({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("members");
  if (loaderData.state === "not-member") {
    return (
      <section>
        <PageTitle>{t("meetings.title")}</PageTitle>
        <h1 className="page-heading">{t("meetings.title")}</h1>
        <MemberInvitation signedIn={loaderData.signedIn} />
      </section>
    );
  }
  if (loaderData.state === "not-found") {
    return (
      <>
        <PageTitle>{meetingMessages.notFound}</PageTitle>
        <ItemNotFound heading={t("meetings.title")} message={meetingMessages.notFound} back={{ to: paths.member.meetings, label: t("meetings.all") }} />
      </>
    );
  }
  const { meeting, timeZone } = loaderData;
  const isAdmin = "editorUid" in meeting;
  const closed = meeting.cancelled ? meetingMessages.rsvpCancelled : meeting.past ? meetingMessages.rsvpPast : null;
  return (
    <article aria-labelledby="meeting-title" className="grid max-w-3xl gap-5">
      <PageTitle>{meeting.title}</PageTitle>
      <div>
        <BackLinkedHeading back={t("meetings.title")} backTo={paths.member.meetings} id="meeting-title">
          {meeting.title}
        </BackLinkedHeading>
        <p className="mt-2 flex flex-wrap items-center gap-2">
          <MeetingBadges meeting={meeting} />
        </p>
      </div>
      {meeting.cancelled && (
        <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-900" role="note">
          {t("meetings.cancelledNote")}
        </p>
      )}
      <MeetingFacts meeting={meeting} timeZone={timeZone} />
      <p>
        <a href={`${paths.member.meeting(meeting.id)}.ics`} className="font-semibold text-brand-700 underline" download>
          {t("meetings.addToCalendar")}
        </a>
      </p>
      {meeting.agenda && (
        <section aria-labelledby="agenda-heading">
          <h2 id="agenda-heading" className="text-xl font-semibold text-brand-800">
            {t("meetings.agenda")}
          </h2>
          <RichContent html={meeting.agenda} className="mt-2" />
        </section>
      )}
      {(meeting.attachments.length > 0 || isAdmin) && (
        <section className="grid gap-2" aria-labelledby="files-heading">
          <h2 id="files-heading" className="text-xl font-semibold text-brand-800">
            {t("meetings.files")}
          </h2>
          <MeetingFiles files={meeting.attachments} />
          {isAdmin && <AttachFileForm meetingId={meeting.id} date={localDate(meeting.startsAt, timeZone)} />}
        </section>
      )}
      <section className="card grid gap-3" aria-labelledby="answers-heading">
        <h2 id="answers-heading" className="text-xl font-semibold text-brand-800">
          {t("meetings.whoIsComing")}
        </h2>
        <p className="text-sm text-stone-700">{countsText(meeting.counts, t)}</p>
        <dl className="grid gap-2 text-sm">
          {RSVP_RESPONSES.map((response) => (
            <div key={response}>
              <dt className="font-semibold text-stone-900">
                {t(`meetings.rsvp.${response}`)} ({meeting.counts[response]})
              </dt>
              <dd className="text-stone-800">{meeting.attendees[response].length > 0 ? meeting.attendees[response].join(", ") : t("meetings.noOneYet")}</dd>
            </div>
          ))}
        </dl>
        {closed ? <p className="text-sm font-semibold text-stone-800">{closed}</p> : <RsvpForm meetingId={meeting.id} current={meeting.myResponse} />}
      </section>
      {meeting.minutes && (
        <section aria-labelledby="minutes-heading">
          <h2 id="minutes-heading" className="text-xl font-semibold text-brand-800">
            {t("meetings.minutes")}
          </h2>
          <RichContent html={meeting.minutes} className="mt-2" />
        </section>
      )}
    </article>
  );
}
