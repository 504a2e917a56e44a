// Visitors' suggestions of what is wrong with a listing (table listing_suggestion), with the listing's values now.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { CLOSED_FLAG_DAYS, type ClosedFlag, type SuggestionKind, type SuggestionStatus } from "#shared/schemas/listings.ts";

export interface StoredSuggestion {
  id: string;
  businessId: string;
  businessName: string;
  kind: SuggestionKind;
  value: string;
  status: SuggestionStatus;
  createdAt: string;
  decidedAt: string | null;
  /** The listing's stored values a suggestion may correct. */
  listing: { phone: string | null; website: string | null; address: string | null; openingHours: string | null };
}

export class SuggestionRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async create(suggestion: { id: string; businessId: string; kind: SuggestionKind; value: string; day: string; createdAt: string }): Promise<void> {
    await this.db
      .insertInto("listing_suggestion")
      .values({ ...suggestion, status: "pending" })
      .execute();
  }

  private select() {
    return this.db
      .selectFrom("listing_suggestion")
      .innerJoin("business", "business.id", "listing_suggestion.businessId")
      .select([
        "listing_suggestion.id",
        "listing_suggestion.businessId",
        "business.name as businessName",
        "listing_suggestion.kind",
        "listing_suggestion.value",
        "listing_suggestion.status",
        "listing_suggestion.createdAt",
        "listing_suggestion.decidedAt",
        "business.phone",
        "business.website",
        "business.address",
        "business.openingHours",
      ]);
  }

  private static toSuggestion(row: Awaited<ReturnType<ReturnType<SuggestionRepository["select"]>["execute"]>>[number]): StoredSuggestion {
    const { phone, website, address, openingHours, ...rest } = row;
    return { ...rest, kind: rest.kind as SuggestionKind, status: rest.status as SuggestionStatus, listing: { phone, website, address, openingHours } };
  }

  async get(id: string): Promise<StoredSuggestion | undefined> {
    const row = await this.select().where("listing_suggestion.id", "=", id).executeTakeFirst();
    return row && SuggestionRepository.toSuggestion(row);
  }

  /** Waiting suggestions, oldest first: all of them, or one business's. */
  async pending(businessId?: string): Promise<StoredSuggestion[]> {
    let q = this.select().where("listing_suggestion.status", "=", "pending");
    if (businessId) q = q.where("listing_suggestion.businessId", "=", businessId);
    const rows = await q.orderBy("listing_suggestion.createdAt").orderBy("listing_suggestion.id").limit(500).execute();
    return rows.map((row) => SuggestionRepository.toSuggestion(row));
  }

  /** Waiting suggestions of the businesses a person owns, oldest first. */
  async pendingForOwner(userId: string): Promise<StoredSuggestion[]> {
    const rows = await this.select()
      .where("listing_suggestion.status", "=", "pending")
      .where("listing_suggestion.businessId", "in", (eb) => eb.selectFrom("business_owner").select("business_owner.businessId").where("business_owner.userId", "=", userId))
      .orderBy("listing_suggestion.createdAt")
      .orderBy("listing_suggestion.id")
      .limit(500)
      .execute();
    return rows.map((row) => SuggestionRepository.toSuggestion(row));
  }

  /** Moves a waiting suggestion to its outcome; false when it was decided already. */
  async decide(id: string, status: Exclude<SuggestionStatus, "pending">, decidedBy: string): Promise<boolean> {
    const result = await this.db
      .updateTable("listing_suggestion")
      .set({ status, decidedBy, decidedAt: new Date().toISOString() })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Businesses said to be closed for good, in waiting suggestions of at least CLOSED_FLAG_DAYS different days. */
  async closedFlags(): Promise<ClosedFlag[]> {
    const rows = await this.db
      .selectFrom("listing_suggestion")
      .innerJoin("business", "business.id", "listing_suggestion.businessId")
      .select((eb) => ["listing_suggestion.businessId", "business.name as businessName", eb.fn.count<number>("listing_suggestion.day").distinct().as("days")])
      .where("listing_suggestion.kind", "=", "closed")
      .where("listing_suggestion.status", "=", "pending")
      .groupBy(["listing_suggestion.businessId", "business.name"])
      .having((eb) => eb.fn.count("listing_suggestion.day").distinct(), ">=", CLOSED_FLAG_DAYS)
      .orderBy("business.name")
      .execute();
    return rows.map((row) => ({ ...row, days: Number(row.days) }));
  }
}
