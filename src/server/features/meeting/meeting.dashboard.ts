// The meetings' part of a member's dashboard: the next few with the member's answer, and a task for every meeting to
// come that the member has not answered. The same reads whatever the number of meetings: the next ones, their answers,
// and the unanswered ones.
import { NOTHING, type DashboardContributor } from "#server/features/dashboard/index.ts";
import type { MeetingSummary } from "#shared/schemas/meeting.ts";
import { meetingPath, whenAndWhere } from "./meeting-calendar.ts";

type Scheduled = Pick<MeetingSummary, "id" | "title" | "startsAt" | "endsAt" | "place" | "videoLink">;

export function meetingDashboard(deps: {
  /** The next meetings not cancelled, soonest first, with the person's answer (`nextMeetingsFor`). */
  next: (personId: string) => Promise<MeetingSummary[]>;
  /** Every meeting to come, not cancelled, that the person has not answered. */
  unanswered: (personId: string) => Promise<Scheduled[]>;
  timeZone: () => Promise<string>;
}): DashboardContributor {
  return {
    async contribute({ user, member, lang, t }) {
      if (!member) return NOTHING;
      const [next, unanswered, timeZone] = await Promise.all([deps.next(user.id), deps.unanswered(user.id), deps.timeZone()]);
      return {
        tasks: unanswered.map((m) => ({ id: `meeting-${m.id}`, title: t("dashboard.tasks.answer", { title: m.title }), detail: whenAndWhere(m, timeZone, lang, t("dashboard.online")), href: meetingPath(m.id), action: t("dashboard.tasks.seeMeeting") })),
        section: {
          id: "meetings",
          title: t("dashboard.sections.meetings"),
          items: next.map((m) => ({
            id: m.id,
            title: m.title,
            href: meetingPath(m.id),
            detail: whenAndWhere(m, timeZone, lang, t("dashboard.online")),
            // The time is in the detail: the page shows an item's date without one.
            date: null,
            marks: m.myResponse ? [] : [t("dashboard.marks.notAnswered")],
            notes: m.myResponse ? [t("meetings.yourAnswer", { answer: t(`meetings.rsvp.${m.myResponse}`) })] : [],
          })),
          empty: t("dashboard.empty.meetings"),
          link: { href: "/myqsa/meetings", label: t("meetings.all") },
        },
      };
    },
  };
}
