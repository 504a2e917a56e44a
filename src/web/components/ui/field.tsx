// A form field's frame: its label, the control, and its messages tied to the control by id, so a screen
// reader names the fault when the control is focused.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { useErrorText } from "#web/lib/error-text.ts";
import { ui } from "./classes.ts";

/** A field's messages, in the page's language. */
export function ErrorList({ id, errors }: { id?: string; errors?: ReadonlyArray<string> | null }) {
  if (!errors?.length) return null;
  return <Errors id={id} errors={errors} />;
}

function Errors({ id, errors }: { id?: string; errors: ReadonlyArray<string> }) {
  const say = useErrorText();
  return (
    <ul id={id} className="mt-1 text-sm font-medium text-red-800">
      {errors.map((error) => (
        <li key={error}>{say(error)}</li>
      ))}
    </ul>
  );
}

/** A labelled control with its errors; `legend` makes it a fieldset, for groups such as radio buttons. */
export function Field({ id, label, errorId, errors, legend, children }: { id?: string; label: string; errorId?: string; errors?: ReadonlyArray<string> | null; legend?: boolean; children: ReactNode }) {
  if (legend) {
    return (
      <fieldset className="min-w-0">
        <legend className={ui.label}>{label}</legend>
        {children}
        <ErrorList id={errorId} errors={errors} />
      </fieldset>
    );
  }
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {children}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A field whose control is one input, from Conform's metadata: its label, the input (the other props given go on it),
 * its hint below it, which describes it after the field's messages, and the messages. `children` follow the hint.
 */
export function InputField({ field, label, type = "text", hint, className = ui.input, children, ...input }: {
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: string;
  type?: "text" | "email" | "url" | "password" | "tel" | "number" | "date";
  hint?: { id: string; text: string };
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: hint?.id });
  return (
    <Field id={field.id} label={label} errorId={field.errorId} errors={field.errors}>
      <input key={key} {...props} {...input} className={className} />
      {hint && (
        <p id={hint.id} className="mt-1 text-sm text-stone-600">
          {hint.text}
        </p>
      )}
      {children}
    </Field>
  );
}

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** Conform's props for an input drawn by hand (without the key, which React takes apart). */
export function inputProps(field: Meta, type: "text" | "email" | "url" | "tel" | "number" | "date" | "color" = "text") {
  const { key: _key, ...props } = getInputProps(field, { type });
  return props;
}

/** Conform's props for a select drawn by hand. */
export function selectProps(field: Meta) {
  const { key: _key, ...props } = getSelectProps(field);
  return props;
}

/** Conform's props for a textarea drawn by hand. */
export function textareaProps(field: Meta) {
  const { key: _key, ...props } = getTextareaProps(field);
  return props;
}

/**
 * A form that tells some faults in one sentence for the whole form (the spec's "... are required."), shown once under
 * the form with the id given (none while it is not shown): the sentence if a field has it, each field's other messages, and what describes a
 * field at fault (its own messages, else the sentence).
 */
export function formSentence(allErrors: Record<string, string[]>, sentences: readonly string[], id: string | undefined) {
  const all = Object.values(allErrors).flat();
  const others = (errors: string[] | undefined) => errors?.filter((error) => !sentences.includes(error));
  return {
    text: sentences.find((sentence) => all.includes(sentence)) ?? null,
    first: others(all)?.[0] ?? null,
    others,
    describedBy: (field: Meta) => (field.errors?.length ? (others(field.errors)?.length ? field.errorId : id) : undefined),
  };
}

/** A field whose control is a textarea, from Conform's metadata; the other props given go on the textarea. */
export function TextareaField({ field, label, className = ui.input, ...textarea }: { field: FieldMetadata<unknown, Record<string, unknown>, string[]>; label: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { key, ...props } = getTextareaProps(field);
  return (
    <Field id={field.id} label={label} errorId={field.errorId} errors={field.errors}>
      <textarea key={key} {...props} {...textarea} className={className} />
    </Field>
  );
}

export type Outcome = { kind: "error" | "success"; text: string } | null;

/** A failed action is an alert; a finished one a status, read out without moving focus. */
export function OutcomeMessage({ outcome, id }: { outcome: Outcome | undefined; id?: string }) {
  if (!outcome) return null;
  return <OutcomeText outcome={outcome} id={id} />;
}

function OutcomeText({ outcome, id }: { outcome: NonNullable<Outcome>; id?: string }) {
  const say = useErrorText();
  return (
    <p id={id} role={outcome.kind === "error" ? "alert" : "status"} className={outcome.kind === "error" ? ui.error : ui.success}>
      {say(outcome.text)}
    </p>
  );
}
