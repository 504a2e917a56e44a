import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { InputField } from "#web/components/ui/field.tsx";
import { paths } from "#web/lib/paths.ts";
import { LoginFormSchema, useAccountForm } from "./account-form.ts";
import { goHomeForRole, loginErrorText, postAuth } from "./auth-api.ts";
import { StatusMessage, primaryButtonClass } from "./status-message.tsx";

/** `siteAddress`: where the site is set up, named when the server refuses the page's origin. */
export function LoginForm({ siteAddress }: { siteAddress: string }) {
  const { t } = useTranslation("account");
  const [notice, setNotice] = useState<string | null>(null);
  const { form, fields, busy } = useAccountForm(LoginFormSchema, async ({ email, password }) => {
    const result = await postAuth("/sign-in/email", { email, password, rememberMe: true });
    if (!result.ok) return { "": loginErrorText(result, siteAddress) };
    await goHomeForRole(setNotice);
  });

  // The browser's own checks (a required field, an email address) stay on: noValidate is left off.
  return (
    <form method="post" {...getFormProps(form)} noValidate={false} className="grid gap-4">
      <InputField field={fields.email} label={t("email")} type="email" required autoComplete="email" />
      <InputField field={fields.password} label={t("password")} type="password" required autoComplete="current-password" />
      <StatusMessage kind="error" id={form.errorId}>{form.errors?.[0]}</StatusMessage>
      <StatusMessage kind="info">{notice}</StatusMessage>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? t("loginForm.busy") : t("loginForm.submit")}
        </button>
        <Link to={paths.forgotPassword} className="text-sm text-brand-700 underline">
          {t("loginForm.forgot")}
        </Link>
      </div>
    </form>
  );
}
