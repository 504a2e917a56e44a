// The map's own read of businesses, categories and tags: only the columns the map draws, in one pass each.
import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { folded } from "#server/db/order.ts";
import { keysetPage, type PageFrom } from "#server/db/keyset.ts";
import { MAP_FEATURES, MAP_FIELDS, mapValueOf, type MapBusiness, type MapCategory, type MapTag } from "#shared/map.ts";
import type { BusinessColumn } from "#server/features/business/index.ts";
import { parseStoredHours } from "#server/lib/hours/stored-hours.ts";
import type { OpeningHours } from "#shared/schemas/opening-hours.ts";
import { changeMark, changesSince } from "#server/db/change-marks.ts";
import { MAP_CHANGES } from "./map-change.repository.ts";
import type { BoundingBox, ViewFilters } from "./map-index.ts";

/**
 * What the map draws of a business: thousands of rows, so only these, taken from the business's column list: the
 * fields its definition puts on the map, and the position, logo, category and hours.
 */
const MAP_COLUMNS = ["id", ...MAP_FIELDS.map(([name]) => name satisfies BusinessColumn), "logoUrl", "lat", "lng", "categoryId", "openingHours"] as const;

/** What the map's cluster index reads of a business: its position and what its filters ask (decision 0046). */
const INDEX_COLUMNS = ["id", "name", "lat", "lng", "categoryId", "openingHours", ...new Set(MAP_FEATURES.map((f) => f.field satisfies BusinessColumn))] as const;

/**
 * Rows the index's full read takes per statement (decision 0058): a few milliseconds each, which a request arriving
 * meanwhile waits for at most (10,000 until decision 0071's round: 40 to 100 ms on SQLite, whose reads hold the thread).
 */
const INDEX_PAGE = 1_000;

/** A business as the cluster index reads it: the stored values of the map features' fields are under their names. */
export type IndexRow = { id: string; name: string; lat: number | string | null; lng: number | string | null; categoryId: string | null; openingHours: string | null } & Record<string, unknown>;

/** The map's filters the database answers (decision 0064): whether a place is open now is told by the index alone. */
export type StoredViewFilters = Omit<ViewFilters, "openNow">;

/** A cell of a view's grid as the database counts it (`viewCells`). */
export interface ViewCell {
  /** Which cell: its column from 180°W times 2^22, plus its row from 90°S. */
  cell: number;
  count: number;
  lng: number;
  lat: number;
  /** One of its businesses: the one, when it holds one. */
  id: string;
  extent: [west: number, south: number, east: number, north: number];
}

/** A cell of the kept grid (`keptCells`): its column and row, its businesses' count and mean position. */
export interface KeptCell {
  column: number;
  row: number;
  count: number;
  lng: number;
  lat: number;
}

/** The kept sums are of positions in 10^-7 degrees; PostgreSQL answers its bigints as strings. */
function keptCell(row: { x: number | string; y: number | string; n: number | string; lng: number | string; lat: number | string }): KeptCell {
  const count = Number(row.n);
  return { column: Number(row.x), row: Number(row.y), count, lng: Number(row.lng) / count / 1e7, lat: Number(row.lat) / count / 1e7 };
}

export type StoredMapBusiness = Omit<MapBusiness, "openNow"> & { openingHours: OpeningHours | null };

