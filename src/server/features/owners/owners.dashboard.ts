// The owners' part of a member's dashboard: each business the person owns with the changes waiting for approval,
// their own claims and proposals waiting, and a task per listing that lacks opening hours, photos or a description.
// Three reads whatever the number of businesses.
import type { CurrentUser } from "#server/auth/session.ts";
import { listingGaps, listOfWords, type DashboardContributor } from "#server/features/dashboard/index.ts";
import type { Business } from "#shared/schemas/business.ts";
import type { RequestKind, RequestSummary } from "#shared/schemas/owners.ts";

const WAITING: Record<RequestKind, string> = {
  claim: "Your claim",
  "new-listing": "Your proposal",
  "listing-change": "Listing changes",
  event: "An event",
  offer: "An offer",
};

export function ownersDashboard(deps: { businesses: (ids: string[]) => Promise<Business[]>; waiting: (viewer: CurrentUser) => Promise<RequestSummary[]> }): DashboardContributor {
  return {
    async contribute({ user, businessIds }) {
      const [businesses, waiting] = await Promise.all([deps.businesses(businessIds), deps.waiting(user)]);
      const asked = waiting.filter((r) => r.kind === "claim" || r.kind === "new-listing");
      if (businesses.length === 0 && asked.length === 0) return { tasks: [], section: null };
      const sorted = [...businesses].sort((a, b) => a.name.localeCompare(b.name));
      const items = sorted.map((b) => {
        const notes = waiting.filter((r) => r.businessId === b.id && r.kind !== "claim" && r.kind !== "new-listing").map((r) => `${WAITING[r.kind]} waiting for approval`);
        return { id: b.id, title: b.name, href: "/mybusiness", detail: notes.length === 0 ? "Nothing waiting for approval." : null, date: null, marks: notes.length > 0 ? [`${notes.length} waiting`] : [], notes };
      });
      const claims = asked.map((r) => ({ id: r.id, title: r.businessName, href: "/mybusiness", detail: `${WAITING[r.kind]} is waiting for approval.`, date: null, marks: ["Waiting"], notes: [] }));
      return {
        tasks: sorted.flatMap((b) => {
          const gaps = listingGaps(b);
          return gaps.length === 0 ? [] : [{ id: `listing-${b.id}`, title: `Complete the listing of ${b.name}`, detail: `Add ${listOfWords(gaps)}.`, href: "/mybusiness", action: "Edit the listing" }];
        }),
        section: { id: "businesses", title: "Your businesses", items: [...items, ...claims], empty: null, link: { href: "/mybusiness", label: "Manage your businesses" } },
      };
    },
  };
}
