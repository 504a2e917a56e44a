// Asking for a link to choose a new password; the answer is the same whether or not the address has an account.
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messages } from "#shared/messages.ts";
import { InputField } from "#web/components/ui/field.tsx";
import { paths } from "#web/lib/paths.ts";
import { EmailFormSchema, useAccountForm } from "./account-form.ts";
import { postAuth } from "./auth-api.ts";
import { FormEnd, StatusMessage } from "./status-message.tsx";

export function ForgotPasswordForm() {
  const { t } = useTranslation("account");
  const [sent, setSent] = useState(false);
  const { form, fields, busy } = useAccountForm(EmailFormSchema, async ({ email }) => {
    const result = await postAuth("/request-password-reset", { email, redirectTo: paths.resetPassword });
    if (!result.ok) return { "": result.status === 429 && result.message ? result.message : messages.auth.resetRequestFailed };
    setSent(true);
  });

  if (sent) return <StatusMessage kind="success">{messages.auth.resetLinkSent}</StatusMessage>;
  // The browser's own checks (a required field, an email address) stay on: noValidate is left off.
  return (
    <form method="post" {...getFormProps(form)} noValidate={false} className="grid gap-4">
      <p className="text-stone-700">{t("forgotPassword.intro")}</p>
      <InputField field={fields.email} label={t("email")} type="email" required autoComplete="email" />
      <FormEnd errorId={form.errorId} error={form.errors?.[0]} busy={busy} label={t("forgotPassword.submit")} busyLabel={t("forgotPassword.busy")} />
    </form>
  );
}
