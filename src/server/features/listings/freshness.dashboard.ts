// The listings' part of an owner's dashboard: a task for each of their listings that no owner confirmed or changed
// within the association's interval, leading to the latest reminder's one-click confirmation while its link works and
// to /mybusiness otherwise (issue 39, item 1: "what needs the member ... an unconfirmed listing").
import { NOTHING, type DashboardContributor } from "#server/features/dashboard/index.ts";
import type { UncheckedListing } from "./freshness.service.ts";

export function freshnessDashboard(deps: { unchecked: (businessIds: string[]) => Promise<UncheckedListing[]> }): DashboardContributor {
  return {
    async contribute({ businessIds, t }) {
      if (businessIds.length === 0) return NOTHING;
      const unchecked = await deps.unchecked(businessIds);
      return {
        tasks: unchecked.map((listing) => ({
          id: `listing-checked-${listing.businessId}`,
          title: t("dashboard.tasks.stillRight", { name: listing.businessName }),
          detail: t("dashboard.tasks.unchecked", { days: listing.freshnessDays }),
          href: listing.confirmPath ?? "/mybusiness",
          action: listing.confirmPath ? t("dashboard.tasks.confirm") : t("dashboard.tasks.checkOnMyBusiness"),
        })),
        section: null,
      };
    },
  };
}
