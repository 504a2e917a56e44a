import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ACCOUNT_TYPES } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import { InputField } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { paths } from "#web/lib/paths.ts";
import { SignupFormSchema, useAccountForm } from "./account-form.ts";
import { isEmailInUse, postAuth, returnPath, signupErrorText } from "./auth-api.ts";
import { FormEnd, StatusMessage } from "./status-message.tsx";
import { useProofOfWork } from "#web/components/ui/proof-of-work.tsx";
import { useLanguages } from "#web/lib/language.ts";
import { SIGN_UP_CHALLENGE_FIELD } from "#shared/constants.ts";

/** `siteAddress`: where the site is set up, named when the server refuses the page's origin. */
export function SignupForm({ siteAddress }: { siteAddress: string }) {
  const { t } = useTranslation("account");
  const [created, setCreated] = useState<string | null>(null);
  const proofOfWork = useProofOfWork();
  const { language } = useLanguages();
  const { form, fields, busy } = useAccountForm(SignupFormSchema, async ({ email, password, accountType }) => {
    const result = await postAuth("/sign-up/email", {
      email,
      password,
      name: "",
      accountType,
      // The account's mail (the verification first) is written in the language of the page it was made from.
      language,
      [SIGN_UP_CHALLENGE_FIELD]: await proofOfWork.take(),
      // A business owner's first stop is the onboarding, which leads them to claim their business.
      callbackURL: returnPath() ?? (accountType === "business" ? paths.member.profileSetup : paths.member.dashboard),
    });
    if (!result.ok) {
      const weak = result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_WEAK";
      if (weak) return { password: messages.auth.weakPassword };
      if (isEmailInUse(result)) return { email: messages.auth.emailInUse };
      return { "": signupErrorText(result, siteAddress) };
    }
    setCreated(messages.auth.signupSucceeded(accountType));
  });

  if (created) {
    return (
      <div className="grid gap-3">
        <StatusMessage kind="success">{created}</StatusMessage>
        {/* Sign-up signs no one in: the emailed link does, or the login page. */}
        <p>
          <Link to={paths.login} className="text-brand-700 underline">
            {t("signup.goToLogin")}
          </Link>
        </p>
      </div>
    );
  }

  // The browser's own checks (a required field, an email address) stay on: noValidate is left off.
  return (
    <>
      <form method="post" {...getFormProps(form)} noValidate={false} className="grid gap-4">
        <InputField field={fields.email} label={t("email")} type="email" required autoComplete="email" />
        <InputField field={fields.password} label={t("password")} type="password" required autoComplete="new-password" placeholder={t("passwordPlaceholder")} />
        <InputField field={fields.confirmPassword} label={t("confirmPassword")} type="password" required autoComplete="new-password" />
        <fieldset className="grid gap-2">
          <legend className={ui.label}>{t("signup.signingUpAs")}</legend>
          {ACCOUNT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-stone-800">
              <input type="radio" name={fields.accountType.name} value={type} defaultChecked={type === "visitor"} className="size-4 accent-brand-700" />
              {t(`signup.types.${type}`)}
            </label>
          ))}
        </fieldset>
        <FormEnd errorId={form.errorId} error={form.errors?.[0]} busy={busy} label={t("signup.title")} busyLabel={t("signup.busy")} />
        <p className="text-sm text-stone-700">
          {t("signup.already")}{" "}
          <Link to={paths.login} className="text-brand-700 underline">
            {t("login.title")}
          </Link>
        </p>
      </form>
      {proofOfWork.widget}
    </>
  );
}
