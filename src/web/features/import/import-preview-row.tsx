// One row of an import's preview: its state, its cells and messages, and a form to fix its cells.
import { useForm, type SubmissionResult } from "@conform-to/react";
import { useId, useMemo, useRef, useState } from "react";
import type { ImportRow } from "#shared/schemas/data-import.ts";
import { InputField } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { CELL_LABELS, cellLabel } from "./import-format.ts";
import { PlaceOnMap } from "./place-on-map.tsx";

const STATUS_STYLES: Record<ImportRow["status"], string> = {
  new: "bg-green-100 text-green-900",
  update: "bg-amber-100 text-amber-900",
  unchanged: "bg-stone-100 text-stone-700",
  error: "bg-red-100 text-red-900",
};

export function PreviewRow({ row, fields, fixing, onFix, onSave, busy }: { row: ImportRow; fields: string[]; fixing: boolean; onFix: () => void; onSave: (cells: Record<string, string>) => Promise<void>; busy: boolean }) {
  const ids = useId();
  const { t } = useManageText();
  const changes = new Map(row.changes.map((c) => [c.field, c]));
  const fixable = row.status === "error" || row.geocode === "failed" || row.geocode === "unavailable";
  // The fields a fix offers: those at fault, and the position for a row that could not be placed.
  const fixFields = [...new Set([...Object.keys(row.errors).filter((f) => f in CELL_LABELS), ...(row.errors.address || row.errors.latitude ? ["address", "latitude", "longitude"] : [])])];
  return (
    <>
      <tr>
        <td className={ui.td}>{row.line}</td>
        <td className={ui.td}>
          <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[row.status]}`}>{t(`importer.rowStatus.${row.status}`)}</span>
          {row.geocode === "pending" && <span className="mt-1 block text-xs text-stone-700">{t("importer.findingOne")}</span>}
          {row.errors._ && <span className="mt-1 block text-xs text-red-800">{row.errors._}</span>}
          {fixable && (
            <button type="button" className={`${ui.secondary} mt-2`} onClick={onFix} aria-expanded={fixing} aria-controls={`${ids}-fix`} aria-label={t("importer.fixLine", { line: row.line })}>
              {t("importer.fix")}
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
                  <del className="text-stone-600">{change.from ?? t("importer.empty")}</del> → <ins className="no-underline">{change.to ?? t("importer.empty")}</ins>
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
            <div className="sticky start-0 max-w-[calc(100vw-5rem)]">
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
  const { t } = useManageText();
  const form = useRef<HTMLFormElement>(null);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<string | null>(null);
  // The row's messages are the preview's, which checked it on the server; Conform ties each to its field.
  const lastResult = useMemo<SubmissionResult<string[]>>(() => ({ status: "error", initialValue: row.cells, error: Object.fromEntries(Object.entries(row.errors).map(([name, message]) => [name, [message]])) }), [row]);
  const [fix, cells] = useForm<Record<string, string>>({ id: `${ids}-fix`, defaultValue: row.cells, lastResult });
  const [lat, lng] = [Number(row.cells.latitude), Number(row.cells.longitude)];
  const start = row.cells.latitude && row.cells.longitude && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
  return (
    <form
      ref={form}
      id={fix.id}
      noValidate
      className="grid gap-3 sm:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        void onSave(Object.fromEntries(fields.map((field) => [field, String(data.get(field) ?? "").trim()])));
      }}
    >
      {fields.map((field) => (
        <InputField key={field} field={cells[field]!} label={t("importer.cellOfLine", { label: cellLabel(field, t), line: row.line })} inputMode={field === "latitude" || field === "longitude" ? "decimal" : undefined} />
      ))}
      <div className="flex items-end gap-3 sm:col-span-3">
        <button type="submit" className={ui.primary} disabled={busy}>
          {t("importer.saveRow")}
        </button>
        {fields.includes("latitude") && <p className="text-sm text-stone-700">{t("importer.fixHint")}</p>}
      </div>
      {fields.includes("latitude") && (
        <div className="grid gap-2 sm:col-span-3">
          <button type="button" className={`${ui.secondary} justify-self-start`} aria-expanded={placing} onClick={() => setPlacing(!placing)}>
            {placing ? t("importer.hideMap") : t("importer.placeOnMap")}
          </button>
          {placing && (
            <PlaceOnMap
              start={start}
              label={t("importer.mapOfLine", { line: row.line })}
              onPlace={(place) => {
                const set = (name: string, value: number) => {
                  const input = form.current?.elements.namedItem(name);
                  if (input instanceof HTMLInputElement) input.value = String(value);
                };
                set("latitude", place.lat);
                set("longitude", place.lng);
                setPlaced(t("importer.placed", { latitude: place.lat, longitude: place.lng }));
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
