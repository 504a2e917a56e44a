// /admin/import: upload a CSV of businesses, check how its columns are read, see what each row would do, fix rows,
// then apply it (all or nothing) and undo it within 7 days. The import being looked at is in the address (?id=), so
// the page can be left while addresses are being looked up, and come back to.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import {
  BUSINESS_IMPORT_FIELDS,
  BUSINESS_IMPORT_FIELD_NAMES,
  EVENT_IMPORT_FIELDS,
  EVENT_IMPORT_FIELD_NAMES,
  formatSummary,
  type BusinessImportField,
  type ImportPreview,
  type ImportRow,
} from "#shared/schemas/data-import.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { PickerSelect } from "#web/components/ui/select.tsx";
import { ErrorList, OutcomeMessage, ui, type Outcome } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { formatDateTime, undoneMessage, undoQuestion } from "./import-format.ts";
import { PlaceOnMap } from "./place-on-map.tsx";
import {
  applyImport,
  getGeocoding,
  getImport,
  importFromUrl,
  listImports,
  undoImport,
  updateImport,
  updateImportRow,
  uploadImport,
  type ImportSettings,
  type RecentImport,
} from "./import-api.ts";

const DELIMITERS = [
  ["auto", "Detect"],
  ["comma", "Comma ( , )"],
  ["semicolon", "Semicolon ( ; )"],
  ["tab", "Tab"],
] as const;
const ENCODINGS = [
  ["auto", "Detect"],
  ["utf-8", "UTF-8"],
  ["windows-1252", "Windows-1252 (Western)"],
  ["macintosh", "Mac Roman (older Excel for Mac)"],
] as const;
const STATUS_LABELS: Record<ImportRow["status"], string> = { new: "New", update: "Update", unchanged: "Unchanged", error: "Error" };
const STATUS_STYLES: Record<ImportRow["status"], string> = {
  new: "bg-green-100 text-green-900",
  update: "bg-amber-100 text-amber-900",
  unchanged: "bg-stone-100 text-stone-700",
  error: "bg-red-100 text-red-900",
};
/** Rows drawn at once; the filter narrows a long file to what needs a look. */
const SHOWN = 100;
const POLL_MS = 1500;

/** A cell's label, for either kind of import. */
const LABELS: Record<string, string> = Object.fromEntries([...Object.entries(EVENT_IMPORT_FIELDS), ...Object.entries(BUSINESS_IMPORT_FIELDS)].map(([key, value]) => [key, value.label]));

const message = (error: unknown) => (error instanceof ApiError ? error.detail : "Something went wrong. Try again.");

