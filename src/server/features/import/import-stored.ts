// What an import keeps: its record, what applying it wrote (for undo), and the column lists apply and undo share.
import type { BusinessImportField, EventImportField, ImportMapping, ImportSummary } from "#shared/schemas/data-import.ts";
import { TEXT_FIELDS, YES_NO_FIELDS, type StoredBusiness, type YesNoField } from "./business-rows.ts";
import type { StoredEvent } from "./event-rows.ts";

/** Rows per multi-row insert: well under both databases' limits on bound parameters. */
const BATCH = 200;

export interface StoredOptions {
  delimiter: "comma" | "semicolon" | "tab";
  encoding: string;
  createMissing: boolean;
  mapping: ImportMapping;
}

export interface ImportRecord {
  id: string;
  kind: string;
  status: "preview" | "applied" | "undone";
  fileName: string;
  options: StoredOptions;
  headers: string[];
  createdById: string | null;
  createdByEmail: string;
  createdAt: string;
  appliedAt: string | null;
  undoneAt: string | null;
}

/** What applying wrote, so undo can take it back. */
export interface UndoRecord {
  /** The preview's totals when the import was applied. */
  summary: ImportSummary;
  createdBusinessIds: string[];
  createdCategoryIds: string[];
  createdTagIds: string[];
  /** Each business the import updated: as it was before, and what the import wrote (absent in records older than it). */
  previous: Array<{ business: StoredBusiness & { lastUpdatedAt: string }; tagIds: string[]; written?: Omit<StoredBusiness, "id"> }>;
  /** Written by undo: what it left as it was because it had changed since the import. */
  kept?: KeptOnUndo[];
  /** For an import of events. */
  createdEventIds?: string[];
  /** Each event the import updated: as it was before, and what the import wrote (absent in records older than it). */
  previousEvents?: Array<StoredEvent & { lastUpdatedAt: string; written?: Omit<StoredEvent, "id"> }>;
  /** Dates of existing series the import cancelled. */
  cancelledDates?: Array<{ eventId: string; date: string }>;
  /**
   * Dates of existing series the import moved, or cancelled once moved, with what they were before (null: as the rule
   * has them) and what the import made them (absent in records older than it).
   */
  changedDates?: Array<{ eventId: string; date: string; before: (DateChange & { lastUpdatedAt: string }) | null; written?: DateChange }>;
}

/** A date of a series as event_occurrence_change holds it: cancelled, or moved to its own start and end. */
export interface DateChange {
  cancelled: number;
  startDate: string | null;
  endDate: string | null;
}

export const EVENT_COLUMNS = ["id", "name", "eventDate", "endDate", "allDay", "recurrenceRule", "location", "outdoorLocationDescription", "description", "ticketsLink"] as const;

export const BUSINESS_COLUMNS = ["id", ...TEXT_FIELDS, "categoryId", ...YES_NO_FIELDS, "lat", "lng"] as const;

/**
 * A business (or event) undo left as it was (one the import added, kept whole), or fields of one it left with their
 * later value.
 */
export interface KeptOnUndo {
  /** The business's id, or the event's. */
  businessId: string;
  name: string;
  /** Empty for a business or event the import added. */
  fields: Array<BusinessImportField | EventImportField | YesNoField>;
}

/** The items in slices of `size` (a batch per insert or `in` list). */
export function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
