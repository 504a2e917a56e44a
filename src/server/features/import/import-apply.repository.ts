// Applying an import: every business or event of the plan written, with its audit entries and what undo needs, in one
// transaction.
import type { Kysely, Transaction } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { newId } from "#server/db/ids.ts";
import type { ImportSummary } from "#shared/schemas/data-import.ts";
import { matchKey, type Catalog, type RowCells, type StoredBusiness } from "./business-rows.ts";
import type { EventCatalog, EventWrite, Move } from "./event-rows.ts";
import { BUSINESS_COLUMNS, chunks, EVENT_COLUMNS, type DateChange, type UndoRecord } from "./import-stored.ts";

/** Businesses read a page at a time while matching rows by name. */
const NAME_PAGE = 2000;

export interface EventPlan {
  events: Array<{ id: string; isNew: boolean; values: EventWrite; cancel: string[]; move: Move[] }>;
  actor: { id: string; email: string };
  auditNote: string;
  summary: ImportSummary;
}

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

export class ImportApplyRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /**
   * What rows are compared against: every category and tag, and the businesses the rows may be (those they name by
   * id, and those whose name matches a row's), with their tag ids. The other businesses are read a page at a time,
   * id, name and address only, to find the matches by name: memory stays that of the file, however many businesses
   * there are.
   */
  async catalog(named: readonly { cells: RowCells }[], db: Kysely<DB> = this.db): Promise<Catalog> {
    const wanted = new Set(named.flatMap(({ cells }) => (cells.id ? [cells.id] : [])));
    const names = new Set(named.flatMap(({ cells }) => (cells.name ? [matchKey(cells.name, null)] : [])));
    if (names.size > 0) {
      for (let after = ""; ; ) {
        const page = await db.selectFrom("business").select(["id", "name"]).where("id", ">", after).orderBy("id").limit(NAME_PAGE).execute();
        for (const business of page) if (names.has(matchKey(business.name, null))) wanted.add(business.id);
        if (page.length < NAME_PAGE) break;
        after = page.at(-1)!.id;
      }
    }
    const ids = [...wanted];
    const [businesses, links, categories, tags] = await Promise.all([
      Promise.all(chunks(ids, 500).map((part) => db.selectFrom("business").select(BUSINESS_COLUMNS).where("id", "in", part).execute())).then((parts) => parts.flat()),
      Promise.all(chunks(ids, 500).map((part) => db.selectFrom("business_tag").select(["businessId", "tagId"]).where("businessId", "in", part).execute())).then((parts) => parts.flat()),
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

  /**
   * Writes every business of the plan (made from the businesses as read inside the transaction), its tags, the new categories and tags and one audit entry per business, and marks
   * the import applied: all in one transaction, so a failure anywhere leaves the database as it was. False when the
   * import was no longer a preview (applied at the same moment elsewhere).
   */
  async apply(importId: string, named: readonly { cells: RowCells }[], planFor: (catalog: Catalog) => ApplyPlan): Promise<boolean> {
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
      const catalog = await this.catalog(named, trx);
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
}
