// The "Suggest an edit" form itself: what is wrong and the correct value, checked in the browser with the server's
// rules (each refusal beside its field, what was typed kept), sent with the page's proof of work. Loaded when a visitor
// opens "Suggest an edit", so the business page carries neither it nor the proof of work's script before.
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { SIGN_UP_CHALLENGE_FIELD } from "#shared/constants.ts";
import { listingMessages, SUGGESTION_KINDS, SuggestionInputSchema, type SuggestionKind } from "#shared/schemas/listings.ts";
import { Field, ErrorList, inputProps, textareaProps } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { useProofOfWork } from "#web/components/ui/proof-of-work.tsx";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { useCheckedForm } from "#web/lib/checked-form.ts";
import { usePublicText } from "#web/lib/public-text.ts";
import { useScripted } from "#web/lib/scripted.ts";
import type { TFunction } from "i18next";

const INPUT_TYPE: Partial<Record<SuggestionKind, "tel" | "url">> = { phone: "tel", website: "url" };
const LONG: SuggestionKind[] = ["hours", "closed", "other"];

// The rules' messages (the server's too) are English: each is said again from the catalog in the page's language.
const TOO_LONG = /^Use at most (\d+) characters\.$/;
function sayError(message: string, t: TFunction<"public">): string {
  const key = Object.entries(listingMessages).find(([, text]) => text === message)?.[0];
  if (key) return t(`suggest.errors.${key}`, { defaultValue: message });
  const max = TOO_LONG.exec(message)?.[1];
  return max ? t("suggest.errors.tooLong", { max }) : message;
}

export default function SuggestEditForm({ businessId, businessName }: { businessId: string; businessName: string }) {
  const { t } = usePublicText();
  const [kind, setKind] = useState<SuggestionKind>("hours");
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Drawn by the server but sent only by its script (with its proof of work): the button waits for it.
  const running = useScripted();
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
        setFailure(error instanceof ApiError ? sayError(error.message, t) : t("suggest.failed"));
      }
    },
    { id: `suggest-${businessId}` },
  );

  if (sent) {
    return (
      <div className="mt-3 grid gap-3">
        <p role="status" className={ui.success}>
          {t("suggest.errors.sent")}
        </p>
        <div>
          <button type="button" className={ui.secondary} onClick={() => setSent(false)}>
            {t("suggest.another")}
          </button>
        </div>
      </div>
    );
  }

  const valueLabel = t(`suggest.valueLabel.${kind}`);
  const errors = (list: string[] | undefined) => list?.map((message) => sayError(message, t));
  return (
    <>
      <form method="post" {...getFormProps(form)} className="mt-3 grid gap-4">
        <p className="text-stone-700">{t("suggest.intro", { name: businessName })}</p>
        <Field label={t("suggest.whatIsWrong")} legend errorId={fields.kind.errorId} errors={errors(fields.kind.errors)}>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {SUGGESTION_KINDS.map((k) => (
              <label key={k} className="flex items-center gap-2 text-stone-800">
                <input type="radio" name={fields.kind.name} value={k} checked={kind === k} onChange={() => setKind(k)} className="size-4 accent-brand-700" />
                {t(`suggest.kind.${k}`)}
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
          <ErrorList id={fields.value.errorId} errors={errors(fields.value.errors)} />
        </div>
        {failure && (
          <p role="alert" className={ui.error}>
            {failure}
          </p>
        )}
        <div>
          <button type="submit" className={ui.primary} disabled={busy || !running}>
            {busy ? t("suggest.sending") : t("suggest.send")}
          </button>
        </div>
      </form>
      {proofOfWork.widget}
    </>
  );
}
