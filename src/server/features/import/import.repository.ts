import type { Kysely, Transaction } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { newId } from "#server/db/ids.ts";
import { EVENT_IMPORT_FIELD_NAMES, type BusinessImportField, type EventImportField, type ImportMapping, type ImportSummary } from "#shared/schemas/data-import.ts";
import { TEXT_FIELDS, YES_NO_FIELDS, type Catalog, type GeocodeState, type RowCells, type StoredBusiness, type StoredRow, type YesNoField } from "./business-rows.ts";
import type { EventCatalog, EventWrite, Move, StoredEvent } from "./event-rows.ts";

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
interface DateChange {
  cancelled: number;
  startDate: string | null;
  endDate: string | null;
}

export interface EventPlan {
  events: Array<{ id: string; isNew: boolean; values: EventWrite; cancel: string[]; move: Move[] }>;
  actor: { id: string; email: string };
  auditNote: string;
  summary: ImportSummary;
}

const EVENT_COLUMNS = ["id", "name", "eventDate", "endDate", "allDay", "recurrenceRule", "location", "outdoorLocationDescription", "description", "ticketsLink"] as const;

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

/** What an undo did beyond restoring: what it kept, and the stored files of the businesses and events it deleted. */
export interface UndoOutcome {
  kept: KeptOnUndo[];
  files: string[];
}

/** An undo under way: its transaction, and what it has done and kept so far. */
interface Undoing extends UndoOutcome {
  trx: Transaction<DB>;
  appliedAt: string | null;
  now: string;
  entries: Array<{ action: string; entityType?: string; entityId: string; name: string }>;
}

/** The business fields an import writes, with the column each one is. */
const BUSINESS_FIELDS = [
  ["name", ["name"]],
  ["category", ["categoryId"]],
  ["description", ["description"]],
  ["address", ["address"]],
  ["website", ["website"]],
  ["phone", ["phone"]],
  ["email", ["email"]],
  ["latitude", ["lat"]],
  ["longitude", ["lng"]],
  // The yes/no columns by the field each is stored in (a set of choices goes back whole).
  ...YES_NO_FIELDS.map((field) => [field, [field]] as const),
] as const satisfies ReadonlyArray<readonly [BusinessImportField | YesNoField, ReadonlyArray<keyof Omit<StoredBusiness, "id" | "tagIds">>]>;

/** The event fields an import writes, with the columns each one is (a place is a business, or words for outdoors). */
const EVENT_FIELDS = [
  ["name", ["name"]],
  ["date", ["eventDate"]],
  ["ends", ["endDate"]],
  ["allDay", ["allDay"]],
  ["repeats", ["recurrenceRule"]],
  ["location", ["location", "outdoorLocationDescription"]],
  ["description", ["description"]],
  ["url", ["ticketsLink"]],
] as const satisfies ReadonlyArray<readonly [EventImportField, ReadonlyArray<keyof Omit<StoredEvent, "id">>]>;

type Scalar = string | number | null;

function sameValue(a: Scalar, b: Scalar): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 1e-9;
  return a === b;
}

/**
 * What undo puts back of a business or event the import updated: a field the import changed gets its earlier value
 * while it still holds what the import wrote; changed again since, it keeps its later value and is listed. A field of
 * several columns (an event's place) goes back whole or not at all.
 */
function restoreFields<K extends string, Row extends Record<K, Scalar>, Field>(
  fields: ReadonlyArray<readonly [Field, readonly K[]]>,
  before: Row,
  current: Record<K, Scalar>,
  written: Record<K, Scalar> | undefined,
  untouchedSince: boolean,
): { restore: Partial<Pick<Row, K>>; kept: Field[] } {
  const restore: Partial<Pick<Row, K>> = {};
  const kept: Field[] = [];
  const same = (a: Record<K, Scalar>, b: Record<K, Scalar>, columns: readonly K[]) => columns.every((column) => sameValue(a[column], b[column]));
  for (const [field, columns] of fields) {
    // Left as the import found it, or as it was before: nothing to restore.
    if ((written && same(written, before, columns)) || same(current, before, columns)) continue;
    // An undo record older than this rule has no written values: only what was left as the import wrote it is restored.
    const stillAsWritten = written ? same(current, written, columns) : untouchedSince;
    if (stillAsWritten) for (const column of columns) restore[column] = before[column];
    else kept.push(field);
  }
  return { restore, kept };
}

