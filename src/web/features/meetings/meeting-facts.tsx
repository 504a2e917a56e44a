// A meeting's when and where, and the member's answer, as the list and the meeting's page show them.
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatEventWhen } from "#shared/i18n/format.ts";
import type { MeetingSummary } from "#shared/schemas/meeting.ts";
import { langOf } from "#web/lib/public-text.ts";

export function MeetingFacts({ meeting, timeZone }: { meeting: MeetingSummary; timeZone: string }) {
  const { t, i18n } = useTranslation("members");
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-800">
      <dt className="font-semibold">{t("meetings.when")}</dt>
      <dd>
        <time dateTime={meeting.startsAt}>{formatEventWhen(meeting.startsAt, meeting.endsAt, false, langOf(i18n.language), timeZone)}</time>
      </dd>
      {meeting.place && (
        <>
          <dt className="font-semibold">{t("meetings.where")}</dt>
          <dd>{meeting.place}</dd>
        </>
      )}
      {meeting.videoLink && (
        <>
          <dt className="font-semibold">{t("meetings.videoLink")}</dt>
          <dd className="break-all">
            <a href={meeting.videoLink} className="text-brand-700 underline" rel="noopener noreferrer">
              {meeting.videoLink}
            </a>
          </dd>
        </>
      )}
    </dl>
  );
}

/** The badges beside a meeting's title: cancelled, and the member's answer. */
export function MeetingBadges({ meeting }: { meeting: MeetingSummary }) {
  const { t } = useTranslation("members");
  return (
    <>
      {meeting.cancelled && <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">{t("meetings.cancelled")}</span>}
      {meeting.myResponse && <span className="rounded bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800">{t("meetings.yourAnswer", { answer: t(`meetings.rsvp.${meeting.myResponse}`) })}</span>}
    </>
  );
}

/** "3 yes · 0 no · 1 maybe", in the order the answers are offered. */
export function countsText(counts: MeetingSummary["counts"], t: TFunction): string {
  return t("meetings.counts", counts);
}
