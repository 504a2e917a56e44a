// The map's own read of businesses, categories and tags: only the columns the map draws, in one pass each.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { folded } from "#server/db/order.ts";
import { MAP_FEATURES, MAP_FIELDS, mapValueOf, type MapBusiness, type MapCategory, type MapTag } from "#shared/map.ts";
import type { BusinessColumn } from "#server/features/business/index.ts";
import { parseStoredHours } from "#server/lib/hours/stored-hours.ts";
import type { OpeningHours } from "#shared/schemas/opening-hours.ts";
import { changeMark, changesSince } from "#server/db/change-marks.ts";
import { MAP_CHANGES } from "./map-change.repository.ts";

/**
 * What the map draws of a business: thousands of rows, so only these, taken from the business's column list: the
 * fields its definition puts on the map, and the position, logo, category and hours.
 */
const MAP_COLUMNS = ["id", ...MAP_FIELDS.map(([name]) => name satisfies BusinessColumn), "logoUrl", "lat", "lng", "categoryId", "openingHours"] as const;

/** What the map's cluster index reads of a business: its position and what its filters ask (decision 0046). */
const INDEX_COLUMNS = ["id", "name", "lat", "lng", "categoryId", "openingHours", ...new Set(MAP_FEATURES.map((f) => f.field satisfies BusinessColumn))] as const;

/** A business as the cluster index reads it: the stored values of the map features' fields are under their names. */
export type IndexRow = { id: string; name: string; lat: number | string | null; lng: number | string | null; categoryId: string | null; openingHours: string | null } & Record<string, unknown>;

export type StoredMapBusiness = Omit<MapBusiness, "openNow"> & { openingHours: OpeningHours | null };

export class MapDataRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** The map's businesses with their opening hours (read as the business repository reads them), from which the service tells open or closed. */
  async getBusinesses(): Promise<StoredMapBusiness[]> {
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
    return toMapBusinesses(rows, links);
  }

  /** The map's businesses of these ids, in no particular order (those no longer stored left out). */
  async getBusinessesByIds(ids: readonly string[]): Promise<StoredMapBusiness[]> {
    const found: StoredMapBusiness[] = [];
    // A bounded number of parameters per statement, whatever the view asks.
    for (let at = 0; at < ids.length; at += 1000) {
      const chunk = ids.slice(at, at + 1000);
      const [rows, links] = await Promise.all([
        this.db.selectFrom("business").select(MAP_COLUMNS).where("id", "in", chunk).execute(),
        this.db.selectFrom("business_tag").select(["businessId", "tagId"]).where("businessId", "in", chunk).execute(),
      ]);
      found.push(...toMapBusinesses(rows, links));
    }
    return found;
  }

  /**
   * Every business's position and what the map's filters ask of it, in the map's list order (by name). The order is
   * read from the index of folded names alone and the rows in the table's own order: reading the rows through that
   * index visits the table's pages out of order, twice as slow on SQLite at 100,000 businesses.
   */
  async getIndexRows(): Promise<{ rows: IndexRow[]; links: Array<{ businessId: string; tagId: string }> }> {
    const order = await this.getOrder();
    const [stored, links] = await Promise.all([this.db.selectFrom("business").select(INDEX_COLUMNS).execute(), this.db.selectFrom("business_tag").select(["businessId", "tagId"]).execute()]);
    const byId = new Map(stored.map((row) => [row.id, row as unknown as IndexRow]));
    // A business added between the two reads is left for the next content version, whose index reads it.
    return { rows: order.flatMap((id) => byId.get(id) ?? []), links };
  }

  /** The position, category, features and hours of these businesses (those no longer stored left out), and their tag links. */
  async getIndexRowsByIds(ids: readonly string[]): Promise<{ rows: IndexRow[]; links: Array<{ businessId: string; tagId: string }> }> {
    const rows: IndexRow[] = [];
    const links: Array<{ businessId: string; tagId: string }> = [];
    for (let at = 0; at < ids.length; at += 1000) {
      const chunk = ids.slice(at, at + 1000);
      const [stored, linked] = await Promise.all([
        this.db.selectFrom("business").select(INDEX_COLUMNS).where("id", "in", chunk).execute(),
        this.db.selectFrom("business_tag").select(["businessId", "tagId"]).where("businessId", "in", chunk).execute(),
      ]);
      rows.push(...(stored as unknown as IndexRow[]));
      links.push(...linked);
    }
    return { rows, links };
  }

  /** Every business's id in the map's list order (by name). */
  async getOrder(): Promise<string[]> {
    const rows = await this.db.selectFrom("business").select("id").orderBy(folded("name")).orderBy("name").orderBy("id").execute();
    return rows.map(({ id }) => id);
  }

  /** Where the map's change marks stand (migration 0088-map-changes; src/server/db/change-marks.ts). */
  changeMark(): Promise<number> {
    return changeMark(this.db, MAP_CHANGES);
  }

  /** The businesses written since `mark` (a `changeMark`), at most `limit`, and the mark to read from next; or null (change-marks.ts). */
  async changesSince(mark: number, limit: number): Promise<{ mark: number; ids: string[] } | null> {
    const changes = await changesSince(this.db, MAP_CHANGES, { mark, limit, next: await this.changeMark() });
    return changes && { mark: changes.mark, ids: changes.keys };
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

function toMapBusinesses(rows: ReadonlyArray<Record<(typeof MAP_COLUMNS)[number], unknown>>, links: ReadonlyArray<{ businessId: string; tagId: string }>): StoredMapBusiness[] {
  const tagsOf = new Map<string, string[]>();
  for (const link of links) {
    const list = tagsOf.get(link.businessId);
    if (list) list.push(link.tagId);
    else tagsOf.set(link.businessId, [link.tagId]);
  }
  return rows.map((row) => {
    const stored = row as Record<string, unknown>;
    const id = String(row.id);
    return {
      ...(Object.fromEntries(MAP_FIELDS.map(([name, def]) => [name, mapValueOf(def, stored[name])])) as Omit<MapBusiness, "id" | "lat" | "lng" | "logoUrl" | "categoryId" | "tagIds" | "openNow">),
      id,
      logoUrl: row.logoUrl as string | null,
      lat: Number(row.lat),
      lng: Number(row.lng),
      categoryId: row.categoryId as string | null,
      tagIds: tagsOf.get(id) ?? [],
      openingHours: parseStoredHours(row.openingHours as string | null),
    };
  });
}
