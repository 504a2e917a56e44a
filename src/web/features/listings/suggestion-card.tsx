// A visitor's suggestion as a request of kind "suggestion": the listing's value beside the suggested one, marked as the
// other requests' fields are (FieldRow), with the decisions the viewer may take on it.
import type { useFetcher } from "react-router";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Suggestion } from "#shared/schemas/listings.ts";
import type { RequestField } from "#shared/schemas/owners.ts";
import { ui } from "#web/components/ui/classes.ts";
import { FieldRow, FieldsHead, RequestHeading } from "../owners/index.ts";

/** The suggestion as the one field of a request, live beside suggested. */
function asField(suggestion: Suggestion, t: TFunction): RequestField {
  const label = t(`suggestion.kinds.${suggestion.kind}`);
  const requested = suggestion.kind === "closed" ? (suggestion.value ? t("suggestion.closedWith", { value: suggestion.value }) : t("suggestion.kinds.closed")) : suggestion.value;
  return { name: suggestion.kind, label, widget: "text", live: suggestion.live, requested, base: suggestion.live, changed: true, conflict: false };
}

export const suggestionTitle = (s: Suggestion, t: TFunction) => t("suggestion.title", { name: s.businessName });

/** `decisions`: the buttons of the viewer's decisions, each an intent sent with the suggestion's id. */
export function SuggestionCard({
  suggestion,
  fetcher,
  decisions,
  withBusiness = true,
  extra = {},
}: {
  suggestion: Suggestion;
  fetcher: ReturnType<typeof useFetcher<unknown>>;
  decisions: Array<{ intent: string; label: string; primary?: boolean }>;
  withBusiness?: boolean;
  /** More fields the decision's form sends. */
  extra?: Record<string, string>;
}) {
  const { t } = useTranslation("owners");
  const title = withBusiness ? suggestionTitle(suggestion, t) : t(`suggestion.kinds.${suggestion.kind}`);
  const busy = fetcher.state !== "idle";
  return (
    <li className="card grid gap-3" aria-labelledby={`suggestion-${suggestion.id}`}>
      <RequestHeading id={`suggestion-${suggestion.id}`} title={title} businessId={withBusiness ? suggestion.businessId : null} from={t("review.visitor")} since={suggestion.createdAt} />
      <div className="overflow-x-auto">
        <table className="w-full table-fixed border-collapse text-start text-sm">
          <FieldsHead headings={[t("review.headings.field"), t("review.headings.live"), t("review.headings.suggested")]} />
          <tbody>
            <FieldRow field={asField(suggestion, t)} names={{}} choose={false} live base={false} />
          </tbody>
        </table>
      </div>
      <fetcher.Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="id" value={suggestion.id} />
        <input type="hidden" name="label" value={title} />
        {Object.entries(extra).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {decisions.map((d) => (
          <button key={d.intent} type="submit" name="intent" value={d.intent} className={d.primary ? ui.primary : ui.secondary} disabled={busy}>
            {d.label}
          </button>
        ))}
      </fetcher.Form>
    </li>
  );
}
