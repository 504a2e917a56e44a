// Meetings and minutes in the weekly digest, for members. `meetings`: those arranged, changed or cancelled since the
// member's previous digest that are not over when it goes (news of a meeting already held is no use). `minutes`:
// minutes told to the members since then (their mail job's moment, within a minute of saving them).
import { TRUNCATE } from "#shared/constants.ts";
import { truncate } from "#shared/format.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";
import type { DigestItem, DigestRecipient, DigestSource } from "#server/features/notifications/index.ts";
import { contentText } from "#server/features/page/index.ts";
import { meetingPath, whenAndWhere } from "./meeting-calendar.ts";
import type { MeetingRepository, StoredMeeting } from "./meeting.repository.ts";

export interface MeetingDigestOptions {
  repository: MeetingRepository;
  siteUrl: string;
  timeZone: () => Promise<string>;
  /** Whether the person owns at least one business (with administrators, the members). */
  ownsSomeBusiness: (userId: string) => Promise<boolean>;
}

/** The digest sources of kinds `meetings` and `minutes`. */
export function meetingDigestSources(options: MeetingDigestOptions): DigestSource[] {
  const isMember = async (recipient: DigestRecipient) => recipient.role === "admin" || (recipient.role === "business" && (await options.ownsSomeBusiness(recipient.id)));
  const url = (meeting: StoredMeeting) => `${options.siteUrl}${meetingPath(meeting.id)}`;

  const meetings: DigestSource = {
    kind: "meetings",
    heading: "Meetings",
    async itemsFor(recipient, since, until) {
      if (!(await isMember(recipient))) return [];
      const timeZone = await options.timeZone();
      return (await options.repository.changedBetween(since, until)).flatMap((meeting): DigestItem[] => {
        if (meeting.endsAt <= until) return [];
        const arranged = meeting.createdAt >= since;
        // One arranged and cancelled within the same week was never news to anyone.
        if (meeting.cancelled && arranged) return [];
        const title = meeting.cancelled ? `Cancelled: ${meeting.title}` : arranged ? `New: ${meeting.title}` : `Changed: ${meeting.title}`;
        return [{ title, detail: whenAndWhere(meeting, timeZone), url: url(meeting), at: arranged ? meeting.createdAt : meeting.lastUpdatedAt }];
      });
    },
  };

  const minutes: DigestSource = {
    kind: "minutes",
    heading: "Minutes",
    async itemsFor(recipient, since, until) {
      if (!(await isMember(recipient))) return [];
      const timeZone = await options.timeZone();
      return (await options.repository.minutesBetween(since, until)).map((meeting) => ({
        title: `Minutes: ${meeting.title}`,
        detail: truncate(`${formatEventWhen(meeting.startsAt, meeting.endsAt, false, timeZone)}. ${contentText(meeting.minutes ?? "", "html")}`, TRUNCATE.postList),
        url: url(meeting),
        at: meeting.minutesMailedAt!,
      }));
    },
  };

  return [meetings, minutes];
}
