// Draws a form's fields from an entity's description (src/shared/schemas): each field's widget, label and
// messages, with Conform's ids so every message is tied to its control. Adding a field to the description
// adds it to every form drawn from it. Widgets that belong to a feature (an event's repeat rule, a business's photos
// and links) are handed in by the screen that draws the form, since components never reach into features.
import { getCollectionProps, getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FieldView, OptionSource } from "#shared/schemas/entity.ts";
import { PickerComboBox } from "./combo-box.tsx";
import { ErrorList, Field } from "./field.tsx";
import { ui } from "./classes.ts";
import { useSiteTimeZone } from "#web/lib/site.ts";
import { DateTimeField } from "./date-time-field.tsx";
import { ImageField, type FormImage } from "./image-field.tsx";
import { UploadField } from "../upload/upload-field.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";
import { PickerSelect } from "./select.tsx";
import { TagPicker } from "./tag-picker.tsx";
import { HoursEditor } from "../hours/hours-editor.tsx";
import { useFieldTexts } from "./field-texts.ts";

export type Option = { value: string; label: string };
/**
 * Each source's options. A source in `searched` is searched on the server as the picker is typed into (the API path of
 * a paged list taking `q`): its options are then only the ones the form's items have chosen, so that those are named.
 */
export type Sources = Partial<Record<OptionSource, Option[]>> & { searched?: Partial<Record<OptionSource, string>> };
type Meta = FieldMetadata<unknown>;

/** What a widget handed in by a feature is given to draw one field. */
export interface FieldWidgetProps {
  name: string;
  label: string;
  meta: Meta;
  initialValue: unknown;
  errorId: string;
  errors?: string[];
  /** The form's current values. */
  values: Record<string, unknown>;
  timeZone: string;
  /** What an upload made from the field says it is for. */
  metadata?: Record<string, string> | undefined;
  onBusyChange?: (busy: boolean) => void;
}

/** The widgets a form's descriptions name that belong to a feature, by widget. */
export type FieldWidgets = Partial<Record<FieldView["widget"], ComponentType<FieldWidgetProps>>>;

interface Props {
  views: Record<string, FieldView>;
  fields: Record<string, Meta>;
  sources: Sources;
  /** The form's current values, for fields shown only beside a given value of another. */
  values: Record<string, unknown>;
  /** The stored image of the item edited, by field: its path and address. */
  images?: Record<string, FormImage>;
  /** The id of the item edited. */
  itemId?: string;
  /** Extra controls drawn right after a field (e.g. the geocoder after the address). */
  after?: Partial<Record<string, ReactNode>>;
  /** Fields not drawn here (the caller draws them itself). */
  skip?: string[];
  /** Choices made besides the saved ones (e.g. a tag just created). */
  checked?: string[];
  /** The callback a field's upload control tells when it starts and stops sending a file; one lasting function a field. */
  uploadReporter?: (field: string) => (busy: boolean) => void;
  /** What the upload of an image says it is for, from the form's values (an owner's business). */
  uploadFor?: ((values: Record<string, unknown>) => Record<string, string>) | undefined;
  /** A value picked in a control that sends no change event of its own (a combobox). */
  onValue?: (name: string, value: string) => void;
  /** The widgets of the features whose fields the form draws. */
  widgets?: FieldWidgets;
}

const INPUT_TYPES: Partial<Record<FieldView["widget"], "text" | "number" | "url" | "tel" | "email" | "color" | "date">> = {
  text: "text",
  number: "number",
  url: "url",
  tel: "tel",
  email: "email",
  color: "color",
  date: "date",
};

function optionsOf(view: FieldView, sources: Sources, current: unknown): Option[] {
  const options = [...(view.options ?? []), ...((view.source && sources[view.source]) ?? [])];
  if (typeof current === "string" && current && view.missing && !options.some((o) => o.value === current)) {
    options.push({ value: current, label: view.missing.replace("{short}", current.slice(0, 5)) });
  }
  return options;
}

