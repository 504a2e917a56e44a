// What the Requests tab reads: the waiting requests with their fields, and the names behind the ids they hold.
import type { ModerationSettings, RequestDetail, RequestKind, RequestSummary } from "#shared/schemas/owners.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { businessView } from "#shared/schemas/business.ts";
import type { Names } from "./field-diff.tsx";

/** The choices of the listing's sets of choices (its attributes), as "<field>:<value>", by label. */
const CHOICE_NAMES: Names = Object.fromEntries(
  Object.entries(businessView.fields).flatMap(([name, view]) => (view.widget === "checkboxes" ? (view.options ?? []).map((o) => [`${name}:${o.value}`, o.label]) : [])),
);

export async function loadRequests(kind: RequestKind | null): Promise<{ requests: RequestDetail[]; names: Names; settings: ModerationSettings }> {
  const query = new URLSearchParams({ status: "pending", ...(kind ? { kind } : {}) });
  const [list, categories, tags, businesses, settings] = await Promise.all([
    apiFetch<RequestSummary[]>(`/requests?${query}`),
    apiFetch<Array<{ id: string; name: string }>>("/categories"),
    apiFetch<Array<{ id: string; name: string }>>("/tags"),
    apiFetch<Array<{ id: string; name: string }>>("/businesses"),
    apiFetch<ModerationSettings>("/moderation-settings"),
  ]);
  const requests = await Promise.all(list.slice(0, 50).map((r) => apiFetch<RequestDetail>(`/requests/${encodeURIComponent(r.id)}`)));
  const names: Names = { ...CHOICE_NAMES, ...Object.fromEntries([...categories, ...tags, ...businesses].map((row) => [row.id, row.name])) };
  return { requests, names, settings };
}

/** How many requests wait, for the admin navigation. */
export async function fetchPendingCount(): Promise<number | null> {
  try {
    return (await apiFetch<{ count: number }>("/requests/pending-count")).count;
  } catch {
    return null;
  }
}
