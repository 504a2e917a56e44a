import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { folded } from "#server/db/order.ts";
import type { Tag } from "#shared/schemas/tag.ts";
import { isUniqueViolation } from "#server/db/unique-violation.ts";

const COLUMNS = ["id", "name", "createdAt"] as const;

export class TagRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Ordered by name. */
  getAll(): Promise<Tag[]> {
    return this.db.selectFrom("tag").select(COLUMNS).orderBy(folded("name")).orderBy("name").orderBy("id").execute();
  }

  get(id: string): Promise<Tag | undefined> {
    return this.db.selectFrom("tag").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  }

  getMany(ids: readonly string[]): Promise<Tag[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom("tag").select(COLUMNS).where("id", "in", ids).orderBy(folded("name")).orderBy("name").execute();
  }

  /** The new tag, or "name_taken" when another has the same name ignoring case. */
  async create(id: string, name: string): Promise<Tag | "name_taken"> {
    const row = { id, name, createdAt: new Date().toISOString() };
    try {
      await this.db.insertInto("tag").values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) return "name_taken";
      throw error;
    }
    return row;
  }

  async update(id: string, name: string): Promise<Tag | "name_taken" | undefined> {
    try {
      const result = await this.db.updateTable("tag").set({ name }).where("id", "=", id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
    } catch (error) {
      if (isUniqueViolation(error)) return "name_taken";
      throw error;
    }
    return this.get(id);
  }

  /** Businesses lose the tag with it. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("tag").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