export function ImportScreen() {
  const [params, setParams] = useSearchParams();
  const id = params.get("id");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const open = (next: ImportPreview | null) => {
    setPreview(next);
    setParams(next ? { id: next.id } : {}, { replace: !!id && next?.id === id, preventScrollReset: true });
  };

  // The import in the address. While its addresses are being looked up, only the counts are read every moment (for
  // the progress bar); its rows are read again once the lookups are over, or when one failed (it is then listed to fix).
  const pending = preview?.id === id ? (preview?.geocoding.pending ?? 0) : -1;
  useEffect(() => {
    if (!id || pending === 0) return;
    let stopped = false;
    const refresh = async () => {
      const progress = pending === -1 ? null : await getGeocoding(id);
      if (stopped) return;
      if (progress && progress.pending > 0 && progress.failed === preview?.geocoding.failed) setPreview((current) => current && { ...current, geocoding: progress });
      else {
        const loaded = await getImport(id);
        if (!stopped) setPreview(loaded);
      }
      setLoadError(null);
    };
    const timer = setTimeout(() => void refresh().catch((error: unknown) => !stopped && setLoadError(message(error))), pending === -1 ? 0 : POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, pending, preview]);

  return (
    <div className="grid gap-6">
      <section aria-labelledby="import-heading" className="card min-w-0">
        <h2 id="import-heading" className={ui.sectionHeading}>
          Import businesses from a spreadsheet
        </h2>
        <p className="mt-2 text-stone-700">
          Save the spreadsheet as CSV (Excel, LibreOffice or Google Sheets; up to 10 MB and 10,000 rows), or bring events from a calendar (.ics).
          Nothing is changed until you apply the import, businesses missing from the file are kept, and an applied import can be undone for 7
          days.
        </p>
        {id ? (
          <p className="mt-3">
            <Link to="?" className="text-brand-700 underline" onClick={() => setPreview(null)}>
              Start another import
            </Link>
          </p>
        ) : (
          <>
            <UploadForm onUploaded={open} />
            <UrlForm onUploaded={open} />
          </>
        )}
        {loadError && (
          <p role="alert" className={ui.error}>
            {loadError}
          </p>
        )}
      </section>
      {id && preview?.id === id && <PreviewView preview={preview} onChange={setPreview} />}
      <RecentImports current={id} version={preview} />
    </div>
  );
}

function UploadForm({ onUploaded }: { onUploaded: (preview: ImportPreview) => void }) {
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
      setErrors({ file: fields.file ?? fields.mapping ?? message(error) });
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

function UrlForm({ onUploaded }: { onUploaded: (preview: ImportPreview) => void }) {
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
      setError(message(e));
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
function Choice({ id, name, label, options, value, onChange, disabled }: { id: string; name: string; label: string; options: ReadonlyArray<readonly [string, string]>; value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
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

function PreviewView({ preview, onChange }: { preview: ImportPreview; onChange: (preview: ImportPreview) => void }) {
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [filter, setFilter] = useState<"all" | ImportRow["status"]>("all");
  const [fixing, setFixing] = useState<number | null>(null);
  const editable = preview.status === "preview";
  const events = preview.kind === "events";

  async function run(action: () => Promise<ImportPreview>, done?: (next: ImportPreview) => string) {
    setBusy(true);
    setOutcome(null);
    try {
      const next = await action();
      onChange(next);
      if (done) setOutcome({ kind: "success", text: done(next) });
    } catch (error) {
      setOutcome({ kind: "error", text: message(error) });
    } finally {
      setBusy(false);
    }
  }
  const settings = (change: ImportSettings) => void run(() => updateImport(preview.id, { delimiter: preview.delimiter, encoding: preview.encoding === "windows-1252" || preview.encoding === "macintosh" || preview.encoding === "utf-8" ? preview.encoding : "auto", createMissing: preview.createMissing, mapping: preview.mapping, ...change }));

  const mapped: string[] = events
    ? EVENT_IMPORT_FIELD_NAMES
    : BUSINESS_IMPORT_FIELD_NAMES.filter((field) => Object.values(preview.mapping).includes(field) || (field !== "id" && preview.rows.some((r) => r.cells[field] || r.errors[field])));
  const rows = preview.rows.filter((row) => filter === "all" || row.status === filter);
  const { geocoding, summary } = preview;
  const blocked = summary.errors > 0 || geocoding.pending > 0;
  // The server gives undoUntil only while undo is still possible.
  const undoable = preview.status === "applied" && preview.undoUntil !== null;

  return (
    <section aria-labelledby={`${ids}-heading`} className="card min-w-0" aria-busy={busy}>
      <h2 id={`${ids}-heading`} className={ui.sectionHeading}>
        {preview.status === "preview" ? "Preview" : preview.status === "applied" ? "Applied import" : "Undone import"}: {preview.fileName}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Uploaded {formatDateTime(preview.createdAt)}
        {preview.appliedAt && `, applied ${formatDateTime(preview.appliedAt)}`}
        {preview.undoneAt && `, undone ${formatDateTime(preview.undoneAt)}`}.
      </p>

      {editable && !events && (
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <Choice id={`${ids}-delimiter`} name="delimiter" label="Separator" options={DELIMITERS.slice(1)} value={preview.delimiter} onChange={(v) => settings({ delimiter: v as ImportSettings["delimiter"] })} disabled={busy} />
          <Choice
            id={`${ids}-encoding`}
            name="encoding"
            label="Encoding"
            options={ENCODINGS.slice(1)}
            value={preview.encoding === "windows-1252" || preview.encoding === "macintosh" ? preview.encoding : "utf-8"}
            onChange={(v) => settings({ encoding: v as ImportSettings["encoding"] })}
            disabled={busy}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" className="size-4" checked={preview.createMissing} disabled={busy} onChange={(e) => settings({ createMissing: e.target.checked })} />
            Create missing categories and tags
          </label>
        </div>
      )}

      {editable && !events && (
        <details className="mt-4" open={!Object.values(preview.mapping).includes("name")}>
          <summary className="cursor-pointer font-semibold text-brand-800">Columns ({Object.values(preview.mapping).filter(Boolean).length} of {preview.headers.length} used)</summary>
          <p className="mt-2 text-sm text-stone-700">The next file with the same column names is read the same way.</p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {preview.headers.map((header, i) => (
              <Choice
                key={`${header}-${i}`}
                id={`${ids}-map-${i}`}
                name={`map-${i}`}
                // A column the file leaves without a header is named by its place (as the server names it), unquoted.
                label={header === `Column ${i + 1}` ? header : `Column "${header}"`}
                options={[["", "Leave out"], ...BUSINESS_IMPORT_FIELD_NAMES.map((f) => [f, BUSINESS_IMPORT_FIELDS[f].label] as const)]}
                value={preview.mapping[header] ?? ""}
                onChange={(v) => settings({ mapping: { ...preview.mapping, [header]: v as BusinessImportField | "" } })}
                disabled={busy}
              />
            ))}
          </div>
        </details>
      )}

      <p role="status" className="mt-4 text-lg font-semibold text-stone-900">
        {formatSummary(summary)}
      </p>
      {(preview.missingCategories.length > 0 || preview.missingTags.length > 0) && (
        <p className="mt-1 text-sm text-stone-700">
          To be created: {[...preview.missingCategories.map((c) => `category "${c}"`), ...preview.missingTags.map((t) => `tag "${t}"`)].join(", ")}.
        </p>
      )}
      {geocoding.total > 0 && editable && (
        <div className="mt-3">
          <label htmlFor={`${ids}-geocoding`} className={ui.label}>
            {geocoding.pending > 0
              ? `Finding addresses on the map: ${geocoding.done + geocoding.failed} of ${geocoding.total}`
              : `Addresses found on the map: ${geocoding.done} of ${geocoding.total}${geocoding.failed ? `; ${geocoding.failed} not found (fix them below)` : ""}`}
          </label>
          <progress id={`${ids}-geocoding`} className="mt-1 h-3 w-full accent-brand-700" max={geocoding.total} value={geocoding.done + geocoding.failed} />
          {geocoding.pending > 0 && <p className="mt-1 text-sm text-stone-700">About one address a second. You can leave this page and come back.</p>}
        </div>
      )}

      <div className="mt-4 flex flex-wrap items-end gap-3">
        {editable && (
          <button type="button" className={ui.primary} disabled={busy || blocked} onClick={() => void run(() => applyImport(preview.id), (next) => `Import applied: ${formatSummary(next.summary)}.`)}>
            {busy ? "Working..." : "Apply import"}
          </button>
        )}
        {undoable && (
          <ConfirmDialog
            question={undoQuestion(preview.kind, preview.fileName)}
            label="Undo this import"
            disabled={busy}
            onConfirm={() => void run(() => undoImport(preview.id), (next) => undoneMessage(next.kind, next.keptOnUndo.length))}
          >
            Undo this import
          </ConfirmDialog>
        )}
        {editable && blocked && (
          <p className="text-sm text-stone-700">{geocoding.pending > 0 ? "Apply becomes available once every address has been looked up." : "Fix the rows with errors to apply."}</p>
        )}
      </div>
      <OutcomeMessage outcome={outcome} />
      {preview.keptOnUndo.length > 0 && (
        <section aria-labelledby={`${ids}-kept`} className="mt-4">
          <h3 id={`${ids}-kept`} className="font-semibold text-stone-900">
            Kept by the undo
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-stone-700">
            {preview.keptOnUndo.map((kept) => (
              <li key={kept.businessId}>
                <span className="font-medium text-stone-900">{kept.name}</span>: {kept.message}
              </li>
            ))}
          </ul>
        </section>
      )}

      {editable && (
        <>
          <div className="mt-5 flex flex-wrap items-end justify-between gap-3">
            <Choice
              id={`${ids}-filter`}
              name="filter"
              label="Show rows"
              options={[
                ["all", `All (${preview.rows.length})`],
                ["error", `Errors (${summary.errors})`],
                ["new", `New (${summary.created})`],
                ["update", `Updates (${summary.updated})`],
                ["unchanged", `Unchanged (${summary.unchanged})`],
              ]}
              value={filter}
              onChange={(v) => setFilter(v as typeof filter)}
            />
            {rows.length > SHOWN && <p className="text-sm text-stone-700">Showing the first {SHOWN} of {rows.length} rows.</p>}
          </div>
          <div className="mt-3 overflow-x-auto">
            <table className={ui.table} aria-label="Rows of the file">
              <thead>
                <tr>
                  <th scope="col" className={ui.th}>
                    Line
                  </th>
                  <th scope="col" className={ui.th}>
                    Status
                  </th>
                  {mapped.map((field) => (
                    <th key={field} scope="col" className={ui.th}>
                      {LABELS[field]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, SHOWN).map((row) => (
                  <PreviewRow
                    key={row.line}
                    row={row}
                    fields={mapped}
                    fixing={fixing === row.line}
                    onFix={() => setFixing(fixing === row.line ? null : row.line)}
                    onSave={(cells) =>
                      run(() => updateImportRow(preview.id, row.line, cells)).then(() => {
                        setFixing(null);
                      })
                    }
                    busy={busy}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function PreviewRow({ row, fields, fixing, onFix, onSave, busy }: { row: ImportRow; fields: string[]; fixing: boolean; onFix: () => void; onSave: (cells: Record<string, string>) => Promise<void>; busy: boolean }) {
  const ids = useId();
  const changes = new Map(row.changes.map((c) => [c.field, c]));
  const fixable = row.status === "error" || row.geocode === "failed" || row.geocode === "unavailable";
  // The fields a fix offers: those at fault, and the position for a row that could not be placed.
  const fixFields = [...new Set([...Object.keys(row.errors).filter((f) => f in LABELS), ...(row.errors.address || row.errors.latitude ? ["address", "latitude", "longitude"] : [])])];
  return (
    <>
      <tr>
        <td className={ui.td}>{row.line}</td>
        <td className={ui.td}>
          <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[row.status]}`}>{STATUS_LABELS[row.status]}</span>
          {row.geocode === "pending" && <span className="mt-1 block text-xs text-stone-700">Finding on the map…</span>}
          {row.errors._ && <span className="mt-1 block text-xs text-red-800">{row.errors._}</span>}
          {fixable && (
            <button type="button" className={`${ui.secondary} mt-2`} onClick={onFix} aria-expanded={fixing} aria-controls={`${ids}-fix`} aria-label={`Fix line ${row.line}`}>
              Fix
            </button>
          )}
        </td>
        {fields.map((field) => {
          const change = changes.get(field);
          const error = row.errors[field];
          return (
            <td key={field} className={`${ui.td} max-w-64 break-words ${error ? "min-w-48 bg-red-50" : change ? "bg-amber-50" : ""}`}>
              {change ? (
                <>
                  <del className="text-stone-600">{change.from ?? "(empty)"}</del> → <ins className="no-underline">{change.to ?? "(empty)"}</ins>
                </>
              ) : (
                <span className="line-clamp-3">{row.cells[field]}</span>
              )}
              {error && <span className="mt-1 block text-xs font-medium text-red-800">{error}</span>}
            </td>
          );
        })}
      </tr>
      {fixing && (
        <tr id={`${ids}-fix`}>
          <td colSpan={fields.length + 2} className={`${ui.td} bg-stone-50`}>
            {/* Kept in view while the wide table scrolls sideways (on a phone), and no wider than the screen. */}
            <div className="sticky left-0 max-w-[calc(100vw-5rem)]">
              <FixForm row={row} fields={fixFields.length > 0 ? fixFields : ["address", "latitude", "longitude"]} onSave={onSave} busy={busy} />
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

function FixForm({ row, fields, onSave, busy }: { row: ImportRow; fields: string[]; onSave: (cells: Record<string, string>) => Promise<void>; busy: boolean }) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<string | null>(null);
  const [lat, lng] = [Number(row.cells.latitude), Number(row.cells.longitude)];
  const start = row.cells.latitude && row.cells.longitude && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
  return (
    <form
      ref={form}
      className="grid gap-3 sm:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        void onSave(Object.fromEntries(fields.map((field) => [field, String(data.get(field) ?? "").trim()])));
      }}
    >
      {fields.map((field) => (
        <div key={field} className="min-w-0">
          <label htmlFor={`${ids}-${field}`} className={ui.label}>
            {LABELS[field]} (line {row.line})
          </label>
          <input
            id={`${ids}-${field}`}
            name={field}
            className={ui.input}
            defaultValue={row.cells[field] ?? ""}
            inputMode={field === "latitude" || field === "longitude" ? "decimal" : undefined}
            aria-invalid={row.errors[field] ? true : undefined}
            aria-describedby={row.errors[field] ? `${ids}-${field}-error` : undefined}
          />
          <ErrorList id={`${ids}-${field}-error`} errors={row.errors[field] ? [row.errors[field]] : null} />
        </div>
      ))}
      <div className="flex items-end gap-3 sm:col-span-3">
        <button type="submit" className={ui.primary} disabled={busy}>
          Save row
        </button>
        {fields.includes("latitude") && <p className="text-sm text-stone-700">Change the address to look it up again, or enter the latitude and longitude.</p>}
      </div>
      {fields.includes("latitude") && (
        <div className="grid gap-2 sm:col-span-3">
          <button type="button" className={`${ui.secondary} justify-self-start`} aria-expanded={placing} onClick={() => setPlacing(!placing)}>
            {placing ? "Hide the map" : "Place it on the map"}
          </button>
          {placing && (
            <PlaceOnMap
              start={start}
              label={`Map to place line ${row.line}`}
              onPlace={(place) => {
                const set = (name: string, value: number) => {
                  const input = form.current?.elements.namedItem(name);
                  if (input instanceof HTMLInputElement) input.value = String(value);
                };
                set("latitude", place.lat);
                set("longitude", place.lng);
                setPlaced(`Latitude ${place.lat} and longitude ${place.lng} are filled in. Save the row to keep them.`);
              }}
            />
          )}
          <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
            {placed}
          </p>
        </div>
      )}
    </form>
  );
}

function RecentImports({ current, version }: { current: string | null; version: unknown }) {
  const [imports, setImports] = useState<RecentImport[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    listImports()
      .then((list) => !stopped && setImports(list))
      .catch((e: unknown) => !stopped && setError(message(e)));
    return () => {
      stopped = true;
    };
  }, [current, version]);
  if (!error && (!imports || imports.length === 0)) return null;
  return (
    <section aria-labelledby="recent-imports-heading" className="card min-w-0">
      <h2 id="recent-imports-heading" className={ui.sectionHeading}>
        Recent imports
      </h2>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <ul className="mt-3 divide-y divide-stone-200">
        {imports?.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-semibold break-all">{item.fileName}</span>{" "}
              <span className="text-sm text-stone-700">
                {item.status === "preview" ? "not applied" : item.status}, {formatDateTime(item.appliedAt ?? item.createdAt)}
              </span>
            </span>
            {item.id !== current && (
              <Link to={`?id=${encodeURIComponent(item.id)}`} className="text-brand-700 underline" aria-label={`Open the import of ${item.fileName}`}>
                Open
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