function Control({ name, view, meta, props }: { name: string; view: FieldView; meta: Meta; props: Props }) {
  const { sources, values } = props;
  const timeZone = useSiteTimeZone();
  const described = meta.errors?.length ? meta.errorId : undefined;
  const wrap = (control: ReactNode, legend = false) => (
    <Field id={meta.id} label={view.label} errorId={meta.errorId} errors={meta.errors} legend={legend}>
      {control}
      {props.after?.[name]}
    </Field>
  );
  switch (view.widget) {
    case "textarea": {
      const { key, ...rest } = getTextareaProps(meta);
      return wrap(<textarea key={key} {...rest} rows={view.rows ?? 3} maxLength={view.maxLength} className={ui.input} />);
    }
    case "combobox":
    case "select": {
      const all = optionsOf(view, sources, meta.initialValue);
      const fixed = view.options?.length ?? 0;
      const Picker = view.widget === "combobox" ? PickerComboBox : PickerSelect;
      return (
        <div className="min-w-0">
          <Picker
            id={meta.id}
            name={meta.name}
            label={view.label}
            options={all.slice(0, fixed)}
            grouped={all.slice(fixed)}
            group={view.group}
            empty={view.empty}
            defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
            errorId={meta.errorId}
            errors={meta.errors}
            onChange={(value) => props.onValue?.(name, value)}
            searchPath={view.source && sources.searched?.[view.source]}
          />
          {props.after?.[name]}
        </div>
      );
    }
    case "radio":
      return wrap(
        <div className="mt-1 flex flex-wrap gap-4">
          {getCollectionProps(meta, { type: "radio", options: (view.options ?? []).map((o) => o.value) }).map(({ key, ...rest }, index) => (
            <label key={key} className="flex items-center gap-2">
              <input {...rest} />
              {view.options![index]!.label}
            </label>
          ))}
        </div>,
        true,
      );
    case "tags":
      return (
        <TagPicker
          id={meta.id}
          name={meta.name}
          label={view.label}
          options={optionsOf(view, sources, null)}
          defaultValue={(meta.initialValue as string[] | undefined) ?? []}
          added={props.checked}
          errorId={meta.errorId}
          errors={meta.errors}
        >
          {props.after?.[name]}
        </TagPicker>
      );
    case "richtext":
      // Its value is a hidden input, so the wrapper names the field: a refused sending focuses the editor instead.
      return (
        <div data-field={meta.name}>
          <RichTextEditor
            key={`${meta.key}-${String(values.contentFormat)}`}
            label={view.label}
            name={meta.name}
            markdown={values.contentFormat === "markdown"}
            defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
            invalid={!!described}
            describedBy={described}
          />
          <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-800 empty:hidden">
            {meta.errors?.join(" ")}
          </p>
        </div>
      );
    case "checkbox": {
      const { key, ...rest } = getInputProps(meta, { type: "checkbox" });
      return (
        <div className="min-w-0">
          <label className="flex items-center gap-2 font-semibold text-stone-800">
            <input key={key} {...rest} className="size-4" />
            {view.label}
          </label>
          <ErrorList id={meta.errorId} errors={meta.errors} />
        </div>
      );
    }
    case "checkboxes":
      // A fieldset whose legend is the field's label, a box per choice; sent as the list of those ticked.
      return wrap(
        <div className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {getCollectionProps(meta, { type: "checkbox", options: (view.options ?? []).map((o) => o.value) }).map(({ key, ...rest }, index) => (
            <label key={key} className="flex items-center gap-2 text-stone-800">
              <input {...rest} className="size-4" />
              {view.options![index]!.label}
            </label>
          ))}
        </div>,
        true,
      );
    case "image":
      return <ImageInput name={name} view={view} meta={meta} props={props} />;
    case "file":
      return <FileInput name={name} view={view} meta={meta} props={props} />;
    case "datetime":
      return (
        <div className="min-w-0">
          <DateTimeField name={meta.name} label={view.label} defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""} timeZone={timeZone} errors={meta.errors} />
          {props.after?.[name]}
        </div>
      );
    case "hours":
      // The value as given (or as sent back after a refused sending): Conform's own copy of a nested default leaves out
      // empty lists and nulls, which here mean "closed" and "not given".
      return <HoursEditor name={meta.name} label={view.label} initialValue={props.values[name] ?? meta.initialValue} errorId={meta.errorId} errors={meta.errors} />;
    case "recurrence":
    case "photos":
    case "links":
    case "attachments":
    case "shifts":
    case "questions":
    case "registration": {
      const Widget = props.widgets?.[view.widget];
      if (!Widget) throw new Error(`The form draws a "${view.widget}" field but was given no widget for it.`);
      return (
        <Widget
          name={meta.name}
          label={view.label}
          meta={meta}
          initialValue={meta.initialValue}
          errorId={meta.errorId}
          errors={meta.errors}
          values={values}
          timeZone={timeZone}
          metadata={props.uploadFor?.(values)}
          onBusyChange={props.uploadReporter?.(name)}
        />
      );
    }
    default: {
      const type = INPUT_TYPES[view.widget] ?? "text";
      const { key, ...rest } = getInputProps(meta, { type } as Parameters<typeof getInputProps>[1]);
      return wrap(
        <input
          key={key}
          {...rest}
          {...(type === "number" ? { step: "any", inputMode: "decimal" as const } : {})}
          maxLength={view.maxLength}
          placeholder={view.placeholder}
          className={type === "color" ? "mt-1 block h-10 w-16 cursor-pointer rounded-md border border-stone-400 bg-white p-1" : ui.input}
        />,
      );
    }
  }
}