export class MapDataRepository {
  private readonly db: Kysely<DB>;
  /** Rows the full read takes per statement. */
  private readonly indexPage: number;
  constructor(db: Kysely<DB>, options: { indexPage?: number } = {}) {
    this.db = db;
    this.indexPage = options.indexPage ?? INDEX_PAGE;
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
   * index visits the table's pages out of order, twice as slow on SQLite at 100,000 businesses. Each is read a page at
   * a time, awaiting `pause` between pages (decision 0058): a statement on SQLite holds the process while it runs, and
   * 100,000 rows read at once held every other request for seconds when a server started.
   */
  async getIndexRows(pause: () => Promise<void> = async () => {}): Promise<{ rows: IndexRow[]; links: Array<{ businessId: string; tagId: string }> }> {
    const order = await this.getOrder(pause);
    const stored = await this.pages(pause, (q) => q.selectFrom("business").select(INDEX_COLUMNS), "business");
    const links = await this.pages(pause, (q) => q.selectFrom("business_tag").select(["businessId", "tagId"]), "business_tag");
    // Put in the list's order a page at a time as well: a map of 100,000 ids is itself a long step.
    const byId = new Map<string, IndexRow>();
    for (let at = 0; at < stored.length; at += this.indexPage) {
      for (const row of stored.slice(at, at + this.indexPage)) byId.set(row.id, row as unknown as IndexRow);
      await pause();
    }
    const rows: IndexRow[] = [];
    for (let at = 0; at < order.length; at += this.indexPage) {
      // A business added between the reads is left for the next content version, whose index reads it.
      for (const id of order.slice(at, at + this.indexPage)) {
        const row = byId.get(id);
        if (row) rows.push(row);
      }
      await pause();
    }
    return { rows, links };
  }

  /**
   * Every row a query selects, a page at a time in the table's own order (SQLite's rowid, which reads its pages in
   * order; PostgreSQL's key), awaiting `pause` between pages.
   */
  private async pages<R>(
    pause: () => Promise<void>,
    query: (db: Kysely<DB>) => SelectQueryBuilder<DB, "business" | "business_tag", R>,
    table: "business" | "business_tag",
  ): Promise<R[]> {
    const postgres = this.db.getExecutor().adapter instanceof PostgresAdapter;
    // PostgreSQL pages by key: the business's id, a tag link's business and tag.
    const keyColumns = postgres ? (table === "business" ? ["id"] : ["businessId", "tagId"]) : ["rowid"];
    const key = sql.join(keyColumns.map((column) => sql.ref(column)));
    const all: R[] = [];
    for (let after: unknown[] | null = null; ; ) {
      let q = query(this.db).select(keyColumns.map((column, i) => sql<unknown>`${sql.ref(column)}`.as(`k${i}`)));
      if (after) q = q.where(sql<boolean>`(${key}) > (${sql.join(after)})`);
      for (const column of keyColumns) q = q.orderBy(sql.ref(column));
      const page = (await q.limit(this.indexPage).execute()) as Array<R & Record<string, unknown>>;
      for (const row of page) {
        const { k0: _k0, k1: _k1, ...rest } = row;
        all.push(rest as R);
      }
      if (page.length < this.indexPage) return all;
      const last = page.at(-1)!;
      after = keyColumns.map((_, i) => last[`k${i}`]);
      await pause();
    }
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

  /**
   * Every business's id in the map's list order (by name), a page at a time from the index of folded names,
   * awaiting `pause` between pages. A business renamed between two pages is listed once.
   */
  async getOrder(pause: () => Promise<void> = async () => {}): Promise<string[]> {
    const ids: string[] = [];
    const seen = new Set<string>();
    const names = this.db.selectFrom("business").select(["id", "name", folded("name").as("folded")]);
    for (let after: { folded: string; name: string; id: string } | null = null; ; ) {
      // The Markers list's order and read (decision 0068): the index sought to the last row of the page before.
      const from: PageFrom = after ? { offset: 0, after: [after.folded, after.name, after.id] } : { offset: 0 };
      const page = await keysetPage(this.db, names, [folded("name"), sql.ref("name"), sql.ref("id")], from, this.indexPage, "asc").read();
      for (const { id } of page) {
        if (seen.has(id)) continue;
        seen.add(id);
        ids.push(id);
      }
      if (page.length < this.indexPage) return ids;
      after = page.at(-1)!;
      await pause();
    }
  }

  /**
   * How many placed businesses the filters keep, and where they lie: the clusters view's total and bounds, read from the
   * database while the map has no index yet (decision 0064).
   */
  async viewTotal(filters: StoredViewFilters): Promise<{ total: number; bounds: [west: number, south: number, east: number, north: number] | null }> {
    if (keptCategoryOf(filters) === "") return this.wholeMap();
    const row = await this.viewed(filters)
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("lng").as("west"), eb.fn.min("lat").as("south"), eb.fn.max("lng").as("east"), eb.fn.max("lat").as("north")])
      .executeTakeFirstOrThrow();
    const total = Number(row.count);
    return { total, bounds: total === 0 ? null : [Number(row.west), Number(row.south), Number(row.east), Number(row.north)] };
  }

