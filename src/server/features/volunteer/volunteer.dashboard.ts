// Volunteering's part of a person's dashboard: their shifts to come, soonest first (anyone signed in may volunteer, so
// it is not for members only). Nothing is shown to someone who has signed up for nothing.
import { NOTHING, type DashboardContributor } from "#server/features/dashboard/index.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";
import type { MySignup } from "#shared/schemas/volunteer.ts";
import { volunteerPaths } from "#shared/volunteer-paths.ts";

export function volunteerDashboard(deps: { upcoming: (personId: string) => Promise<MySignup[]>; timeZone: () => Promise<string> }): DashboardContributor {
  return {
    async contribute({ user, lang, t }) {
      const [signups, timeZone] = await Promise.all([deps.upcoming(user.id), deps.timeZone()]);
      if (signups.length === 0) return NOTHING;
      return {
        tasks: [],
        section: {
          id: "volunteering",
          title: t("dashboard.sections.volunteering"),
          items: signups.map((s) => ({
            id: s.shiftId,
            title: s.opportunityTitle,
            href: volunteerPaths.shift(s.opportunityId, s.shiftId),
            detail: `${formatEventWhen(s.startsAt, s.endsAt, false, lang, timeZone)} · ${s.place}`,
            date: null,
            marks: s.status === "waiting" ? [t("dashboard.marks.waitingList")] : [],
            notes: [],
          })),
          empty: null,
          link: { href: volunteerPaths.mine, label: t("dashboard.links.allShifts") },
        },
      };
    },
  };
}