/**
 * An image: the stored one or a fresh upload; the field is sent only when it changed, "" meaning removed. Its value is
 * a hidden input, so the wrapper names the field (`data-field`): a refused sending focuses its file picker instead.
 */
function ImageInput({ name, view, meta, props }: { name: string; view: FieldView; meta: Meta; props: Props }) {
  const { t } = useTranslation("ui");
  const [image, setImage] = useState<FormImage | null>(null);
  const shown = image ?? props.images?.[name] ?? { path: null, url: null };
  const title = String(props.values.name ?? props.values.title ?? "").trim();
  const text = view.uploadText;
  const owner = view.uploadItemKey;
  return (
    <div className="grid gap-2" data-field={meta.name}>
      {image && <input type="hidden" name={meta.name} value={image.path ?? ""} />}
      {text && <span className={ui.label}>{view.label}</span>}
      {text && !shown.url && <p className="text-sm text-stone-600">{text.none}</p>}
      <ImageField
        kind={view.upload!}
        label={text ? (shown.url ? text.replace : text.add) : view.label}
        image={shown}
        alt={(view.alt ?? t("image.of")).replace("{name}", title || t("image.theItem"))}
        removeText={text?.remove}
        failureMessage={view.uploadFailed}
        metadata={{ ...(owner ? (props.itemId ? { [owner]: props.itemId } : {}) : title ? { name: title } : {}), ...props.uploadFor?.(props.values) }}
        disabled={false}
        onBusyChange={props.uploadReporter?.(name)}
        onChange={setImage}
        errorId={meta.errorId}
        errors={meta.errors}
      />
      {props.after?.[name]}
    </div>
  );
}

/**
 * A file kept as it is (a library document): the stored one, named, or a fresh upload in its place. Its value is a
 * hidden input holding the stored path, so the wrapper names the field: a refused sending focuses the file picker.
 */
function FileInput({ name, view, meta, props }: { name: string; view: FieldView; meta: Meta; props: Props }) {
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : "";
  const { t } = useTranslation("ui");
  const [file, setFile] = useState<{ path: string; name: string } | null>(null);
  const currentName = typeof props.values.fileName === "string" ? props.values.fileName : "";
  return (
    <div className="grid gap-2" data-field={meta.name}>
      <input type="hidden" name={meta.name} value={file?.path ?? initial} />
      {(file || (initial && currentName)) && (
        <p className="text-sm text-stone-700">
          {file ? t("file.new") : t("file.current")}
          <span className="font-medium break-all">{file?.name ?? currentName}</span>
        </p>
      )}
      <UploadField
        kind={view.upload!}
        label={file || initial ? t("file.replace", { label: view.label }) : view.label}
        disabled={false}
        onBusyChange={props.uploadReporter?.(name)}
        onUploaded={(stored) => setFile({ path: stored.fullPath, name: stored.name ?? stored.fullPath.split("/").pop() ?? "" })}
        errorId={meta.errorId}
        invalid={!!meta.errors?.length}
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
      {props.after?.[name]}
    </div>
  );
}

/** The field as it starts out empty; its ids and name stay (Conform's metadata reads them through getters a spread would lose). */
const blank = (meta: Meta): Meta => Object.create(meta, { initialValue: { value: "" } }) as Meta;

/** A field shown only beside a value of another; hiding it forgets what it held. */
function Conditional({ shown, children }: { shown: boolean; children: (cleared: boolean) => ReactNode }) {
  const [cleared, setCleared] = useState(false);
  if (!shown && !cleared) setCleared(true);
  return shown ? children(cleared) : null;
}

export function EntityFields(props: Props) {
  const localize = useFieldTexts();
  return (
    <>
      {Object.entries(props.views).map(([name, described]) => {
        const view = localize(described);
        const meta = props.fields[name];
        if (!meta || props.skip?.includes(name)) return null;
        if (!view.when) return <Control key={name} name={name} view={view} meta={meta} props={props} />;
        return (
          <Conditional key={name} shown={props.values[view.when.field] === view.when.equals}>
            {(cleared) => <Control key={cleared ? "cleared" : "kept"} name={name} view={view} meta={cleared ? blank(meta) : meta} props={props} />}
          </Conditional>
        );
      })}
    </>
  );
}
