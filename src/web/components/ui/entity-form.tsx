// A form drawn from an entity's description and checked against its schema, in the browser before sending and by the
// route's action after: the admin's screens and the owners' pages share it.
import { getFormProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { fieldErrors, formMessage } from "#shared/field-errors.ts";
import type { FieldView } from "#shared/schemas/entity.ts";
import { EntityFields, type FieldWidgets, type Sources } from "./entity-fields.tsx";
import type { Outcome } from "./field.tsx";
import { ui } from "./classes.ts";
import type { FormImage } from "./image-field.tsx";
import { TranslationSection } from "./translation-section.tsx";

/** What a form's action answers: its message, Conform's result, and which round of the form it answers. */
export interface FormActionData {
  outcome: Outcome;
  result?: SubmissionResult<string[]>;
  /** Which form round the result answers, so a fresh form never shows an old round's errors. */
  round?: string;
  done?: boolean;
}

/** Form values as the schema reads them: blank is missing, numbers are numbers, ticked boxes a list. */
export function coerce(payload: Record<string, unknown>, views: Record<string, FieldView>) {
  const values: Record<string, unknown> = {};
  for (const [name, view] of Object.entries(views)) {
    const value = payload[name];
    if (view.widget === "tags" || view.widget === "checkboxes") values[name] = value === undefined ? [] : ([] as unknown[]).concat(value);
    // An image is sent only when it changed; sent blank, it was removed.
    else if (view.widget === "image") {
      if (name in payload) values[name] = value || null;
    } else if (typeof value === "string") values[name] = value.trim() === "" ? undefined : view.widget === "number" ? Number(value) : value;
  }
  return values;
}

/**
 * Messages by field as Conform holds them ("" for the whole form). A message keyed below a field of the form (the API's
 * `photos.1.path`, the gallery's second photo) is told on that field, whose one control draws the whole value; each
 * message once, in the order given. When the key names an item of the field's list, the message is also kept under
 * the item's own name (`photos[1]`), which no control shows: a refused sending focuses that item's row.
 */
export function asLists(fields: Record<string, string>, views: Record<string, FieldView>): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  const add = (name: string, text: string) => {
    const list = (lists[name] ??= []);
    if (!list.includes(text)) list.push(text);
  };
  for (const [key, text] of Object.entries(fields)) {
    const [head = "", item] = key.split(".");
    const name = key === "_" ? "" : Object.hasOwn(views, head) ? head : key;
    add(name, text);
    if (name === head && item !== undefined && /^\d+$/.test(item)) add(`${head}[${item}]`, text);
  }
  return lists;
}

/** Reads a submitted entity form: its checked values, or what to answer (messages beside the fields) when it is not valid. */
export function parseEntityForm(form: FormData, schema: z.ZodType, views: Record<string, FieldView>, required: string) {
  const submission = parse(form, {
    resolve: (payload) => {
      const result = schema.safeParse(coerce(payload, views));
      return result.success ? { value: result.data as Record<string, unknown> } : { error: asLists(fieldErrors(result.error.issues), views) };
    },
  });
  if (submission.status !== "success") {
    const first = Object.fromEntries(Object.entries(submission.error ?? {}).map(([key, list]) => [key, list?.[0] ?? ""]));
    return { ok: false as const, outcome: { kind: "error" as const, text: formMessage(first, required) }, result: submission.reply() };
  }
  return { ok: true as const, value: submission.value, submission };
}

/** A control Conform reads a field from (and focuses when the field is at fault). */
const isFieldControl = (element: Element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
  element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !["submit", "button", "reset", "image"].includes(element.type));

/** What a person types or picks in: form controls and an editable area (the rich-text editor's). */
const USABLE = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), [contenteditable="true"]';

/**
 * The first control of a group the Tab key reaches: of a set of radio buttons, the one chosen. A group with none (a
 * gallery without photos shows only its "Add a photo" button) gives its first button.
 */
function firstControl(group: HTMLElement): HTMLElement | null {
  const controls = Array.from(group.querySelectorAll<HTMLElement>(USABLE));
  const radios = controls.filter((control): control is HTMLInputElement => control instanceof HTMLInputElement && control.type === "radio");
  const passed = (control: HTMLElement) => control instanceof HTMLInputElement && control.type === "radio" && !control.checked && radios.some((other) => other.name === control.name && other.checked);
  return controls.find((control) => !passed(control)) ?? group.querySelector<HTMLElement>("button:not(:disabled)");
}

/**
 * After a refused sending Conform focuses the first control, in the form's order, named after a field at fault. A field
 * drawn as a group whose value is a hidden input (an image, rich text, opening hours, a gallery, social links) names
 * itself on its wrapper (`data-field`); when it is the first at fault, its first control a person can use takes the
 * focus instead. A group that marks its items' rows (`data-item`, a gallery's photos) gives the focus to the first row
 * with messages of its own (`photos[1]`), else to the group's first control.
 */
