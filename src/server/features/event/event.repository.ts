import { sql, type Kysely } from "kysely";
import type { SortDirection } from "#shared/schemas/pagination.ts";
import type { DB } from "#server/db/database-types.ts";
import { encodeCursor, keysetPage, type PageFrom } from "#server/db/keyset.ts";
import { keptPerContentVersion, type ContentVersion } from "#server/lib/per-content-version.ts";
import type { Event } from "#shared/schemas/event.ts";

/** An event with the columns only the admin sees. */
export type StoredEvent = Event & { imageStoragePath: string | null; ownerUid: string | null };

/** The columns every reader sees; one list, which the admin's columns extend. */
const COLUMNS = [
  "id",
  "name",
  "description",
  "location",
  "outdoorLocationDescription",
  "ticketsLink",
  "eventDate",
  "endDate",
  "allDay",
  "sequence",
  "recurrenceRule",
  "imageUrl",
  "createdAt",
  "lastUpdatedAt",
] as const;
const STORED_COLUMNS = [...COLUMNS, "imageStoragePath", "ownerUid"] as const;

/** What a write sets: every column but those the repository sets itself. */
export type EventWrite = Omit<StoredEvent, "id" | "ownerUid" | "createdAt" | "lastUpdatedAt" | "sequence" | "occurrenceDate" | "cancelled" | "previousStartDate">;

/** A cancelled or moved date of a series, named by the occurrence's original local date. */
export interface OccurrenceChange {
  eventId: string;
  date: string;
  cancelled: boolean;
  startDate: string | null;
  endDate: string | null;
  lastUpdatedAt: string;
}

/** `allDay` is 0 or 1 in the table on both engines. */
function toEvent<T extends { allDay: number }>(row: T): Omit<T, "allDay"> & { allDay: boolean; occurrenceDate: null; cancelled: false; previousStartDate: null } {
  return { ...row, allDay: row.allDay === 1, occurrenceDate: null, cancelled: false, previousStartDate: null };
}
const toEvents = <T extends { allDay: number }>(rows: T[]) => rows.map(toEvent);

export class EventRepository {
  private readonly db: Kysely<DB>;
  /** How many events the admin list holds: counted once per content version when it is given. */
  private readonly listed: () => Promise<number>;
  constructor(db: Kysely<DB>, contentVersion?: ContentVersion) {
    this.db = db;
    const count = async () => Number((await this.db.selectFrom("event").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow()).total);
    this.listed = contentVersion ? keptPerContentVersion(contentVersion, count) : count;
  }

  /** eventDate at or after `from`, soonest first. */
  getUpcoming(from: string, limit?: number): Promise<Event[]> {
    let query = this.db
      .selectFrom("event")
      .select(COLUMNS)
      .where("recurrenceRule", "is", null)
      .where("eventDate", ">=", from)
      .orderBy("eventDate")
      .orderBy("id");
    if (limit !== undefined) query = query.limit(limit);
    return query.execute().then(toEvents);
  }

