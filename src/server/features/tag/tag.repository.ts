import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { folded } from "#server/db/order.ts";
import type { Tag } from "#shared/schemas/tag.ts";
import { unlessTaken } from "#server/db/unique-violation.ts";
import { changedAny } from "#server/db/write-results.ts";

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
    return unlessTaken("name_taken", async () => {
      await this.db.insertInto("tag").values(row).execute();
      return row;
    });
  }

  async update(id: string, name: string): Promise<Tag | "name_taken" | undefined> {
    const found = await unlessTaken("name_taken", async () => changedAny(await this.db.updateTable("tag").set({ name }).where("id", "=", id).executeTakeFirst()));
    if (found === "name_taken") return found;
    return found ? this.get(id) : undefined;
  }

  /** Businesses lose the tag with it. */
  async delete(id: string): Promise<boolean> {
    return changedAny(await this.db.deleteFrom("tag").where("id", "=", id).executeTakeFirst());
  }
}