/**
 * Of what an import added, what undo deletes: left as the import wrote it and not in use (`inUse`) since. The rest is
 * kept whole.
 */
function addedToDelete<T extends { id: string; lastUpdatedAt: string }>(found: readonly T[], appliedAt: string | null, inUse: ReadonlySet<string>) {
  const removed = found.filter((r) => sameInstant(r.lastUpdatedAt, appliedAt) && !inUse.has(r.id));
  const removing = new Set(removed);
  return { removed, kept: found.filter((r) => !removing.has(r)) };
}

/** Two states of a date of a series (null: as the rule has it). */
function sameDate(a: DateChange | null | undefined, b: DateChange | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  const sameMoment = (x: string | null, y: string | null) => x === y || sameInstant(x, y);
  return a.cancelled === b.cancelled && sameMoment(a.startDate, b.startDate) && sameMoment(a.endDate, b.endDate);
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((id, i) => id === right[i]);
}

const sameInstant = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && Date.parse(a) === Date.parse(b);

/** One business write of an apply, with its categories and tags already resolved to ids. */
export interface BusinessChange {
  id: string;
  isNew: boolean;
  values: Omit<StoredBusiness, "id" | "tagIds">;
  tagIds: string[];
}

export interface ApplyPlan {
  categories: Array<{ id: string; name: string; color: string }>;
  tags: Array<{ id: string; name: string }>;
  businesses: BusinessChange[];
  actor: { id: string; email: string };
  /** The one line each audit entry carries, naming the import. */
  auditNote: string;
  summary: ImportSummary;
}

const BUSINESS_COLUMNS = ["id", ...TEXT_FIELDS, "categoryId", ...YES_NO_FIELDS, "lat", "lng"] as const;

