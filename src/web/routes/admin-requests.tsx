// /admin/requests: owners' requests waiting for a decision, oldest first, each field by field (live beside requested),
// to approve whole, approve in part, or reject with a reason the owner is told.
import { useTranslation } from "react-i18next";
import { adminText } from "../features/admin/index.ts";
import { useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-requests";
import { REQUEST_KIND_LABELS, REQUEST_KINDS, type RequestKind } from "#shared/schemas/owners.ts";
import { OutcomeMessage, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { ApiError, apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { requireUser, serverFetch } from "#web/lib/app-context.ts";
import { Pager } from "#web/components/ui/pager.tsx";
import { loadRequests, ModerationSettingsForm, REQUEST_DECISION, REQUESTS_PAGE_SIZE, RequestCard } from "../features/owners/index.ts";
import { loadSuggestions, suggestionAction, VisitorSuggestions } from "../features/listings/index.ts";

async function load(request: Request, fetcher?: Fetcher) {
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind");
  const suggestions = await loadSuggestions(fetcher);
  try {
    return { suggestions, ...(await loadRequests(REQUEST_KINDS.includes(kind as RequestKind) ? (kind as RequestKind) : null, Number(params.get("page")) || 1, fetcher)), loadError: null };
  } catch (error) {
    return { suggestions, requests: [], names: {}, settings: null, total: 0, page: 1, loadError: `${(await adminText())("requests.loadFailed")} ${error instanceof ApiError ? error.message : ""}`.trim() };
  }
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, "admin");
  return load(request, serverFetch(context));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return load(request);
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<{ outcome: Outcome }> {
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const id = encodeURIComponent(String(form.get("id")));
  const label = String(form.get("label"));
  const onSuggestion = await suggestionAction(form);
  if (onSuggestion) return { outcome: onSuggestion.outcome };
  const t = await adminText();
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
      return { outcome: { kind: "success", text: t("requests.settingsSaved") } };
    }
    if (intent === "reject") {
      await apiFetch(`/requests/${id}/reject`, { method: "POST", json: { reason: String(form.get("reason") ?? "") } });
      return { outcome: { kind: "success", text: t("requests.rejected", { label }) } };
    }
    const fields = intent === "approve-chosen" ? form.getAll("fields").map(String) : undefined;
    await apiFetch(`/requests/${id}/approve`, { method: "POST", json: fields ? { fields } : {} });
    return { outcome: { kind: "success", text: t("requests.approved", { label }) } };
  } catch (error) {
    return { outcome: { kind: "error", text: error instanceof ApiError ? error.detail : t("wentWrong") } };
  }
}

export default function RequestsTab({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { requests, names, settings, total, page, loadError, suggestions } = loaderData;
  const [params, setParams] = useSearchParams();
  const kind = params.get("kind") ?? "";
  const decision = useFetcher<{ outcome: Outcome }>({ key: REQUEST_DECISION });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className={ui.sectionHeading}>{t("requests.waiting")}</h2>
        <label className="grid gap-1 text-sm font-semibold text-stone-800">
          {t("requests.kind")}
          <select value={kind} className={ui.input} onChange={(e) => setParams(e.target.value ? { kind: e.target.value } : {}, { preventScrollReset: true })}>
            <option value="">{t("requests.allKinds")}</option>
            {REQUEST_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`requests.kinds.${k}`, { defaultValue: REQUEST_KIND_LABELS[k] })}
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
      {!loadError && requests.length === 0 && <p className="text-stone-700">{t("requests.none")}</p>}
      <ol className="grid gap-4" aria-label={t("requests.list")}>
        {requests.map((request) => (
          <RequestCard key={request.id} request={request} names={names} />
        ))}
      </ol>
      {total > REQUESTS_PAGE_SIZE && <Pager label={t("requests.waiting")} page={page} pageSize={REQUESTS_PAGE_SIZE} total={total} />}
      {suggestions && <VisitorSuggestions list={suggestions} fetcherKey={REQUEST_DECISION} />}
      {settings && <ModerationSettingsForm settings={settings} />}
    </div>
  );
}
