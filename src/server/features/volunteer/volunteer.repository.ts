// Volunteer opportunities, their shifts, the sign-ups (confirmed or waiting, in the order they came), and what was
// mailed to whom. The writes that count places run inside the service's transaction, after `lockShift`.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { DialectName } from "#server/db/database.ts";
import type { SignupStatus } from "#shared/schemas/volunteer.ts";

export interface StoredOpportunity {
  id: string;
  title: string;
  description: string;
  eventId: string | null;
  occurrenceDate: string | null;
  eventName: string | null;
  editorUid: string | null;
  createdAt: string;
  lastUpdatedAt: string;
}

export interface StoredShift {
  id: string;
  opportunityId: string;
  startsAt: string;
  endsAt: string;
  place: string;
  placesNeeded: number;
  requirements: string | null;
}

export interface StoredSignup {
  id: string;
  shiftId: string;
  userId: string;
  displayName: string;
  email: string;
  status: SignupStatus;
  signedUpAt: string;
  mailedStatus: SignupStatus | null;
  remindedAt: string | null;
  attended: boolean | null;
}

export type OpportunityWrite = Pick<StoredOpportunity, "title" | "description" | "eventId" | "occurrenceDate" | "editorUid">;
export type ShiftWrite = Omit<StoredShift, "id" | "opportunityId">;

const OPPORTUNITY_COLUMNS = [
  "volunteer_opportunity.id",
  "volunteer_opportunity.title",
  "volunteer_opportunity.description",
  "volunteer_opportunity.eventId",
  "volunteer_opportunity.occurrenceDate",
  "volunteer_opportunity.editorUid",
  "volunteer_opportunity.createdAt",
  "volunteer_opportunity.lastUpdatedAt",
  "event.name as eventName",
] as const;
const SHIFT_COLUMNS = ["id", "opportunityId", "startsAt", "endsAt", "place", "placesNeeded", "requirements"] as const;

const shiftFrom = (row: StoredShift): StoredShift => ({ ...row, placesNeeded: Number(row.placesNeeded) });
type SignupRow = Omit<StoredSignup, "attended" | "status" | "mailedStatus"> & { attended: number | null; status: string; mailedStatus: string | null };
const signupFrom = (row: SignupRow): StoredSignup => ({
  ...row,
  status: row.status as SignupStatus,
  mailedStatus: row.mailedStatus as SignupStatus | null,
  attended: row.attended === null ? null : Boolean(Number(row.attended)),
});

export class VolunteerRepository {
  private readonly db: Kysely<DB>;
  private readonly dialect: DialectName;
  constructor(db: Kysely<DB>, dialect: DialectName) {
    this.db = db;
    this.dialect = dialect;
  }

  private opportunities() {
    return this.db.selectFrom("volunteer_opportunity").leftJoin("event", "event.id", "volunteer_opportunity.eventId").select(OPPORTUNITY_COLUMNS);
  }

  async get(id: string): Promise<StoredOpportunity | undefined> {
    return this.opportunities().where("volunteer_opportunity.id", "=", id).executeTakeFirst();
  }

  /** Opportunities with a shift that has not started at `now`, by their first such shift. */
  async open(now: string): Promise<StoredOpportunity[]> {
    const first = this.db.selectFrom("volunteer_shift").select((eb) => ["opportunityId", eb.fn.min("startsAt").as("firstStart")]).where("startsAt", ">", now).groupBy("opportunityId").as("first");
    return this.opportunities().innerJoin(first, "first.opportunityId", "volunteer_opportunity.id").orderBy("first.firstStart").orderBy("volunteer_opportunity.id").execute();
  }

  /** Those tied to this event (any date of it), for its page. */
  async ofEvent(eventId: string): Promise<StoredOpportunity[]> {
    return this.opportunities().where("volunteer_opportunity.eventId", "=", eventId).orderBy("volunteer_opportunity.createdAt").execute();
  }

