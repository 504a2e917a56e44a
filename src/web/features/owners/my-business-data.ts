// What /mybusiness reads from the API: the person's businesses with their events and offers, their requests, and
// the lists the forms pick from.
import type { Business } from "#shared/schemas/business.ts";
import type { Event } from "#shared/schemas/event.ts";
import type { Offer } from "#shared/schemas/offer.ts";
import type { RequestDetail } from "#shared/schemas/owners.ts";
import type { Sources } from "#web/components/ui/entity-fields.tsx";
import { apiFetch } from "#web/lib/api-client.ts";

export type OwnedBusiness = Business & { events: Event[]; offers: Offer[] };

export interface OwnerData {
  email: string;
  businesses: OwnedBusiness[];
  requests: RequestDetail[];
  sources: Sources;
}

export async function loadOwnerData(): Promise<OwnerData> {
  const [me, owned, requests, categories, tags] = await Promise.all([
    apiFetch<{ email: string }>("/me"),
    apiFetch<Business[]>("/me/businesses"),
    apiFetch<RequestDetail[]>("/me/requests"),
    apiFetch<Array<{ id: string; name: string }>>("/categories"),
    apiFetch<Array<{ id: string; name: string }>>("/tags"),
  ]);
  const businesses = await Promise.all(
    owned.map(async (business) => {
      const [events, offers] = await Promise.all([
        apiFetch<Event[]>(`/businesses/${encodeURIComponent(business.id)}/events`),
        apiFetch<Offer[]>(`/businesses/${encodeURIComponent(business.id)}/offers`),
      ]);
      return { ...business, events, offers };
    }),
  );
  const options = (rows: Array<{ id: string; name: string }>) => rows.map((r) => ({ value: r.id, label: r.name }));
  return {
    email: me.email,
    businesses,
    requests,
    // Events and offers of an owner are at their own businesses only.
    sources: { categories: options(categories), tags: options(tags), businesses: options(owned) },
  };
}
