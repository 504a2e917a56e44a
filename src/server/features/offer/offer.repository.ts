import type { Kysely, SelectQueryBuilder } from "kysely";
import type { SortDirection } from "#shared/schemas/pagination.ts";
import type { DB } from "#server/db/database-types.ts";
import type { Offer } from "#shared/schemas/offer.ts";

const COLUMNS = [
  "id",
  "businessId",
  "businessName",
  "description",
  "price",
  "type",
  "terms",
  "validFrom",
  "validUntil",
  "couponCode",
  "createdAt",
  "lastUpdatedAt",
] as const;
const STORED_COLUMNS = [...COLUMNS, "ownerUid"] as const;

export type StoredOffer = Offer & { ownerUid: string | null };
export type OfferWrite = Pick<Offer, "businessId" | "businessName" | "description" | "price" | "type" | "terms" | "validFrom" | "validUntil" | "couponCode">;

/** Offers running on `today` (the site's local date, "2026-12-04"): begun, and not past their last day. */
function runningOn<QB extends SelectQueryBuilder<DB, "offer", object>>(query: QB, today: string): QB {
  return query
    .where((eb) => eb.or([eb("validFrom", "is", null), eb("validFrom", "<=", today)]))
    .where((eb) => eb.or([eb("validUntil", "is", null), eb("validUntil", ">=", today)])) as QB;
}

export class OfferRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Those running on `today`, newest first. */
  getRunning(today: string, limit?: number): Promise<Offer[]> {
    let query = runningOn(this.db.selectFrom("offer").select(COLUMNS), today).orderBy("createdAt", "desc").orderBy("id");
    if (limit !== undefined) query = query.limit(limit);
    return query.execute();
  }

  /** How many offers run on `today` (the sitemap counts them without reading them). */
  async countRunning(today: string): Promise<number> {
    const row = await runningOn(this.db.selectFrom("offer").select((eb) => eb.fn.countAll<number | string | bigint>().as("count")), today).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Ids and last changes of the offers running on `today`, by id, a page at a time (keyset). */
  runningIdsPage(today: string, limit: number, from: { afterId: string } | { offset: number }): Promise<Array<{ id: string; lastUpdatedAt: string }>> {
    let query = runningOn(this.db.selectFrom("offer").select(["id", "lastUpdatedAt"]), today).orderBy("id").limit(limit);
    query = "afterId" in from ? query.where("id", ">", from.afterId) : query.offset(from.offset);
    return query.execute();
  }

  /** A business's offers running on `today`, newest first. */
  /** The offers of any of the given businesses running today, newest first. */
  getRunningByBusinesses(businessIds: readonly string[], today: string): Promise<Offer[]> {
    if (businessIds.length === 0) return Promise.resolve([]);
    return runningOn(this.db.selectFrom("offer").select(COLUMNS), today)
      .where("businessId", "in", businessIds)
      .orderBy("createdAt", "desc")
      .orderBy("id")
      .execute();
  }

  /** Newest first, a page at a time (the admin list). */
  async getPage(offset: number, limit: number, sort: SortDirection = "desc"): Promise<{ items: StoredOffer[]; total: number }> {
    const [items, count] = await Promise.all([
      this.db.selectFrom("offer").select(STORED_COLUMNS).orderBy("createdAt", sort).orderBy("id").limit(limit).offset(offset).execute(),
      this.db.selectFrom("offer").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.total) };
  }

  get(id: string): Promise<Offer | undefined> {
    return this.db.selectFrom("offer").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  }

  getStored(id: string): Promise<StoredOffer | undefined> {
    return this.db.selectFrom("offer").select(STORED_COLUMNS).where("id", "=", id).executeTakeFirst();
  }

  async create(id: string, ownerUid: string, values: OfferWrite): Promise<StoredOffer> {
    const now = new Date().toISOString();
    const row = { id, ...values, ownerUid, createdAt: now, lastUpdatedAt: now };
    await this.db.insertInto("offer").values(row).execute();
    return row;
  }

  async update(id: string, values: OfferWrite): Promise<StoredOffer | undefined> {
    const result = await this.db
      .updateTable("offer")
      .set({ ...values, lastUpdatedAt: new Date().toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 0 ? undefined : this.getStored(id);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("offer").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
