// What an import would do, row by row: how its columns are read, the rows to look at, and applying or undoing it.
import { useId, useState } from "react";
import { BUSINESS_IMPORT_FIELD_NAMES, EVENT_IMPORT_FIELD_NAMES, type BusinessImportField, type ImportPreview, type ImportRow } from "#shared/schemas/data-import.ts";
import { formatDateTime } from "#shared/i18n/format.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { OutcomeMessage, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { useSiteTimeZone } from "#web/lib/site.ts";
import { cellLabel, importErrorText, summaryText, undoneMessage, undoQuestion } from "./import-format.ts";
import { applyImport, undoImport, updateImport, updateImportRow, type ImportSettings } from "./import-api.ts";
import { Choice, useReadingChoices } from "./import-upload.tsx";
import { PreviewRow } from "./import-preview-row.tsx";

/** Rows drawn at once; the filter narrows a long file to what needs a look. */
const SHOWN = 100;

export function PreviewView({ preview, onChange }: { preview: ImportPreview; onChange: (preview: ImportPreview) => void }) {
  const ids = useId();
  const { delimiters, encodings, t } = useReadingChoices(false);
  const { lang } = useManageText();
  const timeZone = useSiteTimeZone();
  const when = (iso: string) => formatDateTime(iso, lang, timeZone);
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
      setOutcome({ kind: "error", text: importErrorText(error) });
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
        {t(`importer.headingOf.${preview.status}`, { fileName: preview.fileName })}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {t("importer.uploaded", { when: when(preview.createdAt) })}
        {preview.appliedAt && t("importer.applied", { when: when(preview.appliedAt) })}
        {preview.undoneAt && t("importer.undoneAt", { when: when(preview.undoneAt) })}.
      </p>

      {editable && !events && (
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <Choice id={`${ids}-delimiter`} name="delimiter" label={t("importer.separator")} options={delimiters} value={preview.delimiter} onChange={(v) => settings({ delimiter: v as ImportSettings["delimiter"] })} disabled={busy} />
          <Choice
            id={`${ids}-encoding`}
            name="encoding"
            label={t("importer.encoding")}
            options={encodings}
            value={preview.encoding === "windows-1252" || preview.encoding === "macintosh" ? preview.encoding : "utf-8"}
            onChange={(v) => settings({ encoding: v as ImportSettings["encoding"] })}
            disabled={busy}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" className="size-4" checked={preview.createMissing} disabled={busy} onChange={(e) => settings({ createMissing: e.target.checked })} />
            {t("importer.createMissing")}
          </label>
        </div>
      )}

      {editable && !events && (
        <details className="mt-4" open={!Object.values(preview.mapping).includes("name")}>
          <summary className="cursor-pointer font-semibold text-brand-800">{t("importer.columns", { used: Object.values(preview.mapping).filter(Boolean).length, count: preview.headers.length })}</summary>
          <p className="mt-2 text-sm text-stone-700">{t("importer.columnsHint")}</p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {preview.headers.map((header, i) => (
              <Choice
                key={`${header}-${i}`}
                id={`${ids}-map-${i}`}
                name={`map-${i}`}
                // A column the file leaves without a header is named by its place (as the server names it), unquoted.
                label={header === `Column ${i + 1}` ? t("importer.columnAt", { n: i + 1 }) : t("importer.columnNamed", { header })}
                options={[["", t("importer.leaveOut")], ...BUSINESS_IMPORT_FIELD_NAMES.map((f) => [f, cellLabel(f, t)] as const)]}
                value={preview.mapping[header] ?? ""}
                onChange={(v) => settings({ mapping: { ...preview.mapping, [header]: v as BusinessImportField | "" } })}
                disabled={busy}
              />
            ))}
          </div>
        </details>
      )}

      <p role="status" className="mt-4 text-lg font-semibold text-stone-900">
        {summaryText(summary, t)}
      </p>
      {(preview.missingCategories.length > 0 || preview.missingTags.length > 0) && (
        <p className="mt-1 text-sm text-stone-700">
          {t("importer.toBeCreated", { list: [...preview.missingCategories.map((name) => t("importer.missingCategory", { name })), ...preview.missingTags.map((name) => t("importer.missingTag", { name }))].join(", ") })}
        </p>
      )}
      {geocoding.total > 0 && editable && (
        <div className="mt-3">
          <label htmlFor={`${ids}-geocoding`} className={ui.label}>
            {geocoding.pending > 0
              ? t("importer.finding", { done: geocoding.done + geocoding.failed, total: geocoding.total })
              : geocoding.failed
                ? t("importer.foundSome", { done: geocoding.done, total: geocoding.total, failed: geocoding.failed })
                : t("importer.found", { done: geocoding.done, total: geocoding.total })}
          </label>
          <progress id={`${ids}-geocoding`} className="mt-1 h-3 w-full accent-brand-700" max={geocoding.total} value={geocoding.done + geocoding.failed} />
          {geocoding.pending > 0 && <p className="mt-1 text-sm text-stone-700">{t("importer.findingHint")}</p>}
        </div>
      )}

      <div className="mt-4 flex flex-wrap items-end gap-3">
        {editable && (
          <button type="button" className={ui.primary} disabled={busy || blocked} onClick={() => void run(() => applyImport(preview.id), (next) => t("importer.appliedOutcome", { summary: summaryText(next.summary, t) }))}>
            {busy ? t("importer.working") : t("importer.apply")}
          </button>
        )}
        {undoable && (
          <ConfirmDialog
            question={undoQuestion(preview.kind, preview.fileName, t)}
            label={t("importer.undo")}
            disabled={busy}
            onConfirm={() => void run(() => undoImport(preview.id), (next) => undoneMessage(next.kind, next.keptOnUndo.length, t))}
          >
            {t("importer.undo")}
          </ConfirmDialog>
        )}
        {editable && blocked && (
          <p className="text-sm text-stone-700">{geocoding.pending > 0 ? t("importer.waitForAddresses") : t("importer.fixErrors")}</p>
        )}
      </div>
      <OutcomeMessage outcome={outcome} />
      {preview.keptOnUndo.length > 0 && (
        <section aria-labelledby={`${ids}-kept`} className="mt-4">
          <h3 id={`${ids}-kept`} className="font-semibold text-stone-900">
            {t("importer.kept")}
          </h3>
          <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-stone-700">
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
              label={t("importer.showRows")}
              options={[
                ["all", t("importer.filter.all", { count: preview.rows.length })],
                ["error", t("importer.filter.error", { count: summary.errors })],
                ["new", t("importer.filter.new", { count: summary.created })],
                ["update", t("importer.filter.update", { count: summary.updated })],
                ["unchanged", t("importer.filter.unchanged", { count: summary.unchanged })],
              ]}
              value={filter}
              onChange={(v) => setFilter(v as typeof filter)}
            />
            {rows.length > SHOWN && <p className="text-sm text-stone-700">{t("importer.showing", { shown: SHOWN, count: rows.length })}</p>}
          </div>
          <div className="mt-3 overflow-x-auto">
            <table className={ui.table} aria-label={t("importer.rows")}>
              <thead>
                <tr>
                  <th scope="col" className={ui.th}>
                    {t("importer.line")}
                  </th>
                  <th scope="col" className={ui.th}>
                    {t("importer.status")}
                  </th>
                  {mapped.map((field) => (
                    <th key={field} scope="col" className={ui.th}>
                      {cellLabel(field, t)}
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
