// The Requests tab's part of visitors' suggestions: the businesses said to be closed for good on three different
// days, then each waiting suggestion, which an administrator approves or dismisses.
import { Trans, useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { getFixedT } from "#shared/i18n/index.ts";
import { CLOSED_FLAG_DAYS, type SuggestionList } from "#shared/schemas/listings.ts";
import type { Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { ApiError, apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { paths } from "#web/lib/paths.ts";
import { langOf } from "#web/lib/public-text.ts";
import { SuggestionCard } from "./suggestion-card.tsx";

export async function loadSuggestions(fetcher?: Fetcher): Promise<SuggestionList | null> {
  try {
    const list = await apiFetch<SuggestionList | null>("/suggestions", {}, fetcher);
    // The tab shows without them should the answer be something else (an older server).
    return Array.isArray(list?.suggestions) && Array.isArray(list.closedFlags) ? list : null;
  } catch {
    return null;
  }
}

const INTENTS: Record<string, { path: string; done: string }> = {
  "suggestion-approve": { path: "approve", done: "suggestions.done.approved" },
  "suggestion-dismiss": { path: "dismiss", done: "suggestions.done.dismissed" },
  "suggestion-accept": { path: "accept", done: "suggestions.done.accepted" },
};

/** A decision on a suggestion, when the form's intent is one; null for any other intent. */
export async function suggestionAction(form: FormData): Promise<{ outcome: Outcome; prefill?: Record<string, string> } | null> {
  const intent = INTENTS[String(form.get("intent"))];
  if (!intent) return null;
  const label = String(form.get("label"));
  // The outcome in the open page's language (the owners' catalog, which the owner's and the administrator's pages load).
  const t = await getFixedT(langOf(typeof document === "undefined" ? undefined : document.documentElement.lang), "owners");
  try {
    const answer = await apiFetch<{ prefill?: Record<string, string> }>(`/suggestions/${encodeURIComponent(String(form.get("id")))}/${intent.path}`, { method: "POST" });
    return { outcome: { kind: "success", text: t(intent.done, { label }) }, prefill: answer.prefill };
  } catch (error) {
    return { outcome: { kind: "error", text: error instanceof ApiError ? error.detail : t("businessOwners.failed") } };
  }
}

export function VisitorSuggestions({ list, fetcherKey }: { list: SuggestionList; fetcherKey: string }) {
  const fetcher = useFetcher<unknown>({ key: fetcherKey });
  const { t } = useTranslation("owners");
  return (
    <section aria-labelledby="visitor-suggestions" className="grid gap-4">
      <h2 id="visitor-suggestions" className={ui.sectionHeading}>
        {t("suggestions.heading")}
      </h2>
      {list.closedFlags.length > 0 && (
        <ul className="grid gap-2" aria-label={t("suggestions.reportedClosed")}>
          {list.closedFlags.map((flag) => (
            <li key={flag.businessId} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <Trans t={t} i18nKey="suggestions.reportedClosedOn" values={{ days: flag.days, least: CLOSED_FLAG_DAYS }} components={{ strong: <strong /> }} />{" "}
              <a href={paths.business(flag.businessId)} className="underline">
                {flag.businessName}
              </a>
            </li>
          ))}
        </ul>
      )}
      {list.suggestions.length === 0 && <p className="text-stone-700">{t("suggestions.noneWaiting")}</p>}
      <ol className="grid gap-4" aria-label={t("suggestions.allOldestFirst")}>
        {list.suggestions.map((s) => (
          <SuggestionCard
            key={s.id}
            suggestion={s}
            fetcher={fetcher}
            decisions={[
              { intent: "suggestion-approve", label: s.kind === "phone" || s.kind === "website" ? t("suggestions.approveAndApply") : t("suggestions.approve"), primary: true },
              { intent: "suggestion-dismiss", label: t("suggestions.dismiss") },
            ]}
          />
        ))}
      </ol>
    </section>
  );
}
