import type { Kysely } from "kysely";
import type { SortDirection } from "../../../shared/schemas/pagination.ts";
import type { DB } from "../../db/database-types.ts";
import type { Offer } from "../../../shared/schemas/offer.ts";

const COLUMNS = ["id", "businessId", "businessName", "description", "price", "type", "terms", "createdAt", "lastUpdatedAt"] as const;
const STORED_COLUMNS = [...COLUMNS, "ownerUid"] as const;

export type StoredOffer = Offer & { ownerUid: string | null };
export type OfferWrite = Pick<Offer, "businessId" | "businessName" | "description" | "price" | "type" | "terms">;

export class OfferRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Newest first. */
  getAll(limit?: number): Promise<Offer[]> {
    let query = this.db.selectFrom("offer").select(COLUMNS).orderBy("createdAt", "desc").orderBy("id");
    if (limit !== undefined) query = query.limit(limit);
    return query.execute();
  }

  /** A business's offers, newest first. */
  getByBusiness(businessId: string): Promise<Offer[]> {
    return this.db
      .selectFrom("offer")
      .select(COLUMNS)
      .where("businessId", "=", businessId)
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
