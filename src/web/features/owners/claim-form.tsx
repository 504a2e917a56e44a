// The claim form of "Is this your business?", for a signed-in person: their role, a phone number, a message.
// Loaded only for them, with the claim's rules (zod), applied here before the round trip and again by the server.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ClaimInputSchema, claimView } from "#shared/schemas/owners.ts";
import { InputField, OutcomeMessage, TextareaField, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { useCheckedForm } from "#web/lib/checked-form.ts";
import { useScripted } from "#web/lib/scripted.ts";

export default function ClaimForm({ businessId, businessName }: { businessId: string; businessName: string }) {
  const { t } = useTranslation("owners");
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The server draws the form, but it is sent only through its script (a form without one would send the person's
  // phone number in the address): its button waits for this part of the page to run, which loads after the page's.
  const running = useScripted();
  const { form, fields, busy } = useCheckedForm(ClaimInputSchema, async ({ payload }) => {
    try {
      await apiFetch(`/businesses/${encodeURIComponent(businessId)}/claims`, { method: "POST", json: payload });
      setOutcome({ kind: "success", text: t("claim.sent", { name: businessName }) });
    } catch (error) {
      const refused = error instanceof ApiError ? error.fields : {};
      // Messages of fields stand beside them; anything else (already claimed, say) below the form.
      if (Object.keys(refused).length === 0) setOutcome({ kind: "error", text: error instanceof ApiError ? error.message : t("claim.failed") });
      return refused;
    }
  }, { id: "claim" });

  return (
    <>
      <form
        id={form.id}
        className="mt-3 grid gap-4"
        onSubmit={(event) => {
          setOutcome(null);
          form.onSubmit(event);
        }}
        noValidate
      >
        <p className="text-stone-700">{t("claim.intro")}</p>
        {Object.entries(claimView.fields).map(([name, view]) => {
          const field = fields[name as keyof typeof fields];
          return view.widget === "textarea" ? (
            <TextareaField key={name} field={field} label={t(`claim.fields.${name}.label`, { defaultValue: view.label })} rows={view.rows} maxLength={view.maxLength} />
          ) : (
            <InputField key={name} field={field} label={t(`claim.fields.${name}.label`, { defaultValue: view.label })} type={view.widget === "tel" ? "tel" : "text"} placeholder={view.placeholder && t(`claim.fields.${name}.placeholder`, { defaultValue: view.placeholder })} maxLength={view.maxLength} />
          );
        })}
        <button type="submit" className={`${ui.primary} w-fit`} disabled={busy || !running}>
          {busy ? t("myBusiness.sending") : t("claim.submit")}
        </button>
      </form>
      <OutcomeMessage outcome={outcome} />
    </>
  );
}
