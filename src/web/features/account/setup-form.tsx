// The first administrator's form on /setup: sent to the page's action, which checks it on the server; its refusal comes
// back as Conform's result, told beside each field at fault (the first of which takes the focus).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { InputField } from "#web/components/ui/field.tsx";
import { FormEnd } from "./status-message.tsx";

export function SetupForm({ token, lastResult }: { token: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<{ email: string; displayName: string; password: string; confirmPassword: string }>({ lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} className="card grid gap-4">
      <input type="hidden" name="token" value={token} />
      <InputField field={fields.email} label="Email" type="email" required autoComplete="email" />
      <InputField field={fields.displayName} label="Display name" required autoComplete="name" />
      <InputField
        field={fields.password}
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        hint={{ id: `${fields.password.id}-hint`, text: `At least ${PASSWORD_MIN_LENGTH} characters.` }}
      />
      <InputField field={fields.confirmPassword} label="Confirm password" type="password" required autoComplete="new-password" />
      <FormEnd errorId={form.errorId} error={form.errors?.[0]} busy={busy} label="Create administrator" busyLabel="Creating the administrator..." />
    </Form>
  );
}
