// The first administrator's form on /setup: sent to the page's action, which checks it on the server; its refusal comes
// back as Conform's result, told beside each field at fault (the first of which takes the focus).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { InputField } from "#web/components/ui/field.tsx";
import { FormEnd } from "./status-message.tsx";

export function SetupForm({ token, lastResult }: { token: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<{ email: string; displayName: string; password: string; confirmPassword: string }>({ lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} className="card grid gap-4">
      <input type="hidden" name="token" value={token} />
      <InputField field={fields.email} label={t("email")} type="email" required autoComplete="email" />
      <InputField field={fields.displayName} label={t("displayName.label")} required autoComplete="name" />
      <InputField
        field={fields.password}
        label={t("password")}
        type="password"
        required
        autoComplete="new-password"
        hint={{ id: `${fields.password.id}-hint`, text: t("passwordHint", { min: PASSWORD_MIN_LENGTH }) }}
      />
      <InputField field={fields.confirmPassword} label={t("confirmPassword")} type="password" required autoComplete="new-password" />
      <FormEnd errorId={form.errorId} error={form.errors?.[0]} busy={busy} label={t("setup.submit")} busyLabel={t("setup.busy")} />
    </Form>
  );
}
