// Meetings of the members, their answers, calendars and mail: what other code may use of this feature.
export { meetingDashboard } from "./meeting.dashboard.ts";
export { meetingDigestSources } from "./meeting-digest.ts";
export { MEETING_MAIL_JOB, MeetingMail } from "./meeting-mail.ts";
export { MeetingRepository } from "./meeting.repository.ts";
import type { MeetingService } from "./meeting.service.ts";
export { MeetingService, type MeetingDeps } from "./meeting.service.ts";
export { registerMeetingRoutes } from "./meeting.routes.ts";
export { createMeetingCalendarRoutes } from "./meeting-calendar.routes.ts";

/**
 * The dashboard's "next meetings with the member's answer": the next `limit` meetings not cancelled, soonest first,
 * each with the person's answer (`myResponse`, null when none) and the counts per answer.
 */
export function nextMeetingsFor(meetings: MeetingService, personId: string, limit = 3) {
  return meetings.nextMeetingsFor(personId, limit);
}

/** The dashboard's tasks: every meeting to come, not cancelled, that the person has not answered, soonest first. */
export function unansweredMeetingsFor(meetings: MeetingService, personId: string) {
  return meetings.unansweredBy(personId);
}
