// A meeting's when and where, and the member's answer, as the list and the meeting's page show them.
import { formatEventWhen } from "#shared/zoned-time.ts";
import { RSVP_LABELS, type MeetingSummary } from "#shared/schemas/meeting.ts";

export function MeetingFacts({ meeting, timeZone }: { meeting: MeetingSummary; timeZone: string }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-800">
      <dt className="font-semibold">When</dt>
      <dd>
        <time dateTime={meeting.startsAt}>{formatEventWhen(meeting.startsAt, meeting.endsAt, false, timeZone)}</time>
      </dd>
      {meeting.place && (
        <>
          <dt className="font-semibold">Where</dt>
          <dd>{meeting.place}</dd>
        </>
      )}
      {meeting.videoLink && (
        <>
          <dt className="font-semibold">Video link</dt>
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
  return (
    <>
      {meeting.cancelled && <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">Cancelled</span>}
      {meeting.myResponse && <span className="rounded bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800">Your answer: {RSVP_LABELS[meeting.myResponse]}</span>}
    </>
  );
}

/** "3 yes · 0 no · 1 maybe", in the order the answers are offered. */
export function countsText(counts: MeetingSummary["counts"]): string {
  return `${counts.yes} yes · ${counts.no} no · ${counts.maybe} maybe`;
}