  /**
   * The kept counts of every business, or a category's, by the cells of the grid at `zoom` (map-cells.ts, migration
   * 0097-map-cells, decision 0071) in these spans of columns and rows: each cell's count and mean position.
   */
  async keptCells(zoom: number, category: KeptCategory, columns: ReadonlyArray<readonly [from: number, to: number]>, rows: readonly [from: number, to: number]): Promise<KeptCell[]> {
    const found = await this.db
      .selectFrom("map_cell")
      .select(["x", "y", "n", "lng", "lat"])
      .where("zoom", "=", zoom)
      .where("category", "=", category)
      .where("n", ">", 0)
      .where((eb) => eb.or(columns.map(([from, to]) => eb.between("x", from, to))))
      .where("y", ">=", rows[0])
      .where("y", "<=", rows[1])
      .execute();
    return found.map(keptCell);
  }

  /**
   * The kept cells at `zoom` under cells of a lesser zoom (four at the next zoom under each, sixteen at the one after):
   * the column and row of each, for the parents given by the spans of columns and rows they cover.
   */
  async keptCellsUnder(zoom: number, category: KeptCategory, spans: ReadonlyArray<{ columns: readonly [number, number]; rows: readonly [number, number] }>): Promise<Array<{ column: number; row: number }>> {
    const found: Array<{ column: number; row: number }> = [];
    // A bounded number of parameters per statement.
    for (let at = 0; at < spans.length; at += 200) {
      const chunk = spans.slice(at, at + 200);
      const rows = await this.db
        .selectFrom("map_cell")
        .select(["x", "y"])
        .where("zoom", "=", zoom)
        .where("category", "=", category)
        .where("n", ">", 0)
        .where((eb) => eb.or(chunk.map(({ columns, rows }) => eb.and([eb.between("x", columns[0], columns[1]), eb.between("y", rows[0], rows[1])]))))
        .execute();
      for (const row of rows) found.push({ column: Number(row.x), row: Number(row.y) });
    }
    return found;
  }

  /**
   * The business at each of these positions (a kept cell of one's, which is its position to 10^-7 degrees), of the
   * category when one is given, or null where none is: the nearest within that.
   */
  async businessesAt(positions: ReadonlyArray<{ lng: number; lat: number }>, category: KeptCategory = ""): Promise<Array<string | null>> {
    const near = 2e-7;
    const ids: Array<string | null> = [];
    for (let at = 0; at < positions.length; at += 200) {
      const chunk = positions.slice(at, at + 200);
      const rows = await this.db
        .selectFrom("business")
        .select(["id", "lng", "lat"])
        .where((eb) => eb.or(chunk.map(({ lng, lat }) => eb.and([eb.between("lat", lat - near, lat + near), eb.between("lng", lng - near, lng + near)]))))
        .$if(category !== "", (q) => q.where("categoryId", "=", category))
        .execute();
      for (const { lng, lat } of chunk) {
        let best: string | null = null;
        let distance = Infinity;
        for (const row of rows) {
          const d = Math.max(Math.abs(Number(row.lng) - lng), Math.abs(Number(row.lat) - lat));
          if (d <= near && d < distance) [best, distance] = [row.id, d];
        }
        ids.push(best);
      }
    }
    return ids;
  }

  /**
   * Every business's count and extremes without reading every business: the count from the kept cells of zoom 0 (fewer
   * than 81 across the world), the extremes from the positions' indexes (migration 0097-map-cells).
   */
  private async wholeMap(): Promise<{ total: number; bounds: [west: number, south: number, east: number, north: number] | null }> {
    const [count, west, south, east, north] = await Promise.all([
      this.db.selectFrom("map_cell").select((eb) => eb.fn.sum<number | string>("n").as("total")).where("zoom", "=", 0).where("category", "=", "").executeTakeFirst(),
      this.db.selectFrom("business").select("lng").orderBy("lng", "asc").limit(1).executeTakeFirst(),
      this.db.selectFrom("business").select("lat").orderBy("lat", "asc").limit(1).executeTakeFirst(),
      this.db.selectFrom("business").select("lng").orderBy("lng", "desc").limit(1).executeTakeFirst(),
      this.db.selectFrom("business").select("lat").orderBy("lat", "desc").limit(1).executeTakeFirst(),
    ]);
    const total = Number(count?.total ?? 0);
    if (total === 0 || !west || !south || !east || !north) return { total: 0, bounds: null };
    return { total, bounds: [Number(west.lng), Number(south.lat), Number(east.lng), Number(north.lat)] };
  }

