// How an import is shown: its record, what its rows would do, and what undo kept.
import { businessFields } from "#shared/schemas/business.ts";
import { BUSINESS_IMPORT_FIELDS, EVENT_IMPORT_FIELDS, IMPORT_LIMITS, importMessages, type ImportPreview } from "#shared/schemas/data-import.ts";
import { summarize, type Catalog, type EvaluatedRow } from "./business-rows.ts";
import type { EvaluatedEventRow } from "./event-rows.ts";
import type { ImportRecord, KeptOnUndo } from "./import-stored.ts";

const DAY = 24 * 60 * 60 * 1000;

/** Until when an import applied at `appliedAt` may be undone (epoch milliseconds). */
export function undoDeadline(appliedAt: string): number {
  return Date.parse(appliedAt) + IMPORT_LIMITS.undoDays * DAY;
}

export function describeKept(kind: string, kept: KeptOnUndo): ImportPreview["keptOnUndo"][number] {
  const events = kind === "events";
  const labels: Partial<Record<string, { label: string }>> = events ? EVENT_IMPORT_FIELDS : { ...businessFields, ...BUSINESS_IMPORT_FIELDS };
  const message =
    kept.fields.length === 0 ? (events ? importMessages.keptAddedEvent : importMessages.keptAdded) : importMessages.keptFields(kept.fields.map((field) => labels[field]?.label ?? field));
  return { ...kept, message };
}

export function describe(record: ImportRecord) {
  const undoUntil = record.status === "applied" && record.appliedAt ? undoDeadline(record.appliedAt) : null;
  return {
    id: record.id,
    kind: record.kind === "events" ? ("events" as const) : ("businesses" as const),
    status: record.status,
    fileName: record.fileName,
    createdAt: record.createdAt,
    appliedAt: record.appliedAt,
    undoneAt: record.undoneAt,
    // Only while undo is still possible.
    undoUntil: undoUntil !== null && undoUntil > Date.now() ? new Date(undoUntil).toISOString() : null,
    encoding: record.options.encoding,
    delimiter: record.options.delimiter,
    createMissing: record.options.createMissing,
    headers: record.headers,
    mapping: record.options.mapping,
  };
}

export function toPreview(record: ImportRecord, catalog: Catalog, rows: Array<EvaluatedRow | EvaluatedEventRow>): ImportPreview {
  const missingCategories = new Set<string>();
  const missingTags = new Set<string>();
  const known = { categories: new Set(catalog.categories.map((c) => c.name.toLowerCase())), tags: new Set(catalog.tags.map((t) => t.name.toLowerCase())) };
  for (const row of rows) {
    if (!row.write || !("category" in row.write)) continue;
    if ("create" in row.write.category && !known.categories.has(row.write.category.create.toLowerCase())) missingCategories.add(row.write.category.create);
    for (const tag of row.write.tags) if ("create" in tag) missingTags.add(tag.create);
  }
  const geocoding = { total: 0, done: 0, failed: 0, pending: 0 };
  for (const row of rows) {
    if (row.geocode === "none") continue;
    geocoding.total++;
    geocoding[row.geocode === "unavailable" ? "failed" : row.geocode]++;
  }
  return {
    ...describe(record),
    missingCategories: [...missingCategories],
    missingTags: [...missingTags],
    summary: summarize(rows as EvaluatedRow[]),
    geocoding,
    rows: rows.map(({ write: _write, needsGeocode: _needs, ...row }) => row),
    keptOnUndo: [],
  };
}
