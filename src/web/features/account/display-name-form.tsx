import { useState } from "react";
import { messages } from "#shared/messages.ts";
import { useFormErrors } from "./form-errors.tsx";
import { StatusMessage, labelClass, primaryButtonClass } from "./status-message.tsx";

const FIELDS = ["name"] as const;

/** Changes the display name through the account API; the server checks the name too. */
export function DisplayNameForm({ initial, onSaved }: { initial: string; onSaved?: (name: string) => void }) {
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const { formRef, errors, fail, clear, inputId, inputProps, errorOf } = useFormErrors(FIELDS);
  const [saved, setSaved] = useState<string | null>(null);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    clear();
    setSaved(null);
    if (!name.trim()) {
      fail({ name: messages.account.displayNameEmpty });
      return;
    }
    setBusy(true);
    try {
      const response = await fetch("/api/v1/account", {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ displayName: name }),
        credentials: "same-origin",
      });
      const body = (await response.json().catch(() => null)) as
        | { displayName?: string; error?: { message?: string; fields?: Record<string, string> } }
        | null;
      if (!response.ok) {
        // The server's word on the name itself goes beside the field; anything else is about the request.
        const fieldError = body?.error?.fields?.displayName;
        if (fieldError) fail({ name: messages.account.displayNameFailed(fieldError) });
        else fail({ form: messages.account.displayNameFailed(body?.error?.message ?? `HTTP ${response.status}`) });
      } else {
        setName(body?.displayName ?? name.trim());
        setSaved(messages.account.displayNameSaved);
        onSaved?.(body?.displayName ?? name.trim());
      }
    } catch (failure) {
      fail({ form: messages.account.displayNameFailed(failure instanceof Error ? failure.message : String(failure)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={(e) => void save(e)} noValidate className="grid max-w-md gap-3">
      <div>
        <label htmlFor={inputId("name")} className={labelClass}>
          Display name
        </label>
        <input name="displayName" value={name} onChange={(e) => setName(e.target.value)} autoComplete="nickname" {...inputProps("name")} />
        {errorOf("name")}
      </div>
      <div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Saving..." : "Save display name"}
        </button>
      </div>
      <StatusMessage kind="error">{errors.form}</StatusMessage>
      <StatusMessage kind="success">{saved}</StatusMessage>
    </form>
  );
}
