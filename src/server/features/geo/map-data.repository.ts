// The map's own read of businesses, categories and tags: only the columns the map draws, in one pass each.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { folded } from "#server/db/order.ts";
import { MAP_FIELDS, mapValueOf, type MapBusiness, type MapCategory, type MapTag } from "#shared/map.ts";
import type { BusinessColumn } from "#server/features/business/index.ts";
import { parseStoredHours } from "#server/lib/hours/stored-hours.ts";
import type { OpeningHours } from "#shared/schemas/opening-hours.ts";

/**
 * What the map draws of a business: thousands of rows, so only these, taken from the business's column list: the
 * fields its definition puts on the map, and the position, logo, category and hours.
 */
const MAP_COLUMNS = ["id", ...MAP_FIELDS.map(([name]) => name satisfies BusinessColumn), "logoUrl", "lat", "lng", "categoryId", "openingHours"] as const;

export class MapDataRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** The map's businesses with their opening hours (read as the business repository reads them), from which the service tells open or closed. */
  async getBusinesses(): Promise<Array<Omit<MapBusiness, "openNow"> & { openingHours: OpeningHours | null }>> {
    const [rows, links] = await Promise.all([
      this.db
        .selectFrom("business")
        .select(MAP_COLUMNS)
        .orderBy(folded("name"))
        .orderBy("name")
        .orderBy("id")
        .execute(),
      this.db.selectFrom("business_tag").select(["businessId", "tagId"]).execute(),
    ]);
    const tagsOf = new Map<string, string[]>();
    for (const link of links) {
      const list = tagsOf.get(link.businessId);
      if (list) list.push(link.tagId);
      else tagsOf.set(link.businessId, [link.tagId]);
    }
    return rows.map((row) => {
      const stored = row as unknown as Record<string, unknown>;
      return {
        ...(Object.fromEntries(MAP_FIELDS.map(([name, def]) => [name, mapValueOf(def, stored[name])])) as Omit<MapBusiness, "id" | "lat" | "lng" | "logoUrl" | "categoryId" | "tagIds" | "openNow">),
        id: row.id,
        logoUrl: row.logoUrl,
        lat: Number(row.lat),
        lng: Number(row.lng),
        categoryId: row.categoryId,
        tagIds: tagsOf.get(row.id) ?? [],
        openingHours: parseStoredHours(row.openingHours),
      };
    });
  }

  async countBusinesses(): Promise<number> {
    const row = await this.db.selectFrom("business").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async getCategories(): Promise<MapCategory[]> {
    const rows = await this.db
      .selectFrom("category")
      .leftJoin("business", "business.categoryId", "category.id")
      .select((eb) => ["category.id", "category.name", "category.color", eb.fn.count<number>("business.id").as("count")])
      .groupBy(["category.id", "category.name", "category.color"])
      .orderBy(folded("category.name"))
      .orderBy("category.name")
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, color: row.color, count: Number(row.count) }));
  }

  async getTags(): Promise<MapTag[]> {
    return this.db.selectFrom("tag").select(["id", "name"]).orderBy(folded("name")).orderBy("name").execute();
  }
}
