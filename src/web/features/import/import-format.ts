import type { TFunction } from "i18next";
import { BUSINESS_IMPORT_FIELDS, EVENT_IMPORT_FIELDS, type ImportPreview, type ImportSummary } from "#shared/schemas/data-import.ts";
import { ApiError } from "#web/lib/api-client.ts";

type ImportKind = ImportPreview["kind"];

/** What "Undo this import" asks before it goes ahead (`t`: the `manage` catalog in the page's language). */
export function undoQuestion(kind: ImportKind, fileName: string, t: TFunction): string {
  return t(`importer.undoQuestion.${kind}`, { fileName });
}

/** What the screen says once an import is undone: what it kept, if anything, is listed below it. */
export function undoneMessage(kind: ImportKind, kept: number, t: TFunction): string {
  return kept === 0 ? t(`importer.undone.${kind}`) : t(`importer.undoneKept.${kind}`, { count: kept });
}

/** "3 new, 1 updated, 0 unchanged, 2 errors" (as `formatSummary` in #shared/schemas/data-import.ts) in the page's language. */
export const summaryText = (summary: ImportSummary, t: TFunction) => t("importer.summary", { ...summary, count: summary.errors });

/** A cell's label in the page's language; a yes/no column keeps its field's own label. */
export const cellLabel = (field: string, t: TFunction) => t(`importer.cells.${field}`, { defaultValue: CELL_LABELS[field] ?? field });

/** A cell's label, for either kind of import. */
export const CELL_LABELS: Record<string, string> = Object.fromEntries([...Object.entries(EVENT_IMPORT_FIELDS), ...Object.entries(BUSINESS_IMPORT_FIELDS)].map(([key, value]) => [key, value.label]));

/** What the screen says when the API refused or could not be reached. */
export const importErrorText = (error: unknown) => (error instanceof ApiError ? error.detail : "Something went wrong. Try again.");
