import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messages } from "#shared/messages.ts";
import { InputField } from "#web/components/ui/field.tsx";
import { DisplayNameFormSchema, useAccountForm } from "./account-form.ts";
import { StatusMessage, primaryButtonClass } from "./status-message.tsx";

/** Changes the display name through the account API; the server checks the name too. */
export function DisplayNameForm({ initial, onSaved }: { initial: string; onSaved?: (name: string) => void }) {
  const { t } = useTranslation("account");
  const [saved, setSaved] = useState<string | null>(null);
  const { form, fields, busy } = useAccountForm(DisplayNameFormSchema, async ({ displayName }, element) => {
    setSaved(null);
    try {
      const response = await fetch("/api/v1/account", {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ displayName }),
        credentials: "same-origin",
      });
      const body = (await response.json().catch(() => null)) as
        | { displayName?: string; error?: { message?: string; fields?: Record<string, string> } }
        | null;
      if (!response.ok) {
        // The server's word on the name itself goes beside the field; anything else is about the request.
        const fieldError = body?.error?.fields?.displayName;
        if (fieldError) return { displayName: messages.account.displayNameFailed(fieldError) };
        return { "": messages.account.displayNameFailed(body?.error?.message ?? `HTTP ${response.status}`) };
      }
      // The name as the server keeps it (trimmed).
      const name = body?.displayName ?? displayName.trim();
      const input = element.elements.namedItem("displayName");
      if (input instanceof HTMLInputElement) input.value = name;
      setSaved(messages.account.displayNameSaved);
      onSaved?.(name);
    } catch (failure) {
      return { "": messages.account.displayNameFailed(failure instanceof Error ? failure.message : String(failure)) };
    }
  });

  return (
    <form {...getFormProps(form)} className="grid max-w-md gap-3">
      <InputField field={fields.displayName} label={t("displayName.label")} defaultValue={initial} autoComplete="nickname" />
      <div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? t("saving") : t("displayName.submit")}
        </button>
      </div>
      <StatusMessage kind="error" id={form.errorId}>{form.errors?.[0]}</StatusMessage>
      <StatusMessage kind="success">{saved}</StatusMessage>
    </form>
  );
}
