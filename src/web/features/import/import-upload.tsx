// The two ways to start an import: a CSV file uploaded, or the address of one; with how its text is read.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useId } from "react";
import { z } from "zod";
import { ImportOptionsSchema, ImportUrlInputSchema, type ImportPreview } from "#shared/schemas/data-import.ts";
import { PickerSelect } from "#web/components/ui/select.tsx";
import { ErrorList, InputField } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useCheckedForm } from "#web/lib/checked-form.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { importErrorText } from "./import-format.ts";
import { importFromUrl, uploadImport } from "./import-api.ts";

function fileProps(field: FieldMetadata<unknown, Record<string, unknown>, string[]>) {
  const { key: _key, ...props } = getInputProps(field, { type: "file" });
  return props;
}

/** How a file's cells are parted, and its text encoded: the choices offered on upload and in the preview (named in the catalog). */
export const DELIMITERS = ["auto", "comma", "semicolon", "tab"] as const;
export const ENCODINGS = ["auto", "utf-8", "windows-1252", "macintosh"] as const;

/** The separators' and encodings' choices, named in the page's language; `withDetect` offers "Detect" first. */
export function useReadingChoices(withDetect: boolean) {
  const { t } = useManageText();
  const named = (kind: "delimiters" | "encodings", keys: readonly string[]) => keys.filter((key) => withDetect || key !== "auto").map((key) => [key, t(`importer.${kind}.${key}`)] as const);
  return { delimiters: named("delimiters", DELIMITERS), encodings: named("encodings", ENCODINGS), t };
}

const CHOOSE_A_FILE = "Choose a CSV file to import.";
/** The file picked (an empty picker is no file), and how to read it. */
const UploadFormSchema = ImportOptionsSchema.pick({ delimiter: true, encoding: true, createMissing: true }).extend({
  file: z.instanceof(File, { error: CHOOSE_A_FILE }).refine((file) => file.size > 0, { error: CHOOSE_A_FILE }),
});

export function UploadForm({ onUploaded }: { onUploaded: (preview: ImportPreview) => void }) {
  const ids = useId();
  const { delimiters, encodings, t } = useReadingChoices(true);
  const { form, fields, busy } = useCheckedForm(UploadFormSchema, async ({ value }) => {
    try {
      onUploaded(await uploadImport(value.file, { delimiter: value.delimiter, encoding: value.encoding, createMissing: value.createMissing }));
    } catch (error) {
      const refused = error instanceof ApiError ? error.fields : {};
      return { file: refused.file ?? refused.mapping ?? importErrorText(error) };
    }
  });

  return (
    <form id={form.id} className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={form.onSubmit} aria-busy={busy} noValidate>
      <div className="sm:col-span-2">
        <label htmlFor={fields.file.id} className={ui.label}>
          {t("importer.file")}
        </label>
        <input {...fileProps(fields.file)} accept=".csv,.txt,.tsv,.ics,text/csv,text/plain,text/calendar" className={ui.input} />
        <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
      </div>
      <Choice id={`${ids}-delimiter`} name="delimiter" label={t("importer.separator")} options={delimiters} />
      <Choice id={`${ids}-encoding`} name="encoding" label={t("importer.encoding")} options={encodings} />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="createMissing" className="size-4" />
        {t("importer.createMissing")}
      </label>
      <div className="sm:col-span-2">
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? t("importer.readingFile") : t("importer.preview")}
        </button>
      </div>
    </form>
  );
}

export function UrlForm({ onUploaded }: { onUploaded: (preview: ImportPreview) => void }) {
  const { t } = useManageText();
  const { form, fields, busy } = useCheckedForm(ImportUrlInputSchema, async ({ value }) => {
    try {
      onUploaded(await importFromUrl(value.url));
    } catch (error) {
      return { url: importErrorText(error) };
    }
  });
  return (
    <form id={form.id} className="mt-6 flex flex-wrap items-start gap-3 border-t border-stone-200 pt-4" onSubmit={form.onSubmit} aria-busy={busy} noValidate>
      <div className="min-w-0 flex-1 basis-64">
        <InputField field={fields.url} label={t("importer.url")} type="url" placeholder="https://" />
      </div>
      <button type="submit" className={`${ui.secondary} sm:mt-6`} disabled={busy}>
        {busy ? t("importer.readingCalendar") : t("importer.previewCalendar")}
      </button>
    </form>
  );
}

/** A choice from a short list, as a React Aria select. */
export function Choice({ id, name, label, options, value, onChange, disabled }: { id: string; name: string; label: string; options: ReadonlyArray<readonly [string, string]>; value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  // A choice of "" ("Leave out") is the picker's "none", which it shows as chosen rather than its placeholder.
  const none = options[0]?.[0] === "" ? options[0][1] : undefined;
  return (
    <PickerSelect
      id={id}
      name={name}
      label={label}
      options={(none === undefined ? options : options.slice(1)).map(([key, text]) => ({ value: key, label: text }))}
      empty={none}
      value={value}
      defaultValue={value === undefined ? options[0]![0] : undefined}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
