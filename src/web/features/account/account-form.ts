// The account forms (login, sign-up, forgotten and new password, change password, display name) with Conform: each is
// checked against its schema in the browser, then sent by the form itself to the auth server or the account API. A
// refusal, the schema's or the server's, is told the same way: beside the field at fault, which takes the focus and
// keeps what was typed, or above the button when it is about the whole form.
import { parse, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { z } from "zod";
import { ACCOUNT_TYPES, PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import { messages } from "#shared/messages.ts";

/** A refusal by the server: a message by field, "" for the whole form. */
export type Refusal = Record<string, string | undefined>;

const mismatch = { path: ["confirmPassword"], message: messages.auth.passwordsDoNotMatch, when: () => true };

export const LoginFormSchema = z.object({ email: z.string(), password: z.string() });
export const EmailFormSchema = z.object({ email: z.string() });
export const SignupFormSchema = z
  .object({ email: z.string(), password: z.string(), confirmPassword: z.string(), accountType: z.enum(ACCOUNT_TYPES) })
  .refine((form) => form.password === form.confirmPassword, mismatch);
export const NewPasswordFormSchema = z.object({ password: z.string(), confirmPassword: z.string() }).refine((form) => form.password === form.confirmPassword, mismatch);
/** The new password is said too short before a mismatch with its confirmation is. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, messages.account.currentPasswordRequired),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, messages.auth.weakPassword),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword.length < PASSWORD_MIN_LENGTH || form.newPassword === form.confirmPassword, mismatch);
export const DisplayNameFormSchema = z.object({ displayName: z.string().default("").refine((name) => name.trim() !== "", messages.account.displayNameEmpty) });

/** Messages by field as Conform holds them: "" for the whole form. */
export function asConformErrors(fields: Refusal): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).flatMap(([name, text]) => (text === undefined ? [] : [[name === "_" ? "" : name, [text]]])));
}

/**
 * A refusal as `form` can show it: a message about a field the form does not have (what the page adds when sending,
 * as the proof of work) is about the whole form, unless the form has a message of its own already.
 */
export function toldIn(form: HTMLFormElement, refusal: Refusal): Refusal {
  const told: Refusal = { "": refusal[""] ?? refusal._ };
  for (const [name, text] of Object.entries(refusal)) {
    if (text === undefined || name === "" || name === "_") continue;
    if (form.elements.namedItem(name) !== null) told[name] = text;
    else told[""] ??= text;
  }
  return told;
}

/** A submitted form checked against its schema, as Conform reads it. */
export function checkForm<Schema extends z.ZodType>(formData: FormData, schema: Schema): Submission<z.output<Schema>> {
  return parse(formData, {
    resolve: (payload) => {
      const result = schema.safeParse(payload);
      return result.success ? { value: result.data } : { error: asConformErrors(fieldErrors(result.error.issues)) };
    },
  });
}

/**
 * An account form: Conform's form and fields, and whether it is sending. `send` gets the checked values and the form
 * element, and answers the server's refusal, or nothing when the sending went through (or was otherwise told).
 */
export function useAccountForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(schema: Schema, send: (value: z.output<Schema>, form: HTMLFormElement) => Promise<Refusal | void>) {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]>>();
  const [busy, setBusy] = useState(false);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, schema),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const element = event.currentTarget;
      setBusy(true);
      void send(submission.value, element)
        .then((refusal) => {
          if (refusal) setLastResult(submission.reply({ fieldErrors: asConformErrors(toldIn(element, refusal)) }));
        })
        .finally(() => setBusy(false));
    },
  });
  return { form, fields, busy };
}