  async getPage(offset: number, limit: number, sort: "asc" | "desc" = "desc"): Promise<{ items: StoredOpportunity[]; total: number }> {
    const [items, count] = await Promise.all([
      this.opportunities().orderBy("volunteer_opportunity.createdAt", sort).orderBy("volunteer_opportunity.id").limit(limit).offset(offset).execute(),
      this.db.selectFrom("volunteer_opportunity").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.total) };
  }

  async create(id: string, values: OpportunityWrite): Promise<void> {
    const now = new Date().toISOString();
    await this.db.insertInto("volunteer_opportunity").values({ id, ...values, createdAt: now, lastUpdatedAt: now }).execute();
  }

  async update(id: string, values: OpportunityWrite): Promise<boolean> {
    const result = await this.db.updateTable("volunteer_opportunity").set({ ...values, lastUpdatedAt: new Date().toISOString() }).where("id", "=", id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("volunteer_opportunity").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The shifts of these opportunities, soonest first. */
  async shifts(opportunityIds: readonly string[]): Promise<StoredShift[]> {
    if (opportunityIds.length === 0) return [];
    const rows = await this.db.selectFrom("volunteer_shift").select(SHIFT_COLUMNS).where("opportunityId", "in", opportunityIds).orderBy("startsAt").orderBy("id").execute();
    return rows.map(shiftFrom);
  }

  async shift(id: string): Promise<StoredShift | undefined> {
    const row = await this.db.selectFrom("volunteer_shift").select(SHIFT_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row && shiftFrom(row);
  }

  /**
   * Reads the shift and, on PostgreSQL, holds its row until the transaction ends, so that sign-ups and cancellations of
   * one shift count its places one after another. SQLite's one writer already does.
   */
  async lockShift(id: string): Promise<StoredShift | undefined> {
    let query = this.db.selectFrom("volunteer_shift").select(SHIFT_COLUMNS).where("id", "=", id);
    if (this.dialect === "postgres") query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && shiftFrom(row);
  }

  async insertShift(opportunityId: string, id: string, values: ShiftWrite): Promise<void> {
    await this.db.insertInto("volunteer_shift").values({ ...values, id, opportunityId, createdAt: new Date().toISOString() }).execute();
  }

  async updateShift(opportunityId: string, id: string, values: ShiftWrite): Promise<void> {
    const { startsAt, endsAt, place, placesNeeded, requirements } = values;
    await this.db.updateTable("volunteer_shift").set({ startsAt, endsAt, place, placesNeeded, requirements }).where("id", "=", id).where("opportunityId", "=", opportunityId).execute();
  }

  async deleteShifts(opportunityId: string, keep: readonly string[]): Promise<void> {
    let query = this.db.deleteFrom("volunteer_shift").where("opportunityId", "=", opportunityId);
    if (keep.length > 0) query = query.where("id", "not in", keep);
    await query.execute();
  }

  private signupQuery() {
    return this.db
      .selectFrom("volunteer_signup")
      .innerJoin("user", "user.id", "volunteer_signup.userId")
      .select([
        "volunteer_signup.id",
        "volunteer_signup.shiftId",
        "volunteer_signup.userId",
        "volunteer_signup.status",
        "volunteer_signup.signedUpAt",
        "volunteer_signup.mailedStatus",
        "volunteer_signup.remindedAt",
        "volunteer_signup.attended",
        "user.displayName",
        "user.email",
      ]);
  }

  /** The sign-ups of these shifts, in the order they came. */
  async signups(shiftIds: readonly string[]): Promise<StoredSignup[]> {
    if (shiftIds.length === 0) return [];
    const rows = await this.signupQuery().where("volunteer_signup.shiftId", "in", shiftIds).orderBy("volunteer_signup.signedUpAt").orderBy("volunteer_signup.id").execute();
    return rows.map(signupFrom);
  }

  async signupOf(shiftId: string, userId: string): Promise<StoredSignup | undefined> {
    const row = await this.signupQuery().where("volunteer_signup.shiftId", "=", shiftId).where("volunteer_signup.userId", "=", userId).executeTakeFirst();
    return row && signupFrom(row);
  }

  async signup(id: string): Promise<StoredSignup | undefined> {
    const row = await this.signupQuery().where("volunteer_signup.id", "=", id).executeTakeFirst();
    return row && signupFrom(row);
  }

  async confirmedCount(shiftId: string): Promise<number> {
    const row = await this.db.selectFrom("volunteer_signup").select((eb) => eb.fn.countAll<number>().as("n")).where("shiftId", "=", shiftId).where("status", "=", "confirmed").executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertSignup(values: { id: string; shiftId: string; userId: string; status: SignupStatus }): Promise<void> {
    await this.db.insertInto("volunteer_signup").values({ ...values, signedUpAt: new Date().toISOString(), mailedStatus: null, remindedAt: null, attended: null }).execute();
  }

  async deleteSignup(id: string): Promise<void> {
    await this.db.deleteFrom("volunteer_signup").where("id", "=", id).execute();
  }

  /** Confirms the first `count` on the waiting list of this shift, in the order they came. */
  async promote(shiftId: string, count: number): Promise<void> {
    if (count <= 0) return;
    const first = await this.db
      .selectFrom("volunteer_signup")
      .select("id")
      .where("shiftId", "=", shiftId)
      .where("status", "=", "waiting")
      .orderBy("signedUpAt")
      .orderBy("id")
      .limit(count)
      .execute();
    if (first.length === 0) return;
    await this.db.updateTable("volunteer_signup").set({ status: "confirmed" }).where("id", "in", first.map((row) => row.id)).execute();
  }

  async setAttended(id: string, attended: boolean): Promise<void> {
    await this.db.updateTable("volunteer_signup").set({ attended: Number(attended) }).where("id", "=", id).execute();
  }

  /** The person's sign-ups for shifts that end after `now`, soonest first, with their opportunity. */
  async upcomingOf(userId: string, now: string) {
    return this.db
      .selectFrom("volunteer_signup")
      .innerJoin("volunteer_shift", "volunteer_shift.id", "volunteer_signup.shiftId")
      .innerJoin("volunteer_opportunity", "volunteer_opportunity.id", "volunteer_shift.opportunityId")
      .select([
        "volunteer_signup.shiftId",
        "volunteer_signup.status",
        "volunteer_shift.opportunityId",
        "volunteer_opportunity.title as opportunityTitle",
        "volunteer_shift.startsAt",
        "volunteer_shift.endsAt",
        "volunteer_shift.place",
      ])
      .where("volunteer_signup.userId", "=", userId)
      .where("volunteer_shift.endsAt", ">", now)
      .orderBy("volunteer_shift.startsAt")
      .orderBy("volunteer_shift.id")
      .execute();
  }

  /** Sign-ups whose status has not been mailed yet (a new one, or one promoted from the waiting list). */
  async statusMailDue(): Promise<StoredSignup[]> {
    const rows = await this.signupQuery()
      .where((eb) => eb.or([eb("volunteer_signup.mailedStatus", "is", null), eb("volunteer_signup.mailedStatus", "<>", eb.ref("volunteer_signup.status"))]))
      .orderBy("volunteer_signup.signedUpAt")
      .execute();
    return rows.map(signupFrom);
  }

  async markStatusMailed(id: string, status: SignupStatus): Promise<void> {
    await this.db.updateTable("volunteer_signup").set({ mailedStatus: status }).where("id", "=", id).where("status", "=", status).execute();
  }

  /** Confirmed sign-ups not yet reminded whose shift starts after `now` and no later than `until`. */
  async remindersDue(now: string, until: string): Promise<StoredSignup[]> {
    const rows = await this.signupQuery()
      .innerJoin("volunteer_shift", "volunteer_shift.id", "volunteer_signup.shiftId")
      .where("volunteer_signup.status", "=", "confirmed")
      .where("volunteer_signup.remindedAt", "is", null)
      .where("volunteer_shift.startsAt", ">", now)
      .where("volunteer_shift.startsAt", "<=", until)
      .orderBy("volunteer_shift.startsAt")
      .execute();
    return rows.map(signupFrom);
  }

  async markReminded(id: string): Promise<void> {
    await this.db.updateTable("volunteer_signup").set({ remindedAt: new Date().toISOString() }).where("id", "=", id).execute();
  }
}
