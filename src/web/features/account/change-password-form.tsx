// Changing the password while signed in, through the auth server's /change-password: this device stays signed in,
// every other session ends. The auth server checks the current password, the minimum length and common passwords.
import { useId, useRef, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import { postAuth } from "./auth-api.ts";
import { StatusMessage, inputClass, labelClass, primaryButtonClass } from "./status-message.tsx";

/**
 * Whether the signed-in user has a password (an email-and-password sign-in) rather than only a sign-in provider;
 * null when that cannot be read, and then the form is shown and the auth server's answer speaks.
 */
export async function fetchHasPassword(): Promise<boolean | null> {
  try {
    const response = await fetch("/api/auth/list-accounts", { credentials: "same-origin" });
    if (!response.ok) return null;
    const accounts = (await response.json()) as { providerId?: string }[];
    return Array.isArray(accounts) ? accounts.some((a) => a.providerId === "credential") : null;
  } catch {
    return null;
  }
}

type Field = "current" | "next" | "confirm";
type Errors = Partial<Record<Field | "form", string>>;

export function ChangePasswordForm({ headingId }: { headingId: string }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);

  function fail(found: Errors) {
    setErrors(found);
    // Focus moves to the first field in error, which reads out its message (aria-describedby).
    const first = (["current", "next", "confirm"] as const).find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    const confirm = String(form.get("confirmPassword") ?? "");
    setSaved(false);
    const found: Errors = {};
    if (!currentPassword) found.current = messages.account.currentPasswordRequired;
    if (newPassword.length < PASSWORD_MIN_LENGTH) found.next = messages.auth.weakPassword;
    else if (newPassword !== confirm) found.confirm = messages.auth.passwordsDoNotMatch;
    if (Object.keys(found).length > 0) {
      fail(found);
      return;
    }
    setBusy(true);
    const result = await postAuth("/change-password", { currentPassword, newPassword, revokeOtherSessions: true });
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setSaved(true);
      formRef.current?.reset();
    } else if (result.code === "INVALID_PASSWORD") fail({ current: messages.account.currentPasswordWrong });
    else if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_WEAK") fail({ next: messages.auth.weakPassword });
    // An account that signs in only through a provider has no password (the page hides the form when it can tell).
    else if (result.code === "CREDENTIAL_ACCOUNT_NOT_FOUND") fail({ form: messages.account.noPasswordToChange });
    // The rate limit's own text says how long to wait, which "try again" alone would not.
    else fail({ form: result.status === 429 && result.message ? result.message : messages.account.passwordChangeFailed });
  }

  function field(name: Field, label: string, inputName: string, autoComplete: string, hint?: string) {
    const error = errors[name];
    const hintId = `${id}-${name}-hint`;
    const errorId = `${id}-${name}-error`;
    const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className={labelClass}>
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          name={inputName}
          type="password"
          required
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${error ? "border-red-600" : ""}`}
          onInput={() => setSaved(false)}
        />
        {hint ? (
          <p id={hintId} className="mt-1 text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form ref={formRef} method="post" aria-labelledby={headingId} onSubmit={(e) => void submit(e)} noValidate className="grid max-w-md gap-4">
      {field("current", "Current password", "currentPassword", "current-password")}
      {field("next", "New password", "newPassword", "new-password", `At least ${PASSWORD_MIN_LENGTH} characters.`)}
      {field("confirm", "Confirm new password", "confirmPassword", "new-password")}
      <StatusMessage kind="error">{errors.form}</StatusMessage>
      <StatusMessage kind="success">{saved ? messages.account.passwordChangeSaved : null}</StatusMessage>
      <div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Changing password..." : "Change password"}
        </button>
      </div>
    </form>
  );
}
