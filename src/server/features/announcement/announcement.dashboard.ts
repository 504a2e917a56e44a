// The announcements' part of a member's dashboard: the latest few, unread ones marked, and a link to all.
import { NOTHING, type DashboardContributor } from "#server/features/dashboard/index.ts";
import type { AnnouncementService } from "./announcement.service.ts";

const LATEST = 5;

export function announcementDashboard(announcements: Pick<AnnouncementService, "list">): DashboardContributor {
  return {
    async contribute({ user, member, lang, t }) {
      if (!member) return NOTHING;
      const { items, unread } = await announcements.list(user, lang);
      const latest = [...items].sort((a, b) => (b.publishAt ?? "").localeCompare(a.publishAt ?? "")).slice(0, LATEST);
      return {
        tasks: [],
        section: {
          id: "announcements",
          title: t("dashboard.sections.announcements"),
          items: latest.map((a) => ({
            id: a.id,
            title: a.title,
            href: `/myqsa/announcements/${encodeURIComponent(a.id)}`,
            detail: null,
            date: a.publishAt,
            marks: [...(a.read ? [] : [t("dashboard.marks.unread")]), ...(a.pinned ? [t("dashboard.marks.pinned")] : [])],
            notes: [],
            ...(a.lang?.title ? { lang: a.lang.title } : {}),
          })),
          empty: t("announcements.none"),
          link: { href: "/myqsa/announcements", label: unread > 0 ? t("dashboard.links.allAnnouncementsUnread", { count: unread }) : t("announcements.all") },
        },
      };
    },
  };
}
