// Registration settings per event and per date, registrations, and the attempts the rate limits count.
import { sql, type Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { DialectName } from "#server/db/database.ts";
import type { Question, RegistrationSettingsValues, RegistrationStatus } from "#shared/schemas/registration.ts";

/** The settings row of the event as a whole (a date's own row overrides it for that date). */
export const WHOLE_EVENT = "";

export interface StoredSettings {
  eventId: string;
  /** WHOLE_EVENT, or a series' local date. */
  date: string;
  enabled: boolean;
  capacity: number | null;
  maxPartySize: number;
  opensAt: string | null;
  closesAt: string | null;
  questions: Question[];
  waitlist: boolean;
  cancelledAt: string | null;
}

export interface StoredRegistration {
  id: string;
  eventId: string;
  occurrenceDate: string | null;
  name: string;
  email: string;
  userId: string | null;
  partySize: number;
  answers: Record<string, string>;
  status: RegistrationStatus;
  checkInCode: string;
  checkedInAt: string | null;
  cancelToken: string;
  reminderSentAt: string | null;
  createdAt: string;
  lastUpdatedAt: string;
  /** The language of the page the person registered from, which their mail follows (null: the site's default). */
  language: string | null;
}

const REGISTRATION_COLUMNS = [
  "id",
  "eventId",
  "occurrenceDate",
  "name",
  "email",
  "userId",
  "partySize",
  "answers",
  "status",
  "checkInCode",
  "checkedInAt",
  "cancelToken",
  "reminderSentAt",
  "createdAt",
  "lastUpdatedAt",
  "language",
] as const;

const SETTINGS_COLUMNS = ["eventId", "date", "enabled", "capacity", "maxPartySize", "opensAt", "closesAt", "questions", "waitlist", "cancelledAt"] as const;

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

type RegistrationRow = Omit<StoredRegistration, "answers" | "status"> & { answers: string; status: string };
const registrationFromRow = (row: RegistrationRow): StoredRegistration => ({
  ...row,
  partySize: Number(row.partySize),
  answers: parseJson<Record<string, string>>(row.answers, {}),
  status: row.status as RegistrationStatus,
});

type SettingsRow = { eventId: string; date: string; enabled: number; capacity: number | null; maxPartySize: number; opensAt: string | null; closesAt: string | null; questions: string; waitlist: number; cancelledAt: string | null };
const settingsFromRow = (row: SettingsRow): StoredSettings => ({
  ...row,
  enabled: Boolean(row.enabled),
  waitlist: Boolean(row.waitlist),
  capacity: row.capacity === null ? null : Number(row.capacity),
  maxPartySize: Number(row.maxPartySize),
  questions: parseJson<Question[]>(row.questions, []),
});

/** A registration's date as stored: null for an event of one date. */
export type OccurrenceKey = string | null;

export class RegistrationRepository {
  private readonly db: Kysely<DB>;
  private readonly dialect: DialectName;
  constructor(db: Kysely<DB>, dialect: DialectName) {
    this.db = db;
    this.dialect = dialect;
  }

  /** The event's settings and, for a date, the date's own (either may be missing). */
  async getSettings(eventId: string, date: OccurrenceKey): Promise<{ event: StoredSettings | undefined; date: StoredSettings | undefined }> {
    const rows = await this.db
      .selectFrom("registration_setting")
      .select(SETTINGS_COLUMNS)
      .where("eventId", "=", eventId)
      .where("date", "in", [WHOLE_EVENT, date ?? WHOLE_EVENT])
      .execute();
    const settings = rows.map(settingsFromRow);
    return { event: settings.find((s) => s.date === WHOLE_EVENT), date: date ? settings.find((s) => s.date === date) : undefined };
  }

  /** Every settings row of the events given. */
  async settingsOf(eventIds: readonly string[]): Promise<StoredSettings[]> {
    if (eventIds.length === 0) return [];
    const rows = await this.db.selectFrom("registration_setting").select(SETTINGS_COLUMNS).where("eventId", "in", eventIds).execute();
    return rows.map(settingsFromRow);
  }

  async saveSettings(eventId: string, date: string, values: RegistrationSettingsValues): Promise<void> {
    const row = {
      enabled: values.enabled ? 1 : 0,
      capacity: values.capacity,
      maxPartySize: values.maxPartySize,
      opensAt: values.opensAt,
      closesAt: values.closesAt,
      questions: JSON.stringify(values.questions),
      waitlist: values.waitlist ? 1 : 0,
      lastUpdatedAt: new Date().toISOString(),
    };
    await this.db
      .insertInto("registration_setting")
      .values({ eventId, date, ...row })
      .onConflict((oc) => oc.columns(["eventId", "date"]).doUpdateSet(row))
      .execute();
  }

  /** Closes registration for a cancelled date (or, with WHOLE_EVENT, the event), keeping the rest of the settings. */
  async markCancelled(eventId: string, date: string, at: string): Promise<void> {
    await this.db
      .insertInto("registration_setting")
      .values({ eventId, date, cancelledAt: at, lastUpdatedAt: at })
      .onConflict((oc) => oc.columns(["eventId", "date"]).doUpdateSet({ cancelledAt: at, lastUpdatedAt: at }))
      .execute();
    if (date !== WHOLE_EVENT) {
      // A date's own row starts from the event's settings: copy them over the defaults the insert gave.
      const whole = (await this.getSettings(eventId, null)).event;
      const own = (await this.getSettings(eventId, date)).date;
      if (whole && own && !own.enabled && own.capacity === null && own.questions.length === 0) {
        await this.db
          .updateTable("registration_setting")
          .set({ enabled: whole.enabled ? 1 : 0, capacity: whole.capacity, maxPartySize: whole.maxPartySize, opensAt: whole.opensAt, closesAt: whole.closesAt, questions: JSON.stringify(whole.questions), waitlist: whole.waitlist ? 1 : 0 })
          .where("eventId", "=", eventId)
          .where("date", "=", date)
          .execute();
      }
    }
  }

  /** Opens registration again for a date (or, with WHOLE_EVENT, the event) that was cancelled; false when it was not. */
  async clearCancelled(eventId: string, date: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("registration_setting")
      .set({ cancelledAt: null, lastUpdatedAt: at })
      .where("eventId", "=", eventId)
      .where("date", "=", date)
      .where("cancelledAt", "is not", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Cancels every place and waiting-list entry of a date (of every date when `date` is undefined), answering those it
   * cancelled.
   */
  async cancelAll(eventId: string, date: OccurrenceKey | undefined): Promise<StoredRegistration[]> {
    const open = (await this.list(eventId, date)).filter((r) => r.status === "confirmed" || r.status === "waitlisted");
    if (open.length === 0) return [];
    await this.db
      .updateTable("registration")
      .set({ status: "cancelled", lastUpdatedAt: new Date().toISOString() })
      .where("id", "in", open.map((r) => r.id))
      .execute();
    return open;
  }

  /**
   * Holds the event's row until the transaction ends, so two registrations for it never count the places at the same
   * time (PostgreSQL; SQLite runs one transaction at a time anyway).
   */
  async lockEvent(eventId: string): Promise<void> {
    if (this.dialect !== "postgres") return;
    await this.db.selectFrom("event").select("id").where("id", "=", eventId).forUpdate().execute();
  }


  /** Confirmed places (party sizes summed) and the waiting list's length, of one date. */
  async counts(eventId: string, date: OccurrenceKey): Promise<{ confirmedPlaces: number; waitlisted: number }> {
    let query = this.db
      .selectFrom("registration")
      .select([
        sql<number>`coalesce(sum(case when status = 'confirmed' then "partySize" else 0 end), 0)`.as("confirmedPlaces"),
        sql<number>`coalesce(sum(case when status = 'waitlisted' then 1 else 0 end), 0)`.as("waitlisted"),
      ])
      .where("eventId", "=", eventId);
    query = date === null ? query.where("occurrenceDate", "is", null) : query.where("occurrenceDate", "=", date);
    const row = await query.executeTakeFirstOrThrow();
    return { confirmedPlaces: Number(row.confirmedPlaces), waitlisted: Number(row.waitlisted) };
  }

  /**
   * Stores a registration with the next number of its event: the caller holds the event's lock (lockEvent), so the
   * numbers follow the order registrations were taken in, whatever their clock or random ids say.
   */
  async insert(registration: Omit<StoredRegistration, "reminderSentAt" | "checkedInAt" | "lastUpdatedAt" | "language"> & { language?: string | null }): Promise<void> {
    const last = await this.db
      .selectFrom("registration")
      .select((eb) => eb.fn.coalesce(eb.fn.max("sequence"), sql<number>`0`).as("n"))
      .where("eventId", "=", registration.eventId)
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto("registration")
      .values({ ...registration, answers: JSON.stringify(registration.answers), lastUpdatedAt: registration.createdAt, sequence: Number(last.n) + 1 })
      .execute();
  }

  async get(id: string): Promise<StoredRegistration | undefined> {
    const row = await this.db.selectFrom("registration").select(REGISTRATION_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? registrationFromRow(row) : undefined;
  }

  /** The registrations of an event (of one date, when given; every date when `date` is undefined), oldest first. */
  async list(eventId: string, date?: OccurrenceKey): Promise<StoredRegistration[]> {
    let query = this.db.selectFrom("registration").select(REGISTRATION_COLUMNS).where("eventId", "=", eventId);
    if (date !== undefined) query = date === null ? query.where("occurrenceDate", "is", null) : query.where("occurrenceDate", "=", date);
    const rows = await query.orderBy("occurrenceDate").orderBy("sequence").execute();
    return rows.map(registrationFromRow);
  }

  /** Who waits for a date, strictly first come first (the order they were taken in). */
  async waiting(eventId: string, date: OccurrenceKey): Promise<StoredRegistration[]> {
    let query = this.db.selectFrom("registration").select(REGISTRATION_COLUMNS).where("eventId", "=", eventId).where("status", "=", "waitlisted");
    query = date === null ? query.where("occurrenceDate", "is", null) : query.where("occurrenceDate", "=", date);
    const rows = await query.orderBy("sequence").execute();
    return rows.map(registrationFromRow);
  }

  async setStatus(id: string, status: RegistrationStatus): Promise<void> {
    await this.db.updateTable("registration").set({ status, lastUpdatedAt: new Date().toISOString() }).where("id", "=", id).execute();
  }

  /** Marks the reminder of a registration as sent; false when it was already (another run took it). */
  async claimReminder(id: string, at: string): Promise<boolean> {
    const result = await this.db.updateTable("registration").set({ reminderSentAt: at }).where("id", "=", id).where("reminderSentAt", "is", null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setCheckedIn(id: string, at: string | null): Promise<void> {
    await this.db.updateTable("registration").set({ checkedInAt: at, lastUpdatedAt: new Date().toISOString() }).where("id", "=", id).execute();
  }

  /**
   * Confirmed registrations whose reminder has not gone, for a series' `date` or a one-off event starting in
   * [from, to): the candidates of the day before's reminder.
   */
  async unreminded(date: string, from: string, to: string): Promise<StoredRegistration[]> {
    const rows = await this.db
      .selectFrom("registration")
      .innerJoin("event", "event.id", "registration.eventId")
      .select(REGISTRATION_COLUMNS.map((c) => `registration.${c}` as const))
      .where("registration.status", "=", "confirmed")
      .where("registration.reminderSentAt", "is", null)
      .where((eb) =>
        eb.or([
          eb("registration.occurrenceDate", "=", date),
          eb.and([eb("registration.occurrenceDate", "is", null), eb("event.eventDate", ">=", from), eb("event.eventDate", "<", to)]),
        ]),
      )
      .execute();
    return rows.map(registrationFromRow);
  }

  /** Deletes the registrations of series' dates before `date` and of one-off events that began before `instant`. */
  async deleteBefore(date: string, instant: string): Promise<number> {
    const oneOffs = this.db.selectFrom("event").select("id").where("eventDate", "<", instant);
    const result = await this.db
      .deleteFrom("registration")
      .where((eb) => eb.or([eb("occurrenceDate", "<", date), eb.and([eb("occurrenceDate", "is", null), eb("eventId", "in", oneOffs)])]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every event with any registration, and its dates. */
  async registeredDates(): Promise<Array<{ eventId: string; occurrenceDate: string | null }>> {
    return this.db.selectFrom("registration").select(["eventId", "occurrenceDate"]).distinct().execute();
  }

  async deleteOf(eventId: string, date: OccurrenceKey): Promise<number> {
    let query = this.db.deleteFrom("registration").where("eventId", "=", eventId);
    query = date === null ? query.where("occurrenceDate", "is", null) : query.where("occurrenceDate", "=", date);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Records an attempt under each key and answers how many each had in the window, this one included. */
  async countAttempt(keys: readonly string[], since: string, at: string): Promise<number[]> {
    await this.db.deleteFrom("registration_attempt").where("at", "<", since).execute();
    await this.db.insertInto("registration_attempt").values(keys.map((key) => ({ key, at }))).execute();
    return Promise.all(
      keys.map(async (key) => {
        const row = await this.db.selectFrom("registration_attempt").select((eb) => eb.fn.countAll<number>().as("n")).where("key", "=", key).where("at", ">=", since).executeTakeFirstOrThrow();
        return Number(row.n);
      }),
    );
  }
}
