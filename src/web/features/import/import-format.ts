import { BUSINESS_IMPORT_FIELDS, EVENT_IMPORT_FIELDS, type ImportPreview } from "#shared/schemas/data-import.ts";
import { ApiError } from "#web/lib/api-client.ts";

/** A moment as the admin's lists show it ("Nov 23, 2026, 6:51 PM"). */
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

type ImportKind = ImportPreview["kind"];

/** What "Undo this import" asks before it goes ahead. */
export function undoQuestion(kind: ImportKind, fileName: string): string {
  return kind === "events"
    ? `Undo the import of ${fileName}? Events it added are deleted and those it changed get their earlier details back; what was changed after the import is kept.`
    : `Undo the import of ${fileName}? Businesses it added are deleted and those it changed get their earlier details back; what was changed after the import is kept.`;
}

/** What the screen says once an import is undone: what it kept, if anything, is listed below it. */
export function undoneMessage(kind: ImportKind, kept: number): string {
  const [one, many] = kind === "events" ? ["event", "events"] : ["business", "businesses"];
  if (kept === 0) return `Import undone: the ${many} are as they were before it.`;
  return `Import undone, except what changed after it: ${kept === 1 ? `1 ${one} keeps` : `${kept} ${many} keep`} later changes (listed below).`;
}

/** A cell's label, for either kind of import. */
export const CELL_LABELS: Record<string, string> = Object.fromEntries([...Object.entries(EVENT_IMPORT_FIELDS), ...Object.entries(BUSINESS_IMPORT_FIELDS)].map(([key, value]) => [key, value.label]));

/** What the screen says when the API refused or could not be reached. */
export const importErrorText = (error: unknown) => (error instanceof ApiError ? error.detail : "Something went wrong. Try again.");
