// The "Suggest an edit" form itself: what is wrong and the correct value, checked in the browser with the server's
// rules (each refusal beside its field, what was typed kept), sent with the page's proof of work. Loaded when a visitor
// opens "Suggest an edit", so the business page carries neither it nor the proof of work's script before.
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { SIGN_UP_CHALLENGE_FIELD } from "#shared/schemas/account.ts";
import { listingMessages, SUGGESTION_KIND_LABELS, SUGGESTION_KINDS, SUGGESTION_VALUE_LABELS, SuggestionInputSchema, type SuggestionKind } from "#shared/schemas/listings.ts";
import { Field, ErrorList, inputProps, textareaProps, ui } from "#web/components/ui/field.tsx";
import { useProofOfWork } from "#web/components/ui/proof-of-work.tsx";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { useCheckedForm } from "#web/lib/checked-form.ts";

const INPUT_TYPE: Partial<Record<SuggestionKind, "tel" | "url">> = { phone: "tel", website: "url" };
const LONG: SuggestionKind[] = ["hours", "closed", "other"];

export default function SuggestEditForm({ businessId, businessName }: { businessId: string; businessName: string }) {
  const [kind, setKind] = useState<SuggestionKind>("hours");
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const proofOfWork = useProofOfWork();
  const { form, fields, busy } = useCheckedForm(
    SuggestionInputSchema,
    async ({ value }) => {
      setFailure(null);
      try {
        await apiFetch(`/businesses/${encodeURIComponent(businessId)}/suggestions`, { method: "POST", json: { ...value, [SIGN_UP_CHALLENGE_FIELD]: await proofOfWork.take() } });
        setSent(true);
      } catch (error) {
        if (error instanceof ApiError && (error.fields.value || error.fields.kind)) return { value: error.fields.value, kind: error.fields.kind };
        setFailure(error instanceof ApiError ? error.message : "Something went wrong. Please try again.");
      }
    },
    { id: `suggest-${businessId}` },
  );

  if (sent) {
    return (
      <div className="mt-3 grid gap-3">
        <p role="status" className={ui.success}>
          {listingMessages.sent}
        </p>
        <div>
          <button type="button" className={ui.secondary} onClick={() => setSent(false)}>
            Suggest another edit
          </button>
        </div>
      </div>
    );
  }

  const valueLabel = SUGGESTION_VALUE_LABELS[kind];
  return (
    <>
      <form method="post" {...getFormProps(form)} className="mt-3 grid gap-4">
        <p className="text-stone-700">Tell {businessName} and the association what is wrong on this page. No account needed.</p>
        <Field label="What is wrong?" legend errorId={fields.kind.errorId} errors={fields.kind.errors}>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {SUGGESTION_KINDS.map((k) => (
              <label key={k} className="flex items-center gap-2 text-stone-800">
                <input type="radio" name={fields.kind.name} value={k} checked={kind === k} onChange={() => setKind(k)} className="size-4 accent-brand-700" />
                {SUGGESTION_KIND_LABELS[k]}
              </label>
            ))}
          </div>
        </Field>
        <div className="min-w-0">
          <label htmlFor={fields.value.id} className={ui.label}>
            {valueLabel}
          </label>
          {LONG.includes(kind) ? (
            <textarea {...textareaProps(fields.value)} rows={3} className={ui.input} />
          ) : (
            <input {...inputProps(fields.value, INPUT_TYPE[kind] ?? "text")} autoComplete="off" className={ui.input} />
          )}
          <ErrorList id={fields.value.errorId} errors={fields.value.errors} />
        </div>
        {failure && (
          <p role="alert" className={ui.error}>
            {failure}
          </p>
        )}
        <div>
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? "Sending..." : "Send suggestion"}
          </button>
        </div>
      </form>
      {proofOfWork.widget}
    </>
  );
}
