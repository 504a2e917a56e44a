// What the Requests tab reads: the waiting requests with their fields, and the names behind the ids they hold.
import type { ModerationSettings, RequestDetail, RequestKind, RequestSummary } from "#shared/schemas/owners.ts";
import { apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { businessView } from "#shared/schemas/business.ts";
import { DEFAULT_PAGE_SIZE } from "#shared/schemas/pagination.ts";
import type { Names } from "./field-diff.tsx";

/** The choices of the listing's sets of choices (its attributes), as "<field>:<value>", by label. */
const CHOICE_NAMES: Names = Object.fromEntries(
  Object.entries(businessView.fields).flatMap(([name, view]) => (view.widget === "checkboxes" ? (view.options ?? []).map((o) => [`${name}:${o.value}`, o.label]) : [])),
);

/** The waiting requests shown at once: the admin lists' page size. */
export const REQUESTS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export interface RequestsPage {
  requests: RequestDetail[];
  names: Names;
  settings: ModerationSettings;
  /** How many wait (of the kind chosen), for the pager. */
  total: number;
  page: number;
}

/** One page of the waiting requests, oldest first; a page past the last gives the last. */
export async function loadRequests(kind: RequestKind | null, page = 1, fetcher?: Fetcher): Promise<RequestsPage> {
  const get = <T>(path: string) => apiFetch<T>(path, {}, fetcher);
  const ofKind: Record<string, string> = kind ? { kind } : {};
  const total = (await get<{ count: number }>(`/requests/pending-count?${new URLSearchParams(ofKind)}`)).count;
  page = Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)));
  const query = new URLSearchParams({ status: "pending", ...ofKind, page: String(page), pageSize: String(REQUESTS_PAGE_SIZE) });
  const [list, categories, tags, businesses, settings] = await Promise.all([
    get<RequestSummary[]>(`/requests?${query}`),
    get<Array<{ id: string; name: string }>>("/categories"),
    get<Array<{ id: string; name: string }>>("/tags"),
    get<Array<{ id: string; name: string }>>("/businesses"),
    get<ModerationSettings>("/moderation-settings"),
  ]);
  const requests = await Promise.all(list.map((r) => get<RequestDetail>(`/requests/${encodeURIComponent(r.id)}`)));
  const names: Names = { ...CHOICE_NAMES, ...Object.fromEntries([...categories, ...tags, ...businesses].map((row) => [row.id, row.name])) };
  return { requests, names, settings, total, page };
}

/** How many requests wait, for the admin navigation. */
export async function fetchPendingCount(fetcher?: Fetcher): Promise<number | null> {
  try {
    return (await apiFetch<{ count: number }>("/requests/pending-count", {}, fetcher)).count;
  } catch {
    return null;
  }
}
