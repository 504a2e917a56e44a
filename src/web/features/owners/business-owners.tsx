// "Owners" under a business's edit form in the admin: who may keep the listing current, adding an owner by the email
// address of an existing account and removing one after a confirmation.
import { getInputProps } from "@conform-to/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AddOwnerInputSchema, type Owner } from "#shared/schemas/owners.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ErrorList, OutcomeMessage, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { useCheckedForm } from "#web/lib/checked-form.ts";

/** The server's rule, after a first look for an email address, told in the form's own words. */
const addOwnerFormSchema = (notAnEmail: string) =>
  z.object({ email: z.string({ error: notAnEmail }).trim().includes("@", { error: notAnEmail }).pipe(AddOwnerInputSchema.shape.email) });

export function BusinessOwners({ businessId, businessName }: { businessId: string; businessName: string }) {
  const { t } = useTranslation("owners");
  const schema = useMemo(() => addOwnerFormSchema(t("businessOwners.notAnEmail")), [t]);
  const base = `/businesses/${encodeURIComponent(businessId)}/owners`;
  const [owners, setOwners] = useState<Owner[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [removing, setRemoving] = useState(false);

  // Read again after each removal.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    apiFetch<Owner[]>(base).then(
      (list) => live && setOwners(list),
      (error: unknown) => live && setOutcome({ kind: "error", text: `${t("businessOwners.loadFailed")} ${error instanceof ApiError ? error.message : ""}`.trim() }),
    );
    return () => {
      live = false;
    };
  }, [base, version, t]);

  const { form, fields, busy: adding } = useCheckedForm(
    schema,
    async ({ payload }) => {
      const wanted = String(payload.email).trim();
      try {
        setOwners(await apiFetch<Owner[]>(base, { method: "POST", json: { email: wanted } }));
        setOutcome({ kind: "success", text: t("businessOwners.added", { email: wanted, name: businessName }) });
      } catch (error) {
        // "No account has that email address." stands beside the field; anything else below the form.
        const field = error instanceof ApiError ? error.fields.email : undefined;
        if (!field) setOutcome({ kind: "error", text: error instanceof ApiError ? error.detail : t("businessOwners.failed") });
        return { email: field };
      }
    },
    { id: `owners-${businessId}-add`, reset: true },
  );

  async function remove(owner: Owner) {
    setOutcome(null);
    setRemoving(true);
    try {
      await apiFetch(`${base}/${encodeURIComponent(owner.userId)}`, { method: "DELETE" });
      setOutcome({ kind: "success", text: t("businessOwners.removed", { email: owner.email, name: businessName }) });
      setVersion((v) => v + 1);
    } catch (error) {
      setOutcome({ kind: "error", text: error instanceof ApiError ? error.detail : t("businessOwners.failed") });
    } finally {
      setRemoving(false);
    }
  }

  const busy = adding || removing;
  const { key, ...emailProps } = getInputProps(fields.email, { type: "email" });
  return (
    <section aria-labelledby={`owners-${businessId}`} className="mt-6 grid gap-3 border-t border-stone-200 pt-4">
      <h3 id={`owners-${businessId}`} className="text-lg font-semibold text-stone-900">
        {t("businessOwners.heading")}
      </h3>
      {owners?.length === 0 && <p className="text-sm text-stone-600">{t("businessOwners.nobody")}</p>}
      {owners && owners.length > 0 && (
        <ul className="divide-y divide-stone-200" aria-label={t("businessOwners.list", { name: businessName })}>
          {owners.map((owner) => (
            <li key={owner.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                {owner.email}
                {owner.displayName && owner.displayName !== owner.email && <span className="text-sm text-stone-600"> · {owner.displayName}</span>}
              </span>
              <ConfirmDialog question={t("businessOwners.removeQuestion", { email: owner.email, name: businessName })} label={t("businessOwners.removeLabel", { email: owner.email })} disabled={busy} onConfirm={() => void remove(owner)}>
                {t("businessOwners.remove")}
              </ConfirmDialog>
            </li>
          ))}
        </ul>
      )}
      <form
        id={form.id}
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          setOutcome(null);
          form.onSubmit(event);
        }}
        noValidate
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={fields.email.id} className="block text-sm text-stone-800">
            {t("businessOwners.addLabel")}
          </label>
          <input key={key} {...emailProps} className={ui.input} maxLength={254} autoComplete="off" />
        </div>
        <button type="submit" className={ui.secondary} disabled={busy}>
          {adding ? t("businessOwners.saving") : t("businessOwners.add")}
        </button>
        <div className="basis-full">
          <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
        </div>
      </form>
      <OutcomeMessage outcome={outcome} />
    </section>
  );
}
