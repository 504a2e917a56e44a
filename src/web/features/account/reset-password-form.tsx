// Choosing a new password from the link of a password-reset email, whose token the page was given.
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { messages } from "#shared/messages.ts";
import { InputField } from "#web/components/ui/field.tsx";
import { paths } from "#web/lib/paths.ts";
import { NewPasswordFormSchema, useAccountForm } from "./account-form.ts";
import { postAuth } from "./auth-api.ts";
import { FormEnd, StatusMessage } from "./status-message.tsx";

export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation("account");
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState(!token);
  const { form, fields, busy } = useAccountForm(NewPasswordFormSchema, async ({ password }) => {
    const result = await postAuth("/reset-password", { token, newPassword: password });
    if (result.ok) setDone(true);
    else if (result.code === "INVALID_TOKEN") setInvalid(true);
    else if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_WEAK") return { password: messages.auth.weakPassword };
    else return { "": messages.auth.resetFailed };
  });

  if (done) {
    return (
      <>
        <StatusMessage kind="success">{messages.auth.passwordChanged}</StatusMessage>
        <Link to={paths.login} className="text-brand-700 underline">
          {t("resetPassword.goToLogin")}
        </Link>
      </>
    );
  }
  if (invalid) {
    return (
      <>
        <StatusMessage kind="error">{messages.auth.resetLinkInvalid}</StatusMessage>
        <Link to={paths.forgotPassword} className="text-brand-700 underline">
          {t("resetPassword.askNew")}
        </Link>
      </>
    );
  }
  // The browser's own check (a required field) stays on: noValidate is left off.
  return (
    <form method="post" {...getFormProps(form)} noValidate={false} className="grid gap-4">
      <InputField field={fields.password} label={t("newPassword")} type="password" required autoComplete="new-password" placeholder={t("passwordPlaceholder")} />
      <InputField field={fields.confirmPassword} label={t("confirmNewPassword")} type="password" required autoComplete="new-password" />
      <FormEnd errorId={form.errorId} error={form.errors?.[0]} busy={busy} label={t("resetPassword.submit")} busyLabel={t("saving")} />
    </form>
  );
}
