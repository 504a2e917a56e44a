// Who owns which business, and the accounts an owner is made from.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { Owner } from "#shared/schemas/owners.ts";

export class OwnersRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async isOwner(businessId: string, userId: string): Promise<boolean> {
    const row = await this.db.selectFrom("business_owner").select("userId").where("businessId", "=", businessId).where("userId", "=", userId).executeTakeFirst();
    return row !== undefined;
  }

  /** The ids of the businesses a person owns. */
  async ownedBusinessIds(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom("business_owner").select("businessId").where("userId", "=", userId).orderBy("createdAt").execute();
    return rows.map((r) => r.businessId);
  }

  getOwners(businessId: string): Promise<Owner[]> {
    return this.db
      .selectFrom("business_owner")
      .innerJoin("user", "user.id", "business_owner.userId")
      .select(["business_owner.userId", "user.email", "user.displayName", "business_owner.createdAt"])
      .where("business_owner.businessId", "=", businessId)
      .orderBy("business_owner.createdAt")
      .execute();
  }

  /** Makes the person an owner; nothing happens when they already are one. */
  async addOwner(businessId: string, userId: string): Promise<void> {
    await this.db
      .insertInto("business_owner")
      .values({ businessId, userId, createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["businessId", "userId"]).doNothing())
      .execute();
  }

  async removeOwner(businessId: string, userId: string): Promise<boolean> {
    const result = await this.db.deleteFrom("business_owner").where("businessId", "=", businessId).where("userId", "=", userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async findUserByEmail(email: string): Promise<{ id: string; email: string; role: string | null } | undefined> {
    return this.db.selectFrom("user").select(["id", "email", "role"]).where("email", "=", email.toLowerCase()).executeTakeFirst();
  }

  async getUser(id: string): Promise<{ id: string; email: string; role: string | null; emailVerified: boolean } | undefined> {
    const row = await this.db.selectFrom("user").select(["id", "email", "role", "emailVerified"]).where("id", "=", id).executeTakeFirst();
    return row && { ...row, emailVerified: Boolean(row.emailVerified) };
  }

  /** Gives a plain user the role `business`; other roles stay. True when it changed. */
  async promoteToBusiness(userId: string): Promise<boolean> {
    const result = await this.db
      .updateTable("user")
      .set({ role: "business", updatedAt: new Date().toISOString() })
      .where("id", "=", userId)
      .where((eb) => eb.or([eb("role", "=", "user"), eb("role", "is", null)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
