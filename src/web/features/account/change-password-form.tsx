// Changing the password while signed in, through the auth server's /change-password: this device stays signed in,
// every other session ends. The auth server checks the current password, the minimum length and common passwords.
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import { InputField } from "#web/components/ui/field.tsx";
import { ChangePasswordFormSchema, useAccountForm } from "./account-form.ts";
import { postAuth } from "./auth-api.ts";
import type { Fetcher } from "#web/lib/api-client.ts";
import { FormEnd, StatusMessage } from "./status-message.tsx";

/**
 * Whether the signed-in user has a password (an email-and-password sign-in) rather than only a sign-in provider;
 * null when that cannot be read, and then the form is shown and the auth server's answer speaks.
 */
export async function fetchHasPassword(fetcher: Fetcher = fetch): Promise<boolean | null> {
  try {
    const response = await fetcher("/api/auth/list-accounts", { credentials: "same-origin" });
    if (!response.ok) return null;
    const accounts = (await response.json()) as { providerId?: string }[];
    return Array.isArray(accounts) ? accounts.some((a) => a.providerId === "credential") : null;
  } catch {
    return null;
  }
}

export function ChangePasswordForm({ headingId }: { headingId: string }) {
  const { t } = useTranslation("account");
  const [saved, setSaved] = useState(false);
  const { form, fields, busy } = useAccountForm(ChangePasswordFormSchema, async ({ currentPassword, newPassword }, element) => {
    setSaved(false);
    const result = await postAuth("/change-password", { currentPassword, newPassword, revokeOtherSessions: true });
    if (result.ok) {
      setSaved(true);
      element.reset();
      return;
    }
    if (result.code === "INVALID_PASSWORD") return { currentPassword: messages.account.currentPasswordWrong };
    if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_WEAK") return { newPassword: messages.auth.weakPassword };
    // An account that signs in only through a provider has no password (the page hides the form when it can tell).
    if (result.code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return { "": messages.account.noPasswordToChange };
    // The rate limit's own text says how long to wait, which "try again" alone would not.
    return { "": result.status === 429 && result.message ? result.message : messages.account.passwordChangeFailed };
  });
  const password = { type: "password", required: true, onInput: () => setSaved(false) } as const;

  return (
    <form method="post" {...getFormProps(form)} aria-labelledby={headingId} className="grid max-w-md gap-4">
      <InputField field={fields.currentPassword} label={t("changePassword.current")} autoComplete="current-password" {...password} />
      <InputField
        field={fields.newPassword}
        label={t("newPassword")}
        autoComplete="new-password"
        hint={{ id: `${fields.newPassword.id}-hint`, text: t("passwordHint", { min: PASSWORD_MIN_LENGTH }) }}
        {...password}
      />
      <InputField field={fields.confirmPassword} label={t("confirmNewPassword")} autoComplete="new-password" {...password} />
      <FormEnd errorId={form.errorId} error={form.errors?.[0]} busy={busy} label={t("changePassword.submit")} busyLabel={t("changePassword.busy")}>
        <StatusMessage kind="success">{saved ? messages.account.passwordChangeSaved : null}</StatusMessage>
      </FormEnd>
    </form>
  );
}
