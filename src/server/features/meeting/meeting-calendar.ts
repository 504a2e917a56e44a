// Meetings as iCalendar (RFC 5545) entries, written by ical-generator through the site's calendar helpers: one meeting
// (a member's download, or the invitation a mail carries) or every meeting (a member's private calendar). Each meeting
// keeps one UID; its SEQUENCE is the meeting's, which rises with every change of time, place or cancellation, so a
// calendar that has it updates it in place; a cancelled one is STATUS:CANCELLED.
import { TZDate } from "@date-fns/tz";
import type { TFunction } from "i18next";
import { ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { RsvpResponse } from "#shared/schemas/meeting.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";
import { formatEventWhen as formatEventWhenIn, type Lang } from "#shared/i18n/format.ts";
import { eventUid, newCalendar } from "#server/features/seo/index.ts";
import { contentText } from "#server/features/page/index.ts";
import type { StoredMeeting } from "./meeting.repository.ts";

export interface MeetingCalendarOptions {
  siteUrl: string;
  siteName: string;
  timeZone: string;
  /** METHOD: PUBLISH for a download or a feed, REQUEST for an invitation, CANCEL for a cancellation's mail. */
  method?: "PUBLISH" | "REQUEST" | "CANCEL";
  /** An invitation names who sends it and to whom, with their answer. */
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string; response: RsvpResponse };
  /** The mail catalog's `t` in the reader's language, for the description's words. */
  t: TFunction;
}

const PARTSTAT: Record<RsvpResponse, ICalAttendeeStatus> = { yes: ICalAttendeeStatus.ACCEPTED, no: ICalAttendeeStatus.DECLINED, maybe: ICalAttendeeStatus.TENTATIVE };

export const meetingUid = (id: string, siteUrl: string) => eventUid(`meeting-${id}`, siteUrl);
export const meetingPath = (id: string) => `/myqsa/meetings/${encodeURIComponent(id)}`;

/** When (in the site's zone) and where, in one line: "Monday, March 4, 2030, 6:00 PM – 8:00 PM EST · Town hall". */
export function whenAndWhere(meeting: Pick<StoredMeeting, "startsAt" | "endsAt" | "place" | "videoLink">, timeZone: string, lang: Lang = "en", online = "Online"): string {
  const when = lang === "en" ? formatEventWhen(meeting.startsAt, meeting.endsAt, false, timeZone) : formatEventWhenIn(meeting.startsAt, meeting.endsAt, false, lang, timeZone);
  return [when, meeting.place ?? (meeting.videoLink ? online : null)].filter(Boolean).join(" · ");
}

export function meetingCalendar(meetings: StoredMeeting[], options: MeetingCalendarOptions & { name: string }): string {
  const method = { PUBLISH: ICalCalendarMethod.PUBLISH, REQUEST: ICalCalendarMethod.REQUEST, CANCEL: ICalCalendarMethod.CANCEL }[options.method ?? "PUBLISH"];
  const cal = newCalendar({ name: options.name, product: "Meetings", timeZone: options.timeZone, method });
  const zoned = (iso: string) => new TZDate(new Date(iso), options.timeZone);
  for (const meeting of meetings) {
    const url = `${options.siteUrl}${meetingPath(meeting.id)}`;
    const agenda = contentText(meeting.agenda, "html");
    cal.createEvent({
      id: meetingUid(meeting.id, options.siteUrl),
      sequence: meeting.sequence,
      stamp: new Date(meeting.lastUpdatedAt),
      lastModified: new Date(meeting.lastUpdatedAt),
      created: new Date(meeting.createdAt),
      summary: meeting.title,
      timezone: options.timeZone,
      start: zoned(meeting.startsAt),
      end: zoned(meeting.endsAt),
      location: meeting.place ?? meeting.videoLink,
      description: [meeting.videoLink ? options.t("calendar.videoLink", { link: meeting.videoLink }) : null, agenda ? options.t("calendar.agenda", { agenda }) : null, url].filter(Boolean).join("\n\n"),
      url,
      status: meeting.cancelled || options.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: options.organizer ?? null,
      attendees: options.attendee ? [{ name: options.attendee.name, email: options.attendee.email, status: PARTSTAT[options.attendee.response] }] : [],
    });
  }
  return cal.toString();
}
