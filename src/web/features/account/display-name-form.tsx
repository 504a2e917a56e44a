import { useId, useState } from "react";
import { messages } from "../../../shared/messages.ts";
import { StatusMessage, inputClass, labelClass, primaryButtonClass } from "./status-message.tsx";

/** Changes the display name through the account API; the server checks the name too. */
export function DisplayNameForm({ initial, onSaved }: { initial: string; onSaved?: (name: string) => void }) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(null);
    if (!name.trim()) {
      setError(messages.account.displayNameEmpty);
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
        setError(messages.account.displayNameFailed(body?.error?.fields?.displayName ?? body?.error?.message ?? `HTTP ${response.status}`));
      } else {
        setName(body?.displayName ?? name.trim());
        setSaved(messages.account.displayNameSaved);
        onSaved?.(body?.displayName ?? name.trim());
      }
    } catch (failure) {
      setError(messages.account.displayNameFailed(failure instanceof Error ? failure.message : String(failure)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="grid max-w-md gap-3">
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          Display name
        </label>
        <input id={`${id}-name`} name="displayName" className={inputClass} value={name} onChange={(e) => setName(e.target.value)} autoComplete="nickname" />
      </div>
      <div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Saving..." : "Save display name"}
        </button>
      </div>
      <StatusMessage kind="error">{error}</StatusMessage>
      <StatusMessage kind="success">{saved}</StatusMessage>
    </form>
  );
}