function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class ImportRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Every business (with its tag ids), category and tag: what rows are compared against. */
  async catalog(db: Kysely<DB> = this.db): Promise<Catalog> {
    const [businesses, links, categories, tags] = await Promise.all([
      db.selectFrom("business").select(BUSINESS_COLUMNS).execute(),
      db.selectFrom("business_tag").select(["businessId", "tagId"]).execute(),
      db.selectFrom("category").select(["id", "name"]).execute(),
      db.selectFrom("tag").select(["id", "name"]).execute(),
    ]);
    const tagIds = new Map<string, string[]>();
    for (const { businessId, tagId } of links) {
      const list = tagIds.get(businessId);
      if (list) list.push(tagId);
      else tagIds.set(businessId, [tagId]);
    }
    return {
      businesses: businesses.map((b) => ({ ...b, lat: Number(b.lat), lng: Number(b.lng), tagIds: tagIds.get(b.id) ?? [] })),
      categories,
      tags,
    };
  }

  /** Every event, and the businesses an event's location may name. */
  async eventCatalog(): Promise<Omit<EventCatalog, "timeZone">> {
    const [events, businesses, changes] = await Promise.all([
      this.db.selectFrom("event").select(EVENT_COLUMNS).execute(),
      this.db.selectFrom("business").select(["id", "name", "address"]).execute(),
      this.db.selectFrom("event_occurrence_change").select(["eventId", "date", "cancelled", "startDate", "endDate"]).execute(),
    ]);
    const cancelled = new Map<string, string[]>();
    const moved = new Map<string, Move[]>();
    for (const { eventId, date, cancelled: isCancelled, startDate, endDate } of changes) {
      if (isCancelled === 1) cancelled.set(eventId, [...(cancelled.get(eventId) ?? []), date]);
      else if (startDate) moved.set(eventId, [...(moved.get(eventId) ?? []), { date, startDate, endDate }]);
    }
    return { events, businesses, cancelled, moved };
  }

  /** Writes every event of the plan with its audit entries and marks the import applied, in one transaction. */
  async applyEvents(importId: string, plan: EventPlan): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const marked = await trx.updateTable("data_import").set({ status: "applied", appliedAt: now }).where("id", "=", importId).where("status", "=", "preview").executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return false;
      const created = plan.events.filter((e) => e.isNew);
      for (const batch of chunks(created, 100)) {
        await trx.insertInto("event").values(batch.map((e) => ({ id: e.id, ...e.values, allDay: e.values.allDay ? 1 : 0, ticketsLink: e.values.ticketsLink ?? null, imageUrl: null, imageStoragePath: null, ownerUid: null, createdAt: now, lastUpdatedAt: now }))).execute();
      }
      const previousEvents: NonNullable<UndoRecord["previousEvents"]> = [];
      for (const change of plan.events.filter((e) => !e.isNew)) {
        const before = await trx.selectFrom("event").select([...EVENT_COLUMNS, "lastUpdatedAt"]).where("id", "=", change.id).executeTakeFirst();
        if (!before) throw new Error(`event ${change.id} disappeared`);
        await trx.updateTable("event").set({ ...change.values, allDay: change.values.allDay ? 1 : 0, ticketsLink: change.values.ticketsLink ?? null, lastUpdatedAt: now }).where("id", "=", change.id).execute();
        // Read back: what undo compares with to tell the import's values from later ones.
        const { id: _id, ...written } = await trx.selectFrom("event").select(EVENT_COLUMNS).where("id", "=", change.id).executeTakeFirstOrThrow();
        previousEvents.push({ ...before, written });
      }
      // The dates of a series the file cancels (moved before or not) and moves (unless cancelled on the site: the plan
      // leaves those out), each recorded with what it was before, for undo.
      const cancelledDates: NonNullable<UndoRecord["cancelledDates"]> = [];
      const changedDates: NonNullable<UndoRecord["changedDates"]> = [];
      const reschedule = async (eventId: string, isNew: boolean, date: string, change: DateChange) => {
        const before = await trx.selectFrom("event_occurrence_change").select(["cancelled", "startDate", "endDate", "lastUpdatedAt"]).where("eventId", "=", eventId).where("date", "=", date).executeTakeFirst();
        if (before?.cancelled === 1) return false;
        if (before) await trx.updateTable("event_occurrence_change").set({ ...change, lastUpdatedAt: now }).where("eventId", "=", eventId).where("date", "=", date).execute();
        else await trx.insertInto("event_occurrence_change").values({ eventId, date, ...change, lastUpdatedAt: now }).execute();
        if (isNew) return true;
        if (!before && change.cancelled === 1) cancelledDates.push({ eventId, date });
        else changedDates.push({ eventId, date, before: before ?? null, written: change });
        return true;
      };
      const rescheduled = new Set<string>();
      for (const event of plan.events) {
        for (const date of event.cancel) if (await reschedule(event.id, event.isNew, date, { cancelled: 1, startDate: null, endDate: null })) rescheduled.add(event.id);
        for (const { date, startDate, endDate } of event.move) if (await reschedule(event.id, event.isNew, date, { cancelled: 0, startDate, endDate })) rescheduled.add(event.id);
      }
      // Calendar apps take a series whose dates changed as a new version of it.
      const changedSeries = plan.events.filter((e) => !e.isNew && rescheduled.has(e.id)).map((e) => e.id);
      for (const ids of chunks(changedSeries, 500)) await trx.updateTable("event").set((eb) => ({ sequence: eb("sequence", "+", 1) })).where("id", "in", ids).execute();
      const entries = plan.events.map((e) => ({ id: newId(), actorId: plan.actor.id, actorEmail: plan.actor.email, action: e.isNew ? "create" : "update", entityType: "event", entityId: e.id, summary: `${e.values.name} (${plan.auditNote})`.slice(0, 500), createdAt: now }));
      for (const batch of chunks(entries)) await trx.insertInto("audit_log").values(batch).execute();
      const undo: UndoRecord = { summary: plan.summary, createdBusinessIds: [], createdCategoryIds: [], createdTagIds: [], previous: [], createdEventIds: created.map((e) => e.id), previousEvents, cancelledDates, changedDates };
      await trx.updateTable("data_import").set({ undo: JSON.stringify(undo) }).where("id", "=", importId).execute();
      return true;
    });
  }

  async create(record: Omit<ImportRecord, "appliedAt" | "undoneAt" | "status">, source: Uint8Array, rows: StoredRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("data_import")
        .values({
          id: record.id,
          kind: record.kind,
          status: "preview",
          fileName: record.fileName,
          source: Buffer.from(source),
          options: JSON.stringify(record.options),
          headers: JSON.stringify(record.headers),
          createdById: record.createdById,
          createdByEmail: record.createdByEmail,
          createdAt: record.createdAt,
        })
        .execute();
      await this.insertRows(trx, record.id, rows);
    });
  }

  private async insertRows(trx: Transaction<DB>, importId: string, rows: StoredRow[]): Promise<void> {
    for (const batch of chunks(rows)) {
      await trx
        .insertInto("data_import_row")
        .values(batch.map((row) => ({ importId, rowNumber: row.line, cells: JSON.stringify(row.cells), geocode: row.geocode })))
        .execute();
    }
  }

  /** Read again with other options: the rows start over. */
  async replace(id: string, options: StoredOptions, headers: string[], rows: StoredRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("data_import").set({ options: JSON.stringify(options), headers: JSON.stringify(headers) }).where("id", "=", id).execute();
      await trx.deleteFrom("data_import_row").where("importId", "=", id).execute();
      await this.insertRows(trx, id, rows);
    });
  }

  async get(id: string): Promise<ImportRecord | undefined> {
    const row = await this.db
      .selectFrom("data_import")
      .select(["id", "kind", "status", "fileName", "options", "headers", "createdById", "createdByEmail", "createdAt", "appliedAt", "undoneAt"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...row,
      status: row.status as ImportRecord["status"],
      options: JSON.parse(row.options) as StoredOptions,
      headers: JSON.parse(row.headers) as string[],
    };
  }

  async getSource(id: string): Promise<Uint8Array | undefined> {
    const row = await this.db.selectFrom("data_import").select("source").where("id", "=", id).executeTakeFirst();
    return row ? new Uint8Array(row.source) : undefined;
  }

  /** The totals of the preview as applied. */
  async appliedSummary(id: string): Promise<ImportSummary | undefined> {
    const row = await this.db.selectFrom("data_import").select("undo").where("id", "=", id).executeTakeFirst();
    return row?.undo ? (JSON.parse(row.undo) as UndoRecord).summary : undefined;
  }

  /** The newest imports first, without their rows. */
  async getRecent(limit: number): Promise<ImportRecord[]> {
    const ids = await this.db.selectFrom("data_import").select("id").orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
    const records = await Promise.all(ids.map((r) => this.get(r.id)));
    return records.filter((r): r is ImportRecord => r !== undefined);
  }

  async getRows(id: string): Promise<StoredRow[]> {
    const rows = await this.db
      .selectFrom("data_import_row")
      .select(["rowNumber", "cells", "geocode"])
      .where("importId", "=", id)
      .orderBy("rowNumber")
      .execute();
    return rows.map((r) => ({ line: r.rowNumber, cells: JSON.parse(r.cells) as RowCells, geocode: r.geocode as GeocodeState }));
  }

  /** How many of an import's rows are in each state of geocoding. */
  async geocodeCounts(id: string): Promise<Record<GeocodeState, number>> {
    const rows = await this.db
      .selectFrom("data_import_row")
      .select((eb) => ["geocode", eb.fn.countAll<number>().as("count")])
      .where("importId", "=", id)
      .groupBy("geocode")
      .execute();
    const counts: Record<string, number> = { none: 0, pending: 0, done: 0, failed: 0, unavailable: 0 };
    for (const row of rows) counts[row.geocode] = Number(row.count);
    return counts as Record<GeocodeState, number>;
  }

  async updateRow(id: string, line: number, cells: RowCells, geocode: GeocodeState): Promise<boolean> {
    const result = await this.db
      .updateTable("data_import_row")
      .set({ cells: JSON.stringify(cells), geocode })
      .where("importId", "=", id)
      .where("rowNumber", "=", line)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The mapping of the newest CSV import, remembered for the next one. */
  async lastMapping(): Promise<ImportMapping> {
    const row = await this.db
      .selectFrom("data_import")
      .select("options")
      .where("kind", "=", "businesses")
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? (JSON.parse(row.options) as StoredOptions).mapping : {};
  }

  /** The next row waiting for geocoding, oldest import first. */
  async nextPendingGeocode(): Promise<{ importId: string; line: number; cells: RowCells } | undefined> {
    const row = await this.db
      .selectFrom("data_import_row")
      .innerJoin("data_import", "data_import.id", "data_import_row.importId")
      .select(["data_import_row.importId", "data_import_row.rowNumber", "data_import_row.cells"])
      .where("data_import_row.geocode", "=", "pending")
      .where("data_import.status", "=", "preview")
      .orderBy("data_import.createdAt")
      .orderBy("data_import_row.rowNumber")
      .limit(1)
      .executeTakeFirst();
    return row ? { importId: row.importId, line: row.rowNumber, cells: JSON.parse(row.cells) as RowCells } : undefined;
  }

  /** Stores a geocoding result, unless the row changed meanwhile (it is then looked up again). */
  async finishGeocode(importId: string, line: number, before: RowCells, cells: RowCells, state: GeocodeState): Promise<void> {
    await this.db
      .updateTable("data_import_row")
      .set({ cells: JSON.stringify(cells), geocode: state })
      .where("importId", "=", importId)
      .where("rowNumber", "=", line)
      .where("cells", "=", JSON.stringify(before))
      .where("geocode", "=", "pending")
      .execute();
  }

  /**
   * Writes every business of the plan (made from the businesses as read inside the transaction), its tags, the new categories and tags and one audit entry per business, and marks
   * the import applied: all in one transaction, so a failure anywhere leaves the database as it was. False when the
   * import was no longer a preview (applied at the same moment elsewhere).
   */
  async apply(importId: string, planFor: (catalog: Catalog) => ApplyPlan): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const marked = await trx
        .updateTable("data_import")
        .set({ status: "applied", appliedAt: now })
        .where("id", "=", importId)
        .where("status", "=", "preview")
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return false;
      // Read inside the transaction: what is replaced is kept for undo exactly as it was.
      const catalog = await this.catalog(trx);
      const plan = planFor(catalog);
      const stored = new Map(catalog.businesses.map((b) => [b.id, b]));
      const lastUpdated = new Map(
        (
          await Promise.all(
            chunks(plan.businesses.filter((b) => !b.isNew).map((b) => b.id), 500).map((ids) =>
              trx.selectFrom("business").select(["id", "lastUpdatedAt"]).where("id", "in", ids).execute(),
            ),
          )
        )
          .flat()
          .map((r) => [r.id, r.lastUpdatedAt]),
      );

      for (const batch of chunks(plan.categories)) await trx.insertInto("category").values(batch.map((c) => ({ ...c, description: null, createdAt: now }))).execute();
      for (const batch of chunks(plan.tags)) await trx.insertInto("tag").values(batch.map((t) => ({ ...t, createdAt: now }))).execute();

      const created = plan.businesses.filter((b) => b.isNew);
      for (const batch of chunks(created, 100)) {
        await trx
          .insertInto("business")
          .values(batch.map((b) => ({ id: b.id, ...b.values, logoUrl: null, logoStoragePath: null, createdAt: now, lastUpdatedAt: now })))
          .execute();
      }
      const undo: UndoRecord = { summary: plan.summary, createdBusinessIds: created.map((b) => b.id), createdCategoryIds: plan.categories.map((c) => c.id), createdTagIds: plan.tags.map((t) => t.id), previous: [] };
      for (const change of plan.businesses.filter((b) => !b.isNew)) {
        const before = stored.get(change.id);
        if (!before) throw new Error(`business ${change.id} disappeared`);
        undo.previous.push({ business: { ...before, lastUpdatedAt: lastUpdated.get(change.id) ?? now }, tagIds: before.tagIds, written: { ...change.values, tagIds: [...new Set(change.tagIds)] } });
        await this.writeBusiness(trx, change.id, change.values, change.tagIds, now);
      }
      const links = created.flatMap((b) => [...new Set(b.tagIds)].map((tagId) => ({ businessId: b.id, tagId })));
      for (const batch of chunks(links)) await trx.insertInto("business_tag").values(batch).execute();

      // A batch of entries at a time: ten thousand of them at once would be the import's largest allocation.
      for (const batch of chunks(plan.businesses)) {
        const entries = batch.map((b) => ({
          id: newId(),
          actorId: plan.actor.id,
          actorEmail: plan.actor.email,
          action: b.isNew ? "create" : "update",
          entityType: "business",
          entityId: b.id,
          summary: `${b.values.name} (${plan.auditNote})`.slice(0, 500),
          createdAt: now,
        }));
        await trx.insertInto("audit_log").values(entries).execute();
      }
      await trx.updateTable("data_import").set({ undo: JSON.stringify(undo) }).where("id", "=", importId).execute();
      return true;
    });
  }

  private async writeBusiness(trx: Transaction<DB>, id: string, values: Omit<StoredBusiness, "id" | "tagIds">, tagIds: readonly string[], lastUpdatedAt: string) {
    await trx.updateTable("business").set({ ...values, lastUpdatedAt }).where("id", "=", id).execute();
    await trx.deleteFrom("business_tag").where("businessId", "=", id).execute();
    const unique = [...new Set(tagIds)];
    if (unique.length > 0) await trx.insertInto("business_tag").values(unique.map((tagId) => ({ businessId: id, tagId }))).execute();
    // Offers keep a copy of their business's name.
    await trx.updateTable("offer").set({ businessName: values.name }).where("businessId", "=", id).execute();
  }

  /**
   * Puts back what the import replaced and removes what it added (categories and tags only while nothing else uses
   * them), recording each change: in one transaction. What changed after the import stays as it is: a field of an
   * updated business or event, or a date of an updated series, changed since keeps its later value; a business the
   * import added that was changed since or now has offers, events, owners or photos is kept, and so is an event it
   * added that was changed since, has dates moved or cancelled on the site or an owner's request waiting. Null when
   * the import is not applied (any more).
   */
  async undo(importId: string, actor: { id: string; email: string }, auditNote: string): Promise<UndoOutcome | null> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const row = await trx.selectFrom("data_import").select(["undo", "appliedAt"]).where("id", "=", importId).where("status", "=", "applied").executeTakeFirst();
      if (!row?.undo) return null;
      await trx.updateTable("data_import").set({ status: "undone", undoneAt: now }).where("id", "=", importId).execute();
      const undo = JSON.parse(row.undo) as UndoRecord;
      const undoing: Undoing = { trx, appliedAt: row.appliedAt, now, entries: [], kept: [], files: [] };

      await this.undoBusinesses(undoing, undo);
      await this.undoEvents(undoing, undo);
      for (const ids of chunks(undo.createdTagIds, 500)) {
        await trx
          .deleteFrom("tag")
          .where("id", "in", ids)
          .where((eb) => eb.not(eb.exists(eb.selectFrom("business_tag").select("tagId").whereRef("business_tag.tagId", "=", "tag.id"))))
          .execute();
      }
      for (const ids of chunks(undo.createdCategoryIds, 500)) {
        await trx
          .deleteFrom("category")
          .where("id", "in", ids)
          .where((eb) => eb.not(eb.exists(eb.selectFrom("business").select("id").whereRef("business.categoryId", "=", "category.id"))))
          .execute();
      }
      const audit = undoing.entries.map((e) => ({
        id: newId(),
        actorId: actor.id,
        actorEmail: actor.email,
        action: e.action,
        entityType: e.entityType ?? "business",
        entityId: e.entityId,
        summary: `${e.name} (${auditNote})`.slice(0, 500),
        createdAt: now,
      }));
      for (const batch of chunks(audit)) await trx.insertInto("audit_log").values(batch).execute();
      const { kept, files } = undoing;
      await trx.updateTable("data_import").set({ undo: JSON.stringify({ ...undo, kept }) }).where("id", "=", importId).execute();
      return { kept, files };
    });
  }

  private async undoBusinesses({ trx, appliedAt, now, entries, kept, files }: Undoing, undo: UndoRecord): Promise<void> {
    for (const ids of chunks(undo.createdBusinessIds, 500)) {
      const found = await trx.selectFrom("business").select(["id", "name", "lastUpdatedAt", "logoStoragePath"]).where("id", "in", ids).execute();
      if (found.length === 0) continue;
      const inUse = new Set(
        (
          await Promise.all([
            trx.selectFrom("offer").select("businessId as id").where("businessId", "in", ids).execute(),
            trx.selectFrom("event").select("location as id").where("location", "in", ids).execute(),
            trx.selectFrom("business_owner").select("businessId as id").where("businessId", "in", ids).execute(),
            trx.selectFrom("business_photo").select("businessId as id").where("businessId", "in", ids).execute(),
          ])
        )
          .flat()
          .map((r) => r.id),
      );
      const { removed, kept: keptWhole } = addedToDelete(found, appliedAt, inUse);
      kept.push(...keptWhole.map((b) => ({ businessId: b.id, name: b.name, fields: [] })));
      if (removed.length === 0) continue;
      const removedIds = removed.map((b) => b.id);
      const photos = await trx.selectFrom("business_photo").select("storagePath").where("businessId", "in", removedIds).execute();
      files.push(...removed.flatMap((b) => (b.logoStoragePath ? [b.logoStoragePath] : [])), ...photos.map((p) => p.storagePath));
      await trx.deleteFrom("business").where("id", "in", removedIds).execute();
      entries.push(...removed.map((b) => ({ action: "delete", entityId: b.id, name: b.name })));
    }
    for (const { business: before, tagIds: tagsBefore, written } of undo.previous) {
      const found = await trx.selectFrom("business").select([...BUSINESS_COLUMNS, "lastUpdatedAt"]).where("id", "=", before.id).executeTakeFirst();
      if (!found) continue;
      const current = { ...found, lat: Number(found.lat), lng: Number(found.lng) };
      const currentTags = (await trx.selectFrom("business_tag").select("tagId").where("businessId", "=", before.id).execute()).map((t) => t.tagId);
      const untouchedSince = sameInstant(current.lastUpdatedAt, appliedAt);
      const restored = restoreFields(BUSINESS_FIELDS, before, current, written, untouchedSince);
      const restore = restored.restore;
      const keptFields: Array<BusinessImportField | YesNoField> = restored.kept;
      let restoreTags = false;
      if (!(written && sameTags(written.tagIds, tagsBefore)) && !sameTags(currentTags, tagsBefore)) {
        if (written ? sameTags(currentTags, written.tagIds) : untouchedSince) restoreTags = true;
        else keptFields.push("tags");
      }
      if (keptFields.length > 0) kept.push({ businessId: before.id, name: restore.name ?? current.name, fields: keptFields });
      if (Object.keys(restore).length === 0 && !restoreTags) continue;
      // Restored wholly and untouched since, the business is dated as it was; otherwise this undo is its latest change.
      const lastUpdatedAt = untouchedSince && keptFields.length === 0 ? before.lastUpdatedAt : now;
      await trx.updateTable("business").set({ ...restore, lastUpdatedAt }).where("id", "=", before.id).execute();
      if (restoreTags) {
        await trx.deleteFrom("business_tag").where("businessId", "=", before.id).execute();
        const existing = tagsBefore.length === 0 ? [] : (await trx.selectFrom("tag").select("id").where("id", "in", tagsBefore).execute()).map((t) => t.id);
        if (existing.length > 0) await trx.insertInto("business_tag").values(existing.map((tagId) => ({ businessId: before.id, tagId }))).execute();
      }
      // Offers keep a copy of their business's name.
      if (restore.name !== undefined) await trx.updateTable("offer").set({ businessName: restore.name }).where("businessId", "=", before.id).execute();
      entries.push({ action: "update", entityId: before.id, name: restore.name ?? current.name });
    }
  }

  private async undoEvents({ trx, appliedAt, now, entries, kept, files }: Undoing, undo: UndoRecord): Promise<void> {
    for (const ids of chunks(undo.createdEventIds ?? [], 500)) {
      const found = await trx.selectFrom("event").select(["id", "name", "lastUpdatedAt", "imageStoragePath"]).where("id", "in", ids).execute();
      if (found.length === 0) continue;
      // Moving, cancelling or restoring one of its dates on the site dates the event as changed; an owner's request waiting
      // for an administrator leaves it as it is, so is looked for.
      const requests = await trx.selectFrom("change_request").select("targetId").where("kind", "=", "event").where("status", "=", "pending").where("targetId", "in", ids).execute();
      const inUse = new Set(requests.flatMap((r) => (r.targetId ? [r.targetId] : [])));
      const { removed, kept: keptWhole } = addedToDelete(found, appliedAt, inUse);
      kept.push(...keptWhole.map((e) => ({ businessId: e.id, name: e.name, fields: [] })));
      if (removed.length === 0) continue;
      files.push(...removed.flatMap((e) => (e.imageStoragePath ? [e.imageStoragePath] : [])));
      await trx.deleteFrom("event").where("id", "in", removed.map((e) => e.id)).execute();
      entries.push(...removed.map((e) => ({ action: "delete", entityType: "event", entityId: e.id, name: e.name })));
    }

    // The dates of updated series, each put back while it is as the import left it.
    const keptDates = new Map<string, EventImportField[]>();
    const keepDate = (eventId: string, field: EventImportField) => keptDates.set(eventId, [...(keptDates.get(eventId) ?? []), field]);
    const undoneSeries = new Set<string>();
    const dateNow = (eventId: string, date: string) =>
      trx.selectFrom("event_occurrence_change").select(["cancelled", "startDate", "endDate", "lastUpdatedAt"]).where("eventId", "=", eventId).where("date", "=", date).executeTakeFirst();
    for (const { eventId, date } of undo.cancelledDates ?? []) {
      const current = await dateNow(eventId, date);
      if (!current) continue;
      if (current.cancelled !== 1) {
        keepDate(eventId, "skips");
        continue;
      }
      await trx.deleteFrom("event_occurrence_change").where("eventId", "=", eventId).where("date", "=", date).execute();
      undoneSeries.add(eventId);
    }
    for (const { eventId, date, before, written } of undo.changedDates ?? []) {
      const current = await dateNow(eventId, date);
      if (sameDate(current, before)) continue;
      // An undo record older than this rule has no written values: a date the import wrote carries its moment.
      const stillAsWritten = written ? sameDate(current, written) : !!current && sameInstant(current.lastUpdatedAt, appliedAt);
      if (!stillAsWritten) {
        keepDate(eventId, written?.cancelled === 1 ? "skips" : "moves");
        continue;
      }
      if (before) await trx.updateTable("event_occurrence_change").set(before).where("eventId", "=", eventId).where("date", "=", date).execute();
      else await trx.deleteFrom("event_occurrence_change").where("eventId", "=", eventId).where("date", "=", date).execute();
      undoneSeries.add(eventId);
    }
    // Calendar apps take a series whose dates changed as a new version of it.
    for (const ids of chunks([...undoneSeries], 500)) await trx.updateTable("event").set((eb) => ({ sequence: eb("sequence", "+", 1) })).where("id", "in", ids).execute();

    for (const { written, lastUpdatedAt: updatedBefore, ...before } of undo.previousEvents ?? []) {
      const current = await trx.selectFrom("event").select([...EVENT_COLUMNS, "lastUpdatedAt"]).where("id", "=", before.id).executeTakeFirst();
      if (!current) continue;
      const untouchedSince = sameInstant(current.lastUpdatedAt, appliedAt);
      const { restore, kept: keptFields } = restoreFields(EVENT_FIELDS, before, current, written, untouchedSince);
      const fields = [...new Set([...keptFields, ...(keptDates.get(before.id) ?? [])])].sort((a, b) => EVENT_IMPORT_FIELD_NAMES.indexOf(a) - EVENT_IMPORT_FIELD_NAMES.indexOf(b));
      const name = restore.name ?? current.name;
      if (fields.length > 0) kept.push({ businessId: before.id, name, fields });
      const restored = Object.keys(restore).length > 0 || undoneSeries.has(before.id);
      // Restored wholly and untouched since, the event is dated as it was (an import that changed only dates of a
      // series too); otherwise this undo is its latest change.
      const wholly = untouchedSince && fields.length === 0;
      if (!restored && !wholly) continue;
      await trx.updateTable("event").set({ ...restore, lastUpdatedAt: wholly ? updatedBefore : now }).where("id", "=", before.id).execute();
      if (restored) entries.push({ action: "update", entityType: "event", entityId: before.id, name });
    }
  }

  /** What undo left as it was, once the import is undone. */
  async keptOnUndo(id: string): Promise<KeptOnUndo[]> {
    const row = await this.db.selectFrom("data_import").select("undo").where("id", "=", id).executeTakeFirst();
    return row?.undo ? ((JSON.parse(row.undo) as UndoRecord).kept ?? []) : [];
  }
}
