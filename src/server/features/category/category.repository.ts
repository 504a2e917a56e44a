import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { folded } from "#server/db/order.ts";
import type { Category, CategoryWriteValues } from "#shared/schemas/category.ts";
import { unlessTaken } from "#server/db/unique-violation.ts";
import { changedAny } from "#server/db/write-results.ts";

const COLUMNS = ["id", "name", "color", "description", "createdAt"] as const;

export class CategoryRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Ordered by name. */
  getAll(): Promise<Category[]> {
    return this.db.selectFrom("category").select(COLUMNS).orderBy(folded("name")).orderBy("name").orderBy("id").execute();
  }

  async get(id: string): Promise<Category | undefined> {
    return this.db.selectFrom("category").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  }

  /** The new category, or "name_taken" when another has the same name ignoring case. */
  async create(id: string, values: CategoryWriteValues): Promise<Category | "name_taken"> {
    const row = { id, ...values, createdAt: new Date().toISOString() };
    return unlessTaken("name_taken", async () => {
      await this.db.insertInto("category").values(row).execute();
      return row;
    });
  }

  /** Businesses refer to the category by id, so a new name needs no change to them. */
  async update(id: string, values: CategoryWriteValues): Promise<Category | "name_taken" | undefined> {
    const found = await unlessTaken("name_taken", async () => changedAny(await this.db.updateTable("category").set(values).where("id", "=", id).executeTakeFirst()));
    if (found === "name_taken") return found;
    return found ? this.get(id) : undefined;
  }

  /** Its businesses stay, without a category. */
  async delete(id: string): Promise<boolean> {
    return changedAny(await this.db.deleteFrom("category").where("id", "=", id).executeTakeFirst());
  }
}
