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
  const [list, categories, tags, settings] = await Promise.all([
    get<RequestSummary[]>(`/requests?${query}`),
    get<Array<{ id: string; name: string }>>("/categories"),
    get<Array<{ id: string; name: string }>>("/tags"),
    get<ModerationSettings>("/moderation-settings"),
  ]);
  const requests = await Promise.all(list.map((r) => get<RequestDetail>(`/requests/${encodeURIComponent(r.id)}`)));
  const known: Names = Object.fromEntries([...categories, ...tags].map((row) => [row.id, row.name]));
  // The businesses the page's requests name (an event's place, an offer's business), read by id: never every business.
  const ids = [...idsIn(requests)].filter((id) => !(id in known));
  const businesses = await Promise.all(batches(ids).map((batch) => get<{ items: Array<{ id: string; name: string }> }>(`/admin/business-names?ids=${batch.join(",")}`)));
  const names: Names = { ...CHOICE_NAMES, ...known, ...Object.fromEntries(businesses.flatMap((found) => found.items.map((row) => [row.id, row.name]))) };
  return { requests, names, settings, total, page };
}

/** As many ids, and characters of them, as `/admin/business-names` reads at once. */
const BUSINESS_NAMES_MAX = 100;
const BUSINESS_NAMES_CHARS = 3900;
/** What may be a stored id (src/server/db/ids.ts makes 20 letters and digits; imported ones may differ). */
const STORED_ID = /^[\w-]{6,64}$/;

function batches(ids: string[]): string[][] {
  const all: string[][] = [];
  let batch: string[] = [];
  let chars = 0;
  for (const id of ids) {
    if (batch.length === BUSINESS_NAMES_MAX || chars + id.length + 1 > BUSINESS_NAMES_CHARS) {
      all.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(id);
    chars += id.length + 1;
  }
  if (batch.length > 0) all.push(batch);
  return all;
}

/** Every value in the requests that may be a stored id, however deep. */
function idsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (STORED_ID.test(value)) found.add(value);
  } else if (Array.isArray(value)) for (const item of value) idsIn(item, found);
  else if (value && typeof value === "object") for (const item of Object.values(value)) idsIn(item, found);
  return found;
}

/** How many requests wait, for the admin navigation. */
export async function fetchPendingCount(fetcher?: Fetcher): Promise<number | null> {
  try {
    return (await apiFetch<{ count: number }>("/requests/pending-count", {}, fetcher)).count;
  } catch {
    return null;
  }
}
