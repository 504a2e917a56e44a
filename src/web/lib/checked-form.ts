// A form with Conform, checked in the browser against the zod schema the server applies, then sent by the caller. A
// refusal, the schema's or the server's, is told the same way: beside the field at fault, which takes the focus and
// keeps what was typed; a refusal about no field in particular is the caller's to tell.
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";

/** A refusal by the server: a message by field; "" (or "_") for the whole form. */
export type Refusal = Record<string, string | undefined>;

/** What a checked form hands to the sending: the values as the schema made them, and the fields as typed. */
export interface Checked<Output> {
  value: Output;
  payload: Record<string, unknown>;
}

function asFieldErrors(refusal: Refusal): Record<string, string[]> {
  return Object.fromEntries(Object.entries(refusal).flatMap(([name, text]) => (text === undefined ? [] : [[name === "_" ? "" : name, [text]]])));
}

/**
 * `send` gets the checked form and its element, and answers the server's refusal, or nothing when the sending went
 * through (or was otherwise told). `reset` (nothing by default) empties the fields after a sending that went through.
 */
export function useCheckedForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  send: (checked: Checked<z.output<Schema>>, form: HTMLFormElement) => Promise<Refusal | void>,
  options: { id?: string; defaultValue?: Record<string, unknown>; reset?: boolean } = {},
) {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]>>();
  const [busy, setBusy] = useState(false);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    defaultValue: options.defaultValue as never,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const element = event.currentTarget;
      setBusy(true);
      void send({ value: submission.value, payload: submission.payload }, element)
        .then((refusal) => {
          setLastResult(submission.reply(refusal ? { fieldErrors: asFieldErrors(refusal) } : { resetForm: options.reset ?? false }));
          // Fields drawn without Conform's key are emptied by the form itself.
          if (!refusal && options.reset) element.reset();
        })
        .finally(() => setBusy(false));
    },
  });
  return { form, fields, busy };
}
