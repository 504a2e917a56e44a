// One waiting request on the admin's Requests tab: its fields, live beside requested, and the decisions on it.
import { useFetcher } from "react-router";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { RejectInputSchema, type RequestDetail } from "#shared/schemas/owners.ts";
import { InputField, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { useCheckedForm } from "#web/lib/checked-form.ts";
import { When } from "#web/components/ui/when.tsx";
import { paths } from "#web/lib/paths.ts";
import { FieldRow, type Names } from "./field-diff.tsx";
import { RequestTranslations } from "./request-translations.tsx";

/** The fetcher every decision goes through, so the tab can show how the last one went. */
export const REQUEST_DECISION = "request-decision";

const titleOf = (r: RequestDetail, t: TFunction) => t("requests.line", { kind: t(`requests.kinds.${r.kind}`), name: r.kind === "new-listing" ? String(r.payload.name ?? r.businessName) : r.businessName });

/** A request's heading (a link to its business when it has one) and who asked, since when. */
export function RequestHeading({ id, title, businessId, from, since }: { id: string; title: string; businessId: string | null; from: string; since: string }) {
  const { t } = useTranslation("owners");
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h3 id={id} className="text-lg font-semibold text-stone-900">
        {businessId ? (
          <a href={paths.business(businessId)} className="text-brand-700 underline">
            {title}
          </a>
        ) : (
          title
        )}
      </h3>
      <p className="text-sm text-stone-600">
        {t("review.from", { from })} <When iso={since} />
      </p>
    </div>
  );
}

/** The head of a request's table of fields: the field's column (the first) narrow, the values' columns wide. */
export function FieldsHead({ headings }: { headings: string[] }) {
  return (
    <thead>
      <tr>
        {headings.map((heading, index) => (
          <th key={heading} scope="col" className={`${ui.th} ${index === 0 ? "w-[36%] sm:w-1/4" : ""}`}>
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function RequestCard({ request, names }: { request: RequestDetail; names: Names }) {
  // One fetcher for every decision: the card goes once decided, and the tab shows how it went.
  const decider = useFetcher<{ outcome: Outcome }>({ key: REQUEST_DECISION });
  const busy = decider.state !== "idle";
  const { t } = useTranslation("owners");
  const title = titleOf(request, t);
  // The reason is checked here with the rule the server applies, and told beside its field; how the rejection went
  // is told by the tab, as every decision is.
  const rejecter = useCheckedForm(
    RejectInputSchema,
    async ({ value }) => {
      await decider.submit({ intent: "reject", id: request.id, label: title, reason: value.reason }, { method: "post" });
    },
    { id: `reject-${request.id}` },
  );
  // A claim and a new item are read whole; a change shows what it changes.
  const whole = request.kind === "claim" || request.kind === "new-listing" || !request.targetId && request.kind !== "listing-change";
  const fields = whole ? request.fields.filter((f) => f.requested !== null && f.requested !== "" && !(Array.isArray(f.requested) && f.requested.length === 0)) : request.fields.filter((f) => f.changed);
  const translations = request.translations ?? [];
  const choose = !whole && fields.length + (translations.length > 0 ? 1 : 0) > 1;
  const conflicts = fields.filter((f) => f.conflict).length;
  return (
    <li className="card grid gap-3" aria-labelledby={`request-${request.id}`}>
      <RequestHeading id={`request-${request.id}`} title={title} businessId={request.businessId} from={request.requesterEmail ?? request.requesterName} since={request.createdAt} />
      {request.domainMatch && <p className="w-fit rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">{`✓ ${t("review.domainMatches")}`}</p>}
      {conflicts > 0 && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("review.conflicts", { count: conflicts })}
        </p>
      )}
      <decider.Form method="post" className="grid gap-3">
        <input type="hidden" name="id" value={request.id} />
        <input type="hidden" name="label" value={title} />
        <div className="overflow-x-auto">
          {/* Fixed columns that wrap, so a phone shows live and requested side by side without scrolling. */}
          <table className="w-full table-fixed border-collapse text-start text-sm">
            <FieldsHead headings={[t("review.headings.field"), ...(whole ? [] : [t("review.headings.live")]), t("review.headings.requested"), ...(conflicts > 0 ? [t("review.headings.whenRequested")] : [])]} />
            <tbody>
              {fields.map((field) => (
                <FieldRow key={field.name} field={field} names={names} choose={choose} live={!whole} base={conflicts > 0} />
              ))}
            </tbody>
          </table>
        </div>
        <RequestTranslations translations={translations} live={!whole} choose={choose} />
        {fields.length === 0 && translations.length === 0 && <p className="text-sm text-stone-600">{t("review.nothing")}</p>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="approve" className={ui.primary} disabled={busy}>
            {t("review.approveAll")}
          </button>
          {choose && (
            <button type="submit" name="intent" value="approve-chosen" className={ui.secondary} disabled={busy}>
              {t("review.approveChosen")}
            </button>
          )}
        </div>
      </decider.Form>
      <form id={rejecter.form.id} onSubmit={rejecter.form.onSubmit} noValidate className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <InputField field={rejecter.fields.reason} label={t("review.rejectReason")} maxLength={1000} />
        </div>
        {/* Level with the input under the label. */}
        <button type="submit" className={`${ui.danger} sm:mt-6`} disabled={busy || rejecter.busy}>
          {t("review.reject")}
        </button>
      </form>
    </li>
  );
}
