// When owners last confirmed or changed their listings, and the reminders sent to them (table listing_reminder).
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";

/** A business as the freshness rules read it. */
export interface ListingState {
  businessId: string;
  businessName: string;
  createdAt: string;
  ownerCheckedAt: string | null;
  /** When its first owner (of those now) became one; null without owners. */
  ownerSince: string | null;
  owners: number;
  lastRemindedAt: string | null;
}

export interface Reminder {
  businessId: string;
  businessName: string;
  sentAt: string;
}

export class FreshnessRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Every business (or those named), with its owners' count and when it was last checked and reminded. */
  async states(businessIds?: string[]): Promise<ListingState[]> {
    let q = this.db
      .selectFrom("business")
      .select((eb) => [
        "business.id as businessId",
        "business.name as businessName",
        "business.createdAt",
        "business.ownerCheckedAt",
        eb.selectFrom("business_owner").select((o) => o.fn.min<string>("business_owner.createdAt").as("since")).whereRef("business_owner.businessId", "=", "business.id").as("ownerSince"),
        eb.selectFrom("business_owner").select((o) => o.fn.countAll<number>().as("n")).whereRef("business_owner.businessId", "=", "business.id").as("owners"),
        eb.selectFrom("listing_reminder").select((r) => r.fn.max<string>("listing_reminder.sentAt").as("last")).whereRef("listing_reminder.businessId", "=", "business.id").as("lastRemindedAt"),
      ])
      .orderBy("business.name")
      .orderBy("business.id");
    if (businessIds) q = q.where("business.id", "in", businessIds.length ? businessIds : [""]);
    const rows = await q.execute();
    return rows.map((row) => ({ ...row, ownerSince: row.ownerSince ?? null, owners: Number(row.owners ?? 0), lastRemindedAt: row.lastRemindedAt ?? null }));
  }

  async ownersOf(businessId: string): Promise<Array<{ userId: string; email: string }>> {
    return this.db
      .selectFrom("business_owner")
      .innerJoin("user", "user.id", "business_owner.userId")
      .select(["user.id as userId", "user.email"])
      .where("business_owner.businessId", "=", businessId)
      .orderBy("user.email")
      .execute();
  }

  /** Records the business's reminder for the period before it is mailed; false when one was recorded already. */
  async claimReminder(businessId: string, period: string, token: string, sentAt: string): Promise<boolean> {
    const result = await this.db
      .insertInto("listing_reminder")
      .values({ businessId, period, token, sentAt })
      .onConflict((oc) => oc.columns(["businessId", "period"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async releaseReminder(businessId: string, period: string): Promise<void> {
    await this.db.deleteFrom("listing_reminder").where("businessId", "=", businessId).where("period", "=", period).execute();
  }

  async reminder(token: string): Promise<Reminder | undefined> {
    return this.db
      .selectFrom("listing_reminder")
      .innerJoin("business", "business.id", "listing_reminder.businessId")
      .select(["listing_reminder.businessId", "business.name as businessName", "listing_reminder.sentAt"])
      .where("listing_reminder.token", "=", token)
      .executeTakeFirst();
  }

  /** The reminders of the businesses named that no one has answered yet, latest first. */
  async unansweredReminders(businessIds: string[]): Promise<Array<{ businessId: string; token: string; sentAt: string }>> {
    if (businessIds.length === 0) return [];
    return this.db
      .selectFrom("listing_reminder")
      .select(["businessId", "token", "sentAt"])
      .where("businessId", "in", businessIds)
      .where("confirmedAt", "is", null)
      .orderBy("sentAt", "desc")
      .execute();
  }

  /** The owner confirmed the listing from the reminder carrying `token`. */
  async confirm(token: string, businessId: string, at: string): Promise<void> {
    await this.db.updateTable("listing_reminder").set({ confirmedAt: at }).where("token", "=", token).execute();
    await this.markChecked(businessId, at);
  }

  /** The owner confirmed or changed the listing at `at`. */
  async markChecked(businessId: string, at: string): Promise<void> {
    await this.db.updateTable("business").set({ ownerCheckedAt: at }).where("id", "=", businessId).execute();
  }

  async checkedAt(businessId: string): Promise<string | null> {
    const row = await this.db.selectFrom("business").select("ownerCheckedAt").where("id", "=", businessId).executeTakeFirst();
    return row?.ownerCheckedAt ?? null;
  }
}
