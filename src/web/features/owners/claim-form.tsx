// The claim form of "Is this your business?", for a signed-in person: their role, a phone number, a message.
// Loaded only for them, with the claim's rules (zod).
import { useState, type FormEvent } from "react";
import { fieldErrors } from "#shared/field-errors.ts";
import { ClaimInputSchema, claimView } from "#shared/schemas/owners.ts";
import { ErrorList, Field, OutcomeMessage, ui, type Outcome } from "#web/components/ui/field.tsx";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";

export default function ClaimForm({ businessId, businessName }: { businessId: string; businessName: string }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(Object.keys(claimView.fields).map((name) => [name, String(form.get(name) ?? "")]));
    // The claim's own rules, before the round trip; the server applies them again.
    const checked = ClaimInputSchema.safeParse(values);
    setOutcome(null);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setBusy(true);
    try {
      await apiFetch(`/businesses/${encodeURIComponent(businessId)}/claims`, { method: "POST", json: values });
      setErrors({});
      setOutcome({ kind: "success", text: `Thank you. Your claim of ${businessName} waits for an administrator; you will get an email when it is decided.` });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(fields);
      // Messages of fields stand beside them; anything else (already claimed, say) above the button.
      if (Object.keys(fields).length === 0) setOutcome({ kind: "error", text: error instanceof ApiError ? error.message : "The claim could not be sent. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="mt-3 grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <p className="text-stone-700">Tell us who you are: an administrator of the association checks every claim.</p>
        {Object.entries(claimView.fields).map(([name, view]) => {
          const id = `claim-${name}`;
          const props = { id, name, maxLength: view.maxLength, className: ui.input, "aria-invalid": errors[name] ? true : undefined, "aria-describedby": errors[name] ? `${id}-error` : undefined };
          return (
            <Field key={name} id={id} label={view.label}>
              {view.widget === "textarea" ? <textarea rows={view.rows} {...props} /> : <input type={view.widget === "tel" ? "tel" : "text"} placeholder={view.placeholder} {...props} />}
              <ErrorList id={`${id}-error`} errors={errors[name] ? [errors[name]] : null} />
            </Field>
          );
        })}
        <button type="submit" className={`${ui.primary} w-fit`} disabled={busy}>
          {busy ? "Sending..." : "Claim this business"}
        </button>
      </form>
      <OutcomeMessage outcome={outcome} />
    </>
  );
}
