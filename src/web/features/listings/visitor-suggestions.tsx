// The Requests tab's part of visitors' suggestions: the businesses said to be closed for good on three different
// days, then each waiting suggestion, which an administrator approves or dismisses.
import { useFetcher } from "react-router";
import { CLOSED_FLAG_DAYS, type SuggestionList } from "#shared/schemas/listings.ts";
import { ui, type Outcome } from "#web/components/ui/field.tsx";
import { ApiError, apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { paths } from "#web/lib/paths.ts";
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
  "suggestion-approve": { path: "approve", done: "approved" },
  "suggestion-dismiss": { path: "dismiss", done: "dismissed" },
  "suggestion-accept": { path: "accept", done: "taken into your change" },
};

/** A decision on a suggestion, when the form's intent is one; null for any other intent. */
export async function suggestionAction(form: FormData): Promise<{ outcome: Outcome; prefill?: Record<string, string> } | null> {
  const intent = INTENTS[String(form.get("intent"))];
  if (!intent) return null;
  const label = String(form.get("label"));
  try {
    const answer = await apiFetch<{ prefill?: Record<string, string> }>(`/suggestions/${encodeURIComponent(String(form.get("id")))}/${intent.path}`, { method: "POST" });
    return { outcome: { kind: "success", text: `${label}: ${intent.done}.` }, prefill: answer.prefill };
  } catch (error) {
    return { outcome: { kind: "error", text: error instanceof ApiError ? error.detail : "Something went wrong. Please try again." } };
  }
}

export function VisitorSuggestions({ list, fetcherKey }: { list: SuggestionList; fetcherKey: string }) {
  const fetcher = useFetcher<unknown>({ key: fetcherKey });
  return (
    <section aria-labelledby="visitor-suggestions" className="grid gap-4">
      <h2 id="visitor-suggestions" className={ui.sectionHeading}>
        Suggestions from visitors
      </h2>
      {list.closedFlags.length > 0 && (
        <ul className="grid gap-2" aria-label="Reported closed for good">
          {list.closedFlags.map((flag) => (
            <li key={flag.businessId} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <strong>Reported closed for good</strong> on {flag.days} different days (at least {CLOSED_FLAG_DAYS}):{" "}
              <a href={paths.business(flag.businessId)} className="underline">
                {flag.businessName}
              </a>
            </li>
          ))}
        </ul>
      )}
      {list.suggestions.length === 0 && <p className="text-stone-700">No suggestions are waiting.</p>}
      <ol className="grid gap-4" aria-label="Suggestions from visitors, oldest first">
        {list.suggestions.map((s) => (
          <SuggestionCard
            key={s.id}
            suggestion={s}
            fetcher={fetcher}
            decisions={[
              { intent: "suggestion-approve", label: s.kind === "phone" || s.kind === "website" ? "Approve and apply" : "Approve", primary: true },
              { intent: "suggestion-dismiss", label: "Dismiss" },
            ]}
          />
        ))}
      </ol>
    </section>
  );
}
