// The surveys' part of a member's dashboard: a task for every open survey the member has not answered, soonest
// closing first, and a section listing them.
import { NOTHING, type DashboardContributor } from "#server/features/dashboard/index.ts";
import { surveyPath, type SurveySummary } from "#shared/schemas/survey.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";
import type { CurrentUser } from "#server/auth/session.ts";

export function surveyDashboard(deps: { unanswered: (viewer: CurrentUser) => Promise<SurveySummary[]>; timeZone: () => Promise<string> }): DashboardContributor {
  return {
    async contribute({ user, member }) {
      if (!member) return NOTHING;
      const [open, timeZone] = await Promise.all([deps.unanswered(user), deps.timeZone()]);
      const closes = (s: SurveySummary) => (s.closesAt ? `Closes ${formatEventWhen(s.closesAt, null, false, timeZone)}` : "Open");
      return {
        tasks: open.map((s) => ({ id: `survey-${s.id}`, title: `Answer: ${s.title}`, detail: closes(s), href: surveyPath(s.id), action: "Answer the survey" })),
        section: {
          id: "surveys",
          title: "Open surveys",
          items: open.map((s) => ({ id: s.id, title: s.title, href: surveyPath(s.id), detail: closes(s), date: null, marks: ["Not answered"], notes: [] })),
          empty: "No open surveys to answer.",
          link: { href: "/myqsa/surveys", label: "All surveys" },
        },
      };
    },
  };
}
