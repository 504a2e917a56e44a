// /admin/requests: owners' requests waiting for a decision, oldest first, each field by field (live beside requested),
// to approve whole, approve in part, or reject with a reason the owner is told.
import { useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/requests-tab";
import { REQUEST_KIND_LABELS, REQUEST_KINDS, requestMessages, type RequestDetail, type RequestKind } from "#shared/schemas/owners.ts";
import { OutcomeMessage, ui, type Outcome } from "#web/components/ui/field.tsx";
import { When } from "#web/components/ui/when.tsx";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { paths } from "#web/lib/paths.ts";
import { FieldRow, type Names } from "./field-diff.tsx";
import { loadRequests } from "./requests-api.ts";
import { ModerationSettingsForm } from "./moderation-settings-form.tsx";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const kind = new URL(request.url).searchParams.get("kind");
  try {
    return { ...(await loadRequests(REQUEST_KINDS.includes(kind as RequestKind) ? (kind as RequestKind) : null)), loadError: null };
  } catch (error) {
    return { requests: [], names: {}, settings: null, loadError: `Failed to load requests. ${error instanceof ApiError ? error.message : ""}`.trim() };
  }
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<{ outcome: Outcome }> {
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const id = encodeURIComponent(String(form.get("id")));
  const label = String(form.get("label"));
  try {
    if (intent === "settings") {
      await apiFetch("/moderation-settings", {
        method: "PUT",
        json: {
          autoApproveListings: form.has("autoApproveListings"),
          autoApproveEvents: form.has("autoApproveEvents"),
          autoApproveOffers: form.has("autoApproveOffers"),
          notificationEmail: String(form.get("notificationEmail") ?? "").trim(),
        },
      });
      return { outcome: { kind: "success", text: "Approval settings saved." } };
    }
    if (intent === "reject") {
      await apiFetch(`/requests/${id}/reject`, { method: "POST", json: { reason: String(form.get("reason") ?? "") } });
      return { outcome: { kind: "success", text: `${label}: rejected.` } };
    }
    const fields = intent === "approve-chosen" ? form.getAll("fields").map(String) : undefined;
    await apiFetch(`/requests/${id}/approve`, { method: "POST", json: fields ? { fields } : {} });
    return { outcome: { kind: "success", text: `${label}: approved.` } };
  } catch (error) {
    return { outcome: { kind: "error", text: error instanceof ApiError ? error.detail : "Something went wrong. Please try again." } };
  }
}

const DECISION = "request-decision";

const titleOf = (r: RequestDetail) => `${REQUEST_KIND_LABELS[r.kind]}: ${r.kind === "new-listing" ? String(r.payload.name ?? r.businessName) : r.businessName}`;

function RequestCard({ request, names }: { request: RequestDetail; names: Names }) {
  // One fetcher for every decision: the card goes once decided, and the tab shows how it went.
  const decider = useFetcher<{ outcome: Outcome }>({ key: DECISION });
  const rejecter = decider;
  const busy = decider.state !== "idle";
  const title = titleOf(request);
  // A claim and a new item are read whole; a change shows what it changes.
  const whole = request.kind === "claim" || request.kind === "new-listing" || !request.targetId && request.kind !== "listing-change";
  const fields = whole ? request.fields.filter((f) => f.requested !== null && f.requested !== "" && !(Array.isArray(f.requested) && f.requested.length === 0)) : request.fields.filter((f) => f.changed);
  const choose = !whole && fields.length > 1;
  const conflicts = fields.filter((f) => f.conflict).length;
  return (
    <li className="card grid gap-3" aria-labelledby={`request-${request.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`request-${request.id}`} className="text-lg font-semibold text-stone-900">
          {request.businessId ? (
            <a href={paths.business(request.businessId)} className="text-brand-700 underline">
              {title}
            </a>
          ) : (
            title
          )}
        </h3>
        <p className="text-sm text-stone-600">
          From {request.requesterEmail}, waiting since <When iso={request.createdAt} />
        </p>
      </div>
      {request.domainMatch && <p className="w-fit rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">✓ {requestMessages.domainMatches}</p>}
      {conflicts > 0 && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The live listing changed after this request was made: {conflicts === 1 ? "one field shows" : `${conflicts} fields show`} the value then, now and requested.
        </p>
      )}
      <decider.Form method="post" className="grid gap-3">
        <input type="hidden" name="id" value={request.id} />
        <input type="hidden" name="label" value={title} />
        <div className="overflow-x-auto">
          {/* Fixed columns that wrap, so a phone shows live and requested side by side without scrolling. */}
          <table className="w-full table-fixed border-collapse text-left text-sm">
            <thead>
              <tr>
                {["Field", ...(whole ? [] : ["Live"]), "Requested", ...(conflicts > 0 ? ["When requested"] : [])].map((heading) => (
                  <th key={heading} scope="col" className={`${ui.th} ${heading === "Field" ? "w-[36%] sm:w-1/4" : ""}`}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <FieldRow key={field.name} field={field} names={names} choose={choose} live={!whole} base={conflicts > 0} />
              ))}
            </tbody>
          </table>
        </div>
        {fields.length === 0 && <p className="text-sm text-stone-600">This request changes nothing.</p>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="approve" className={ui.primary} disabled={busy}>
            Approve all
          </button>
          {choose && (
            <button type="submit" name="intent" value="approve-chosen" className={ui.secondary} disabled={busy}>
              Approve chosen fields
            </button>
          )}
        </div>
      </decider.Form>
      <rejecter.Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="id" value={request.id} />
        <input type="hidden" name="label" value={title} />
        <label className="grid min-w-0 flex-1 gap-1 text-sm font-semibold text-stone-800">
          Reason for rejecting
          <input name="reason" required maxLength={1000} className={ui.input} />
        </label>
        <button type="submit" className={ui.danger} disabled={busy}>
          Reject
        </button>
      </rejecter.Form>
    </li>
  );
}

export default function RequestsTab({ loaderData }: Route.ComponentProps) {
  const { requests, names, settings, loadError } = loaderData;
  const [params, setParams] = useSearchParams();
  const kind = params.get("kind") ?? "";
  const decision = useFetcher<{ outcome: Outcome }>({ key: DECISION });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className={ui.sectionHeading}>Waiting requests</h2>
        <label className="grid gap-1 text-sm font-semibold text-stone-800">
          Kind
          <select value={kind} className={ui.input} onChange={(e) => setParams(e.target.value ? { kind: e.target.value } : {}, { preventScrollReset: true })}>
            <option value="">All kinds</option>
            {REQUEST_KINDS.map((k) => (
              <option key={k} value={k}>
                {REQUEST_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {loadError && (
        <p role="alert" className={ui.error}>
          {loadError}
        </p>
      )}
      <OutcomeMessage outcome={decision.data?.outcome} />
      {!loadError && requests.length === 0 && <p className="text-stone-700">No requests are waiting.</p>}
      <ol className="grid gap-4" aria-label="Waiting requests, oldest first">
        {requests.map((request) => (
          <RequestCard key={request.id} request={request} names={names} />
        ))}
      </ol>
      {settings && <ModerationSettingsForm settings={settings} />}
    </div>
  );
}
