// Undoing an applied import: what it replaced put back and what it added removed, unless changed since.
import type { Kysely, Transaction } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { newId } from "#server/db/ids.ts";
import { EVENT_IMPORT_FIELD_NAMES, type BusinessImportField, type EventImportField } from "#shared/schemas/data-import.ts";
import { YES_NO_FIELDS, type StoredBusiness, type YesNoField } from "./business-rows.ts";
import type { StoredEvent } from "./event-rows.ts";
import { BUSINESS_COLUMNS, chunks, EVENT_COLUMNS, type DateChange, type KeptOnUndo, type UndoRecord } from "./import-stored.ts";

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
  ["priceRange", ["priceRange"]],
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

export class ImportUndoRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
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