function focusGroupAtFault(form: HTMLFormElement, errors: Record<string, ReadonlyArray<string> | null | undefined>) {
  for (const element of Array.from(form.elements)) {
    const group = element.closest<HTMLElement>("[data-field]");
    const name = group?.dataset.field ?? (isFieldControl(element) ? element.name : "");
    if (!name || !errors[name]?.length) continue;
    if (group) {
      const row = Array.from(group.querySelectorAll<HTMLElement>("[data-item]")).find((item) => errors[`${name}[${item.dataset.item}]`]?.length);
      ((row && firstControl(row)) ?? firstControl(group))?.focus();
    }
    return;
  }
}

/**
 * Whether any of a form's upload controls is sending a file, with the reporter each field's control tells when it starts
 * and stops: busy is held by field, so one upload ending leaves the form busy while another goes on, and a control
 * taken away mid-upload says it is done. A field's reporter is the same function on every drawing, so its control does
 * not report again each time the form is drawn.
 */
function useUploadsBusy(): [boolean, (field: string) => (busy: boolean) => void] {
  const [busyFields, setBusyFields] = useState<ReadonlySet<string>>(() => new Set());
  const reporters = useRef(new Map<string, (busy: boolean) => void>());
  const reporterFor = useCallback((field: string) => {
    let report = reporters.current.get(field);
    if (!report) {
      report = (busy: boolean) =>
        setBusyFields((fields) => {
          if (fields.has(field) === busy) return fields;
          const next = new Set(fields);
          if (busy) next.add(field);
          else next.delete(field);
          return next;
        });
      reporters.current.set(field, report);
    }
    return report;
  }, []);
  return [busyFields.size > 0, reporterFor];
}

export interface EntityFormProps {
  /** The form's id; its fetcher is shared under this key so the page hears how it went. */
  id: string;
  views: Record<string, FieldView>;
  defaultValue: Record<string, unknown>;
  sources: Sources;
  round: string;
  images?: Record<string, FormImage>;
  itemId?: string;
  /** Sent with the form (intent, ids). */
  hidden: Record<string, string>;
  submitLabel: string;
  busyLabel?: string;
  /** Fields not drawn. */
  skip?: string[];
  after?: (fieldIds: Record<string, string>) => Partial<Record<string, ReactNode>>;
  checked?: string[];
  /** Buttons after the submit button. */
  buttons?: ReactNode;
  uploadFor?: (values: Record<string, unknown>) => Record<string, string>;
  /** The widgets of the features whose fields the form draws. */
  widgets?: FieldWidgets;
}

export function EntityForm({ id, views, defaultValue, sources, round, images, itemId, hidden, submitLabel, busyLabel, skip, after, checked, buttons, uploadFor, widgets }: EntityFormProps) {
  const { t } = useTranslation("ui");
  const fetcher = useFetcher<FormActionData>({ key: id });
  const [uploading, uploadReporter] = useUploadsBusy();
  const lastResult = fetcher.data?.round === round ? fetcher.data.result : undefined;
  const [form, fields] = useForm<Record<string, string | null | undefined>>({ id, lastResult, defaultValue: defaultValue as Record<string, string>, shouldValidate: "onSubmit" });
  // The focus after a refused sending, once Conform has placed its own (useForm's effect, above, runs first); like
  // Conform, only for a result newer than the one the form started with.
  const formRef = useRef<HTMLFormElement>(null);
  const reported = useRef(lastResult);
  useLayoutEffect(() => {
    const previous = reported.current;
    reported.current = lastResult;
    if (!lastResult || lastResult === previous || lastResult.status !== "error" || !formRef.current) return;
    focusGroupAtFault(formRef.current, lastResult.error ?? {});
  }, [lastResult]);
  // What the person has typed or picked, for fields shown only beside another's value.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const busy = fetcher.state !== "idle";
  const values = { ...defaultValue, ...(lastResult?.initialValue as Record<string, unknown> | undefined), ...typed };
  const ids = Object.fromEntries(Object.keys(views).map((key) => [key, fields[key]!.id]));
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      {...getFormProps(form)}
      className="mt-3 grid gap-4"
      aria-busy={busy}
      onChange={({ target }) => {
        const { name: field, value } = target as EventTarget as HTMLInputElement;
        if (field in views) setTyped((held) => ({ ...held, [field]: value }));
      }}
    >
      {Object.entries({ ...hidden, round }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TranslationSection formId={id} views={views} values={defaultValue} markdown={values.contentFormat === "markdown"} />
      <EntityFields
        views={views}
        fields={fields as never}
        sources={sources}
        values={values}
        images={images}
        itemId={itemId}
        skip={skip}
        after={after?.(ids)}
        checked={checked}
        uploadFor={uploadFor}
        uploadReporter={uploadReporter}
        widgets={widgets}
        onValue={(field, value) => setTyped((held) => ({ ...held, [field]: value }))}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={ui.primary} disabled={busy || uploading}>
          {busy ? (busyLabel ?? t("form.saving")) : submitLabel}
        </button>
        {buttons}
      </div>
    </fetcher.Form>
  );
}
