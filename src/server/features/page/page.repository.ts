import type { Kysely } from "kysely";
import type { SortDirection } from "#shared/schemas/pagination.ts";
import type { DB } from "#server/db/database-types.ts";
import { folded } from "#server/db/order.ts";
import type { PagePermission } from "#shared/constants.ts";
import type { Page, PageContentFormat } from "#shared/schemas/page.ts";
import { unlessTaken } from "#server/db/unique-violation.ts";
import { changedAny } from "#server/db/write-results.ts";

const COLUMNS = ["id", "name", "slug", "permission", "contentFormat", "content", "createdAt", "lastUpdatedAt"] as const;

type Row = Omit<Page, "permission" | "contentFormat"> & { permission: string; contentFormat: string };

function toPage(row: Row): Page {
  return { ...row, permission: row.permission as PagePermission, contentFormat: row.contentFormat as PageContentFormat };
}

export type PageWrite = Pick<Page, "name" | "slug" | "permission" | "contentFormat" | "content">;

export class PageRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Ordered by name. */
  async getPage(offset: number, limit: number, sort: SortDirection = "asc"): Promise<{ items: Page[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom("page").select(COLUMNS).orderBy(folded("name"), sort).orderBy("name", sort).orderBy("id").limit(limit).offset(offset).execute(),
      this.db.selectFrom("page").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toPage), total: Number(count.total) };
  }

  /** The pages anyone may read, by name: their address and last change. */
  async getPublic(): Promise<Array<Pick<Page, "slug" | "lastUpdatedAt">>> {
    return this.db.selectFrom("page").select(["slug", "lastUpdatedAt"]).where("permission", "=", "public").orderBy(folded("name")).orderBy("name").orderBy("id").execute();
  }

  async get(id: string): Promise<Page | undefined> {
    const row = await this.db.selectFrom("page").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    return row && toPage(row);
  }

  async getBySlug(slug: string): Promise<Page | undefined> {
    const row = await this.db.selectFrom("page").select(COLUMNS).where("slug", "=", slug).executeTakeFirst();
    return row && toPage(row);
  }

  /** The new page, or "slug_taken" when another page already has the slug. */
  async create(id: string, values: PageWrite): Promise<Page | "slug_taken"> {
    const now = new Date().toISOString();
    const row = { id, ...values, createdAt: now, lastUpdatedAt: now };
    return unlessTaken("slug_taken", async () => {
      await this.db.insertInto("page").values(row).execute();
      return row;
    });
  }

  async update(id: string, values: PageWrite): Promise<Page | "slug_taken" | undefined> {
    const found = await unlessTaken("slug_taken", async () =>
      changedAny(await this.db.updateTable("page").set({ ...values, lastUpdatedAt: new Date().toISOString() }).where("id", "=", id).executeTakeFirst()),
    );
    if (found === "slug_taken") return found;
    return found ? this.get(id) : undefined;
  }

  async delete(id: string): Promise<boolean> {
    return changedAny(await this.db.deleteFrom("page").where("id", "=", id).executeTakeFirst());
  }
}