  /** How many single events are on or after `from` (the sitemap counts them without reading them). */
  async countUpcoming(from: string): Promise<number> {
    const row = await this.db
      .selectFrom("event")
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
      .where("recurrenceRule", "is", null)
      .where("eventDate", ">=", from)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Ids and last changes of the single events on or after `when`, by id, a page at a time (keyset, as `idsPage`). */
  upcomingIdsPage(when: string, limit: number, from: { afterId: string } | { offset: number }): Promise<Array<{ id: string; lastUpdatedAt: string }>> {
    let query = this.db
      .selectFrom("event")
      .select(["id", "lastUpdatedAt"])
      .where("recurrenceRule", "is", null)
      .where("eventDate", ">=", when)
      .orderBy("id")
      .limit(limit);
    query = "afterId" in from ? query.where("id", ">", from.afterId) : query.offset(from.offset);
    return query.execute();
  }

  /** eventDate before `before`, newest first. */
  getPast(before: string, limit?: number): Promise<Event[]> {
    let query = this.db
      .selectFrom("event")
      .select(COLUMNS)
      .where("recurrenceRule", "is", null)
      .where("eventDate", "<", before)
      .orderBy("eventDate", "desc")
      .orderBy("id");
    if (limit !== undefined) query = query.limit(limit);
    return query.execute().then(toEvents);
  }

  /** Single events held at a business, newest first. */
  /** The single events held at any of the given businesses, newest first. */
  getByLocations(businessIds: readonly string[]): Promise<Event[]> {
    if (businessIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("event")
      .select(COLUMNS)
      .where("recurrenceRule", "is", null)
      .where("location", "in", businessIds)
      .orderBy("eventDate", "desc")
      .orderBy("id")
      .execute()
      .then(toEvents);
  }

  /** Every recurring event (only those at the given businesses, when given). */
  getSeries(businessIds?: readonly string[]): Promise<Event[]> {
    if (businessIds?.length === 0) return Promise.resolve([]);
    let query = this.db.selectFrom("event").select(COLUMNS).where("recurrenceRule", "is not", null);
    if (businessIds) query = query.where("location", "in", businessIds);
    return query.orderBy("eventDate").orderBy("id").execute().then(toEvents);
  }

  async getChanges(eventIds: string[]): Promise<OccurrenceChange[]> {
    if (eventIds.length === 0) return [];
    const rows = await this.db
      .selectFrom("event_occurrence_change")
      .select(["eventId", "date", "cancelled", "startDate", "endDate", "lastUpdatedAt"])
      .where("eventId", "in", eventIds)
      .orderBy("date")
      .execute();
    return rows.map((row) => ({ ...row, cancelled: row.cancelled === 1 }));
  }

  /** Records a cancelled or moved date, and raises the series' sequence (calendar apps update it). */
  async saveChange(change: Omit<OccurrenceChange, "lastUpdatedAt">): Promise<void> {
    const now = new Date().toISOString();
    const values = { cancelled: change.cancelled ? 1 : 0, startDate: change.startDate, endDate: change.endDate, lastUpdatedAt: now };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("event_occurrence_change")
        .values({ eventId: change.eventId, date: change.date, ...values })
        .onConflict((oc) => oc.columns(["eventId", "date"]).doUpdateSet(values))
        .execute();
      await trx.updateTable("event").set((eb) => ({ sequence: eb("sequence", "+", 1), lastUpdatedAt: now })).where("id", "=", change.eventId).execute();
    });
  }

  /** Puts a date of a series back as the rule has it. */
  async deleteChange(eventId: string, date: string): Promise<boolean> {
    const now = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom("event_occurrence_change").where("eventId", "=", eventId).where("date", "=", date).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await trx.updateTable("event").set((eb) => ({ sequence: eb("sequence", "+", 1), lastUpdatedAt: now })).where("id", "=", eventId).execute();
      return true;
    });
  }

  get(id: string): Promise<Event | undefined> {
    return this.db
      .selectFrom("event")
      .select(COLUMNS)
      .where("id", "=", id)
      .executeTakeFirst()
      .then((row) => row && toEvent(row));
  }

  /** Every event, newest first (the admin list). */
  async getPage(from: PageFrom, limit: number, sort: SortDirection = "desc"): Promise<{ items: StoredEvent[]; total: number; nextCursor?: string; previousCursor?: string }> {
    const [items, count] = await Promise.all([
      // In event_date_id_idx's order, both ways (migration 0066): a page is read from the index, from a position or
      // after or before an event's date and id (decision 0068).
      keysetPage(this.db, this.db.selectFrom("event").select(STORED_COLUMNS), [sql.ref("eventDate"), sql.ref("id")], from, limit, sort).read(),
      this.listed(),
    ]);
    const [first, last] = [items[0], items.at(-1)];
    const cursors = first && last ? { previousCursor: encodeCursor([first.eventDate, first.id]), nextCursor: encodeCursor([last.eventDate, last.id]) } : {};
    return { items: toEvents(items), total: count, ...cursors };
  }

  getStored(id: string): Promise<StoredEvent | undefined> {
    return this.db
      .selectFrom("event")
      .select(STORED_COLUMNS)
      .where("id", "=", id)
      .executeTakeFirst()
      .then((row) => row && toEvent(row));
  }

  async create(id: string, ownerUid: string, values: EventWrite): Promise<StoredEvent> {
    const now = new Date().toISOString();
    const row = { id, ...values, ownerUid, sequence: 0, createdAt: now, lastUpdatedAt: now };
    await this.db
      .insertInto("event")
      .values({ ...row, allDay: row.allDay ? 1 : 0 })
      .execute();
    return { ...row, occurrenceDate: null, cancelled: false, previousStartDate: null };
  }

  async update(id: string, values: EventWrite): Promise<StoredEvent | undefined> {
    const result = await this.db
      .updateTable("event")
      .set((eb) => ({ ...values, allDay: values.allDay ? 1 : 0, sequence: eb("sequence", "+", 1), lastUpdatedAt: new Date().toISOString() }))
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 0 ? undefined : this.getStored(id);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("event").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
