// The owners' part of a member's dashboard: each business the person owns with the changes waiting for approval,
// their own claims and proposals waiting, and a task per listing that lacks opening hours, photos or a description.
// Three reads whatever the number of businesses.
import type { CurrentUser } from "#server/auth/session.ts";
import { listingGaps, listOfWords, type DashboardContributor } from "#server/features/dashboard/index.ts";
import type { Business } from "#shared/schemas/business.ts";
import type { RequestSummary } from "#shared/schemas/owners.ts";
import { formatList } from "#shared/i18n/format.ts";


export function ownersDashboard(deps: { businesses: (ids: string[]) => Promise<Business[]>; waiting: (viewer: CurrentUser) => Promise<RequestSummary[]> }): DashboardContributor {
  return {
    async contribute({ user, businessIds, lang, t }) {
      const [businesses, waiting] = await Promise.all([deps.businesses(businessIds), deps.waiting(user)]);
      const asked = waiting.filter((r) => r.kind === "claim" || r.kind === "new-listing");
      if (businesses.length === 0 && asked.length === 0) return { tasks: [], section: null };
      const sorted = [...businesses].sort((a, b) => a.name.localeCompare(b.name));
      const items = sorted.map((b) => {
        const notes = waiting.filter((r) => r.businessId === b.id && r.kind !== "claim" && r.kind !== "new-listing").map((r) => t(`dashboard.waiting.${r.kind}`));
        return { id: b.id, title: b.name, href: "/mybusiness", detail: notes.length === 0 ? t("dashboard.nothingWaiting") : null, date: null, marks: notes.length > 0 ? [t("dashboard.marks.waitingCount", { count: notes.length })] : [], notes };
      });
      const claims = asked.map((r) => ({ id: r.id, title: r.businessName, href: "/mybusiness", detail: t(`dashboard.asked.${r.kind}`), date: null, marks: [t("dashboard.marks.waiting")], notes: [] }));
      return {
        tasks: sorted.flatMap((b) => {
          const gaps = listingGaps(b);
          return gaps.length === 0 ? [] : [{ id: `listing-${b.id}`, title: t("dashboard.tasks.completeListing", { name: b.name }), detail: t("dashboard.tasks.add", { gaps: lang === "en" ? listOfWords(gaps) : formatList(gaps.map((gap) => t(`dashboard.gaps.${gap}`)), lang) }), href: "/mybusiness", action: t("dashboard.tasks.editListing") }];
        }),
        section: { id: "businesses", title: t("dashboard.sections.businesses"), items: [...items, ...claims], empty: null, link: { href: "/mybusiness", label: t("dashboard.links.manageBusinesses") } },
      };
    },
  };
}
