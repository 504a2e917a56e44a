// A business's waiting suggestions on the owner's /mybusiness: each live beside suggested, to take into the owner's
// own change (the edit form opens with it filled in) or dismiss.
import { useFetcher } from "react-router";
import { useTranslation } from "react-i18next";
import { CLOSED_FLAG_DAYS, SUGGESTION_FIELDS, SUGGESTION_KIND_LABELS, type Suggestion, type SuggestionList } from "#shared/schemas/listings.ts";
import { OutcomeMessage, type Outcome } from "#web/components/ui/field.tsx";
import { apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { paths } from "#web/lib/paths.ts";
import { SuggestionCard } from "./suggestion-card.tsx";

export async function loadMySuggestions(fetcher?: Fetcher): Promise<SuggestionList> {
  const none: SuggestionList = { suggestions: [], closedFlags: [] };
  const list = await apiFetch<SuggestionList | null>("/me/suggestions", {}, fetcher).catch(() => none);
  return Array.isArray(list?.suggestions) && Array.isArray(list.closedFlags) ? list : none;
}

/** What the owner's edit form of a business starts with after taking a suggestion in (read from the address). */
export interface Prefill {
  businessId: string;
  values: Record<string, string>;
  /** The suggestion in words, shown above the form. */
  note: string;
}

/** Where an accepted suggestion leads: /mybusiness with the business's edit form open and filled in. */
export function prefillHref(businessId: string, prefill: Record<string, string>, note: string): string {
  return `${paths.myBusiness}?${new URLSearchParams({ edit: businessId, suggested: note, ...prefill })}#business-${encodeURIComponent(businessId)}`;
}

export function prefillFrom(url: URL): Prefill | null {
  const businessId = url.searchParams.get("edit");
  if (!businessId) return null;
  const fields = new Set(Object.values(SUGGESTION_FIELDS).filter((f): f is string => !!f && f !== "openingHours"));
  const values = Object.fromEntries([...url.searchParams].filter(([name]) => fields.has(name)));
  return { businessId, values, note: url.searchParams.get("suggested") ?? "" };
}

/** The words of a suggestion, as the note above the owner's form says them. */
export const suggestionNote = (s: Pick<Suggestion, "kind" | "value">) => `${SUGGESTION_KIND_LABELS[s.kind]}${s.value ? `: ${s.value}` : ""}`;

export function OwnerSuggestions({ businessId, businessName, list }: { businessId: string; businessName: string; list: SuggestionList }) {
  const { t } = useTranslation("owners");
  const fetcher = useFetcher<{ outcome: Outcome }>({ key: `suggestions-${businessId}` });
  const suggestions = list.suggestions.filter((s) => s.businessId === businessId);
  const flag = list.closedFlags.find((f) => f.businessId === businessId);
  if (suggestions.length === 0 && !fetcher.data) return null;
  return (
    <section aria-labelledby={`suggestions-${businessId}`} className="grid gap-3">
      <h3 id={`suggestions-${businessId}`} className="text-lg font-semibold text-stone-900">
        {t("suggestions.heading")}
      </h3>
      {flag && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("suggestions.closedFlag", { name: businessName, days: flag.days, least: CLOSED_FLAG_DAYS })}
        </p>
      )}
      <OutcomeMessage outcome={fetcher.data?.outcome} />
      {suggestions.length > 0 && (
        <ol className="grid gap-3" aria-label={t("suggestions.list", { name: businessName })}>
          {suggestions.map((s) => (
            <SuggestionCard
              key={s.id}
              suggestion={s}
              fetcher={fetcher}
              withBusiness={false}
              decisions={[
                { intent: "suggestion-accept", label: t("suggestions.use"), primary: true },
                { intent: "suggestion-dismiss", label: t("suggestions.dismiss") },
              ]}
              extra={{ businessId, note: suggestionNote(s) }}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
