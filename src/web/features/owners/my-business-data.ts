// What /mybusiness reads from the API: the person's businesses with their events and offers (one call, however many
// businesses), their requests, and the lists the forms pick from. The page's server loader and the browser both run it.
import type { OwnedBusiness as Owned, RequestDetail } from "#shared/schemas/owners.ts";
import { INSIGHT_PERIODS, type Insights } from "#shared/schemas/insights.ts";
import type { Sources } from "#web/components/ui/entity-fields.tsx";
import { apiFetch, type Fetcher } from "#web/lib/api-client.ts";

/** An owned business as the page asks for it: with its events and offers. */
export type OwnedBusiness = Owned & Required<Pick<Owned, "events" | "offers">>;

export interface OwnerData {
  email: string;
  businesses: OwnedBusiness[];
  requests: RequestDetail[];
  sources: Sources;
  /** The business whose Insights tab is open (`?insights=<id>&days=`), with its figures (null when they failed). */
  insights: { businessId: string; days: number; figures: Insights | null } | null;
}

/** The Insights tab the address asks for: a business and one of the periods (30 days unless another is named). */
function insightsWanted(url: URL | undefined): { businessId: string; days: number } | null {
  const businessId = url?.searchParams.get("insights");
  if (!businessId) return null;
  const days = Number(url?.searchParams.get("days") ?? 30);
  return { businessId, days: (INSIGHT_PERIODS as readonly number[]).includes(days) ? days : 30 };
}

export async function loadOwnerData(fetcher?: Fetcher, url?: URL): Promise<OwnerData> {
  const get = <T>(path: string) => apiFetch<T>(path, {}, fetcher);
  const [me, businesses, requests, categories, tags] = await Promise.all([
    get<{ email: string }>("/me"),
    get<OwnedBusiness[]>("/me/businesses?include=events,offers"),
    get<RequestDetail[]>("/me/requests"),
    get<Array<{ id: string; name: string }>>("/categories"),
    get<Array<{ id: string; name: string }>>("/tags"),
  ]);
  const wanted = insightsWanted(url);
  const figures =
    wanted && businesses.some((b) => b.id === wanted.businessId)
      ? await get<Insights>(`/businesses/${encodeURIComponent(wanted.businessId)}/insights?days=${wanted.days}`).catch(() => null)
      : null;
  const options = (rows: Array<{ id: string; name: string }>) => rows.map((r) => ({ value: r.id, label: r.name }));
  return {
    email: me.email,
    businesses,
    requests,
    // Events and offers of an owner are at their own businesses only.
    sources: { categories: options(categories), tags: options(tags), businesses: options(businesses) },
    insights: wanted && businesses.some((b) => b.id === wanted.businessId) ? { ...wanted, figures } : null,
  };
}
