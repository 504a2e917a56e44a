// The two ways to start an import: a CSV file uploaded, or the address of one; with how its text is read.
import { useId, useState, type FormEvent } from "react";
import type { ImportPreview } from "#shared/schemas/data-import.ts";
import { PickerSelect } from "#web/components/ui/select.tsx";
import { ErrorList, ui } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { importErrorText } from "./import-format.ts";
import { importFromUrl, uploadImport, type ImportSettings } from "./import-api.ts";

/** How a file's cells are parted, and its text encoded: the choices offered on upload and in the preview. */
export const DELIMITERS = [
  ["auto", "Detect"],
  ["comma", "Comma ( , )"],
  ["semicolon", "Semicolon ( ; )"],
  ["tab", "Tab"],
] as const;
export const ENCODINGS = [
  ["auto", "Detect"],
  ["utf-8", "UTF-8"],
  ["windows-1252", "Windows-1252 (Western)"],
  ["macintosh", "Mac Roman (older Excel for Mac)"],
] as const;

export function UploadForm({ onUploaded }: { onUploaded: (preview: ImportPreview) => void }) {
  const ids = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) {
      setErrors({ file: "Choose a CSV file to import." });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      onUploaded(
        await uploadImport(file, {
          delimiter: data.get("delimiter") as ImportSettings["delimiter"],
          encoding: data.get("encoding") as ImportSettings["encoding"],
          createMissing: data.get("createMissing") === "on",
        }),
      );
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors({ file: fields.file ?? fields.mapping ?? importErrorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)} aria-busy={busy} noValidate>
      <div className="sm:col-span-2">
        <label htmlFor={`${ids}-file`} className={ui.label}>
          CSV or calendar (.ics) file
        </label>
        <input
          id={`${ids}-file`}
          name="file"
          type="file"
          accept=".csv,.txt,.tsv,.ics,text/csv,text/plain,text/calendar"
          className={ui.input}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${ids}-file-error` : undefined}
        />
        <ErrorList id={`${ids}-file-error`} errors={errors.file ? [errors.file] : null} />
      </div>
      <Choice id={`${ids}-delimiter`} name="delimiter" label="Separator" options={DELIMITERS} />
      <Choice id={`${ids}-encoding`} name="encoding" label="Encoding" options={ENCODINGS} />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="createMissing" className="size-4" />
        Create missing categories and tags
      </label>
      <div className="sm:col-span-2">
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? "Reading the file..." : "Preview import"}
        </button>
      </div>
    </form>
  );
}

export function UrlForm({ onUploaded }: { onUploaded: (preview: ImportPreview) => void }) {
  const ids = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = String(new FormData(event.currentTarget).get("url") ?? "").trim();
    if (!url) {
      setError("Enter the calendar's address.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onUploaded(await importFromUrl(url));
    } catch (e) {
      setError(importErrorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="mt-6 flex flex-wrap items-start gap-3 border-t border-stone-200 pt-4" onSubmit={(event) => void submit(event)} aria-busy={busy} noValidate>
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor={`${ids}-url`} className={ui.label}>
          Or a calendar&apos;s address (events)
        </label>
        <input
          id={`${ids}-url`}
          name="url"
          type="url"
          placeholder="https://"
          className={ui.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-url-error` : undefined}
        />
        <ErrorList id={`${ids}-url-error`} errors={error ? [error] : null} />
      </div>
      <button type="submit" className={`${ui.secondary} sm:mt-6`} disabled={busy}>
        {busy ? "Reading the calendar..." : "Preview calendar"}
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