  /**
   * The filters' businesses in the box grouped by cells of a grid (`cell` degrees of longitude and latitude, counted
   * from 180°W and 90°S): each cell's count, mean position, one of its businesses (the one when it holds one) and the
   * extent of its businesses (decision 0064).
   */
  async viewCells(bbox: BoundingBox, cell: { lng: number; lat: number }, filters: StoredViewFilters): Promise<ViewCell[]> {
    const postgres = this.postgres();
    // Whole numbers from 0 up: SQLite's cast drops the fraction, PostgreSQL's rounds.
    const at = (column: "lng" | "lat", from: number, size: number) =>
      postgres ? sql<number>`floor((${sql.ref(column)} + ${sql.lit(from)}) / ${sql.lit(size)})` : sql<number>`cast((${sql.ref(column)} + ${sql.lit(from)}) / ${sql.lit(size)} as integer)`;
    // One number per cell: grouped by one key, SQLite sorts the cells a quarter faster than by two.
    const key = sql<number>`${at("lng", 180, cell.lng)} * ${sql.lit(2 ** 22)} + ${at("lat", 90, cell.lat)}`;
    const rows = await this.viewed(filters, bbox)
      .select((eb) => [
        key.as("cell"),
        eb.fn.countAll<number>().as("count"),
        eb.fn.avg<number>("lng").as("lng"),
        eb.fn.avg<number>("lat").as("lat"),
        eb.fn.min("id").as("id"),
        eb.fn.min("lng").as("west"),
        eb.fn.min("lat").as("south"),
        eb.fn.max("lng").as("east"),
        eb.fn.max("lat").as("north"),
      ])
      .groupBy(key)
      .execute();
    return rows.map((row) => ({
      cell: Number(row.cell),
      count: Number(row.count),
      lng: Number(row.lng),
      lat: Number(row.lat),
      id: String(row.id),
      extent: [Number(row.west), Number(row.south), Number(row.east), Number(row.north)],
    }));
  }

  /**
   * The filters' businesses in the box in the map's list order (by name), `limit` from `offset` (every one with a null
   * limit, `offset` then ignored), and how many there are in the box (decision 0064).
   */
  async viewPage(bbox: BoundingBox, filters: StoredViewFilters, offset: number, limit: number | null): Promise<{ total: number; ids: string[] }> {
    let page = this.viewed(filters, bbox).select("id").orderBy(folded("name")).orderBy("name").orderBy("id");
    if (limit !== null) page = page.limit(limit).offset(offset);
    const [rows, count] = await Promise.all([
      page.execute(),
      this.viewed(filters, bbox)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
    ]);
    return { total: Number(count.count), ids: rows.map((row) => row.id) };
  }

  /** The placed businesses the filters keep (open now aside), in the box when one is given: the rules of `keeper` in map-index.ts. */
  private viewed(filters: StoredViewFilters, bbox?: BoundingBox) {
    let q = this.db.selectFrom("business").where("lat", "is not", null).where("lng", "is not", null);
    if (bbox) {
      const [west, south, east, north] = bbox;
      q = q.where("lat", ">=", south).where("lat", "<=", north);
      // A box whose west edge is east of its east edge crosses the antimeridian.
      if (west <= east) q = q.where("lng", ">=", west).where("lng", "<=", east);
      else q = q.where((eb) => eb.or([eb("lng", ">=", west), eb("lng", "<=", east)]));
    }
    if (filters.categoryId !== null) q = q.where("categoryId", "=", filters.categoryId);
    else if (filters.tagIds.length > 0) {
      const tagIds = filters.tagIds;
      q = q.where("id", "in", (eb) => eb.selectFrom("business_tag").select("businessId").where("tagId", "in", tagIds));
    }
    for (const key of filters.attributes) {
      const feature = MAP_FEATURES.find((f) => f.key === key);
      // A feature that is one of a list's choices: the list is stored as JSON, as the directory's filter reads it.
      if (!feature || feature.choice === null) throw new Error(`the map feature ${key} is not one the database answers`);
      q = q.where(feature.field, "like", `%${JSON.stringify(feature.choice)}%`);
    }
    return q;
  }

  private postgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
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

/** The kept cells' `category`: '' for every business, else a category's id. */
export type KeptCategory = string;

/**
 * The kept cells that answer the filters' views (decision 0071): every business's, or a category's (whose filter
 * ignores the tags, as `keeper` in map-index.ts does); none for the tags alone or a map feature.
 */
export function keptCategoryOf(filters: StoredViewFilters): KeptCategory | null {
  if (filters.attributes.length > 0) return null;
  if (filters.categoryId !== null) return filters.categoryId;
  return filters.tagIds.length === 0 ? "" : null;
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
