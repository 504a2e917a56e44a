// The surveys' part of a member's dashboard: a task for every open survey the member has not answered, soonest
// closing first, and a section listing them.
import { NOTHING, type DashboardContributor } from "#server/features/dashboard/index.ts";
import { surveyPath, type SurveySummary } from "#shared/schemas/survey.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";
import type { CurrentUser } from "#server/auth/session.ts";

export function surveyDashboard(deps: { unanswered: (viewer: CurrentUser) => Promise<SurveySummary[]>; timeZone: () => Promise<string> }): DashboardContributor {
  return {
    async contribute({ user, member, lang, t }) {
      if (!member) return NOTHING;
      const [open, timeZone] = await Promise.all([deps.unanswered(user), deps.timeZone()]);
      const closes = (s: SurveySummary) => (s.closesAt ? t("dashboard.surveyCloses", { when: formatEventWhen(s.closesAt, null, false, lang, timeZone) }) : t("dashboard.surveyOpen"));
      return {
        tasks: open.map((s) => ({ id: `survey-${s.id}`, title: t("dashboard.tasks.answer", { title: s.title }), detail: closes(s), href: surveyPath(s.id), action: t("dashboard.tasks.answerSurvey") })),
        section: {
          id: "surveys",
          title: t("dashboard.sections.surveys"),
          items: open.map((s) => ({ id: s.id, title: s.title, href: surveyPath(s.id), detail: closes(s), date: null, marks: [t("dashboard.marks.notAnswered")], notes: [] })),
          empty: t("dashboard.empty.surveys"),
          link: { href: "/myqsa/surveys", label: t("dashboard.links.allSurveys") },
        },
      };
    },
  };
}
