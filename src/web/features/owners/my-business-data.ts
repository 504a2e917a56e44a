// What /mybusiness reads from the API: the person's businesses with their events and offers (one call, however many
// businesses), their requests, and the lists the forms pick from. The page's server loader and the browser both run it.
import type { OwnedBusiness as Owned, RequestDetail } from "#shared/schemas/owners.ts";
import type { Sources } from "#web/components/ui/entity-fields.tsx";
import { apiFetch, type Fetcher } from "#web/lib/api-client.ts";

/** An owned business as the page asks for it: with its events and offers. */
export type OwnedBusiness = Owned & Required<Pick<Owned, "events" | "offers">>;

export interface OwnerData {
  email: string;
  businesses: OwnedBusiness[];
  requests: RequestDetail[];
  sources: Sources;
}

export async function loadOwnerData(fetcher?: Fetcher): Promise<OwnerData> {
  const get = <T>(path: string) => apiFetch<T>(path, {}, fetcher);
  const [me, businesses, requests, categories, tags] = await Promise.all([
    get<{ email: string }>("/me"),
    get<OwnedBusiness[]>("/me/businesses?include=events,offers"),
    get<RequestDetail[]>("/me/requests"),
    get<Array<{ id: string; name: string }>>("/categories"),
    get<Array<{ id: string; name: string }>>("/tags"),
  ]);
  const options = (rows: Array<{ id: string; name: string }>) => rows.map((r) => ({ value: r.id, label: r.name }));
  return {
    email: me.email,
    businesses,
    requests,
    // Events and offers of an owner are at their own businesses only.
    sources: { categories: options(categories), tags: options(tags), businesses: options(businesses) },
  };
}
