// The map's businesses counted by cell (migration 0097-map-cells, decision 0071): what the triggers keep is, after
// every kind of write, app or SQL, what a count of the businesses by map-cells.ts's grid says, on both engines; and a
// site migrated with businesses already stored starts with them counted.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "#tests/setup/database.ts";
import { buildBusiness, createBusiness, createCategory } from "#server/db/factories.ts";
import { discoverMigrations, migrateToLatest } from "#server/db/migrate.ts";
import { MAP_CLUSTER } from "#shared/constants.ts";
import { cellColumn, cellRow } from "./map-cells.ts";
import { MapDataRepository } from "./map-data.repository.ts";
import { MapClusterService } from "./map-cluster.service.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Kept = { zoom: number; category: string; x: number; y: number; n: number; lng: number; lat: number };

/** The kept cells, in one order. */
async function kept(): Promise<Kept[]> {
  // A cell whose businesses all went keeps its row, counting none.
  const rows = await database.db.selectFrom("map_cell").selectAll().where("n", "<>", 0).execute();
  return rows.map((row) => ({ zoom: Number(row.zoom), category: row.category, x: Number(row.x), y: Number(row.y), n: Number(row.n), lng: Number(row.lng), lat: Number(row.lat) })).sort(inOrder);
}

const inOrder = (a: Kept, b: Kept) => a.zoom - b.zoom || a.category.localeCompare(b.category) || a.x - b.x || a.y - b.y;

/** What the kept cells should be: every stored business counted by the grid computed here, at every zoom, among every business ('') and its category's. */
async function counted(): Promise<Kept[]> {
  const businesses = await database.db.selectFrom("business").select(["lat", "lng", "categoryId"]).execute();
  const cells = new Map<string, Kept>();
  for (let zoom = 0; zoom <= MAP_CLUSTER.maxZoom; zoom++) {
    for (const business of businesses) {
      const [lng, lat] = [Number(business.lng), Number(business.lat)];
      const [x, y] = [cellColumn(lng, zoom), cellRow(lat, zoom)];
      for (const category of business.categoryId === null ? [""] : ["", business.categoryId]) {
        const key = `${zoom}/${category}/${x}/${y}`;
        const cell = cells.get(key) ?? { zoom, category, x, y, n: 0, lng: 0, lat: 0 };
        cell.n += 1;
        cell.lng += Math.round(lng * 1e7);
        cell.lat += Math.round(lat * 1e7);
        cells.set(key, cell);
      }
    }
  }
  return [...cells.values()].sort(inOrder);
}

/** Places on the map: a town's street, two at one spot, across the antimeridian, near the poles past the map's edge. */
const PLACES: Array<[lng: number, lat: number]> = [
  ...Array.from({ length: 12 }, (_, i): [number, number] => [-79.08 + i * 0.0009, 43.09 + (i % 3) * 0.0004]),
  [2.35, 48.85],
  [2.35, 48.85],
  [179.9999, -16.5],
  [-179.9999, -16.5],
  [12.5, 89.5],
  [-70.6, -88.2],
  [0, 0],
];

describe("the map's businesses counted by cell", () => {
  it("are what a count of the businesses says after businesses are added, moved, renamed and removed", async () => {
    expect(await kept()).toEqual([]);
    const [food, shops] = [await createCategory(database.db, { name: "Cell Food" }), await createCategory(database.db, { name: "Cell Shops" })];
    const ids: string[] = [];
    for (const [at, [lng, lat]] of PLACES.entries()) {
      const categoryId = [food.id, shops.id, null][at % 3]!;
      ids.push((await createBusiness(database.db, { name: `Cell ${lng} ${lat}`, lng, lat, categoryId })).id);
    }
    expect(await kept()).toEqual(await counted());
    const world = (await kept()).filter((cell) => cell.zoom === 0 && cell.category === "").reduce((sum, cell) => sum + cell.n, 0);
    expect(world).toBe(PLACES.length);

    // Many in one statement, as an import writes them.
    const many = Array.from({ length: 40 }, (_, i) => buildBusiness({ name: `Cell many ${i}`, lng: -79.1 + (i % 8) * 0.002, lat: 43.1 + Math.floor(i / 8) * 0.002, categoryId: i % 2 === 0 ? food.id : null }));
    await database.db.insertInto("business").values(many).execute();
    expect(await kept()).toEqual(await counted());

    // Moved: one a little (the same cells at most zooms), one across the world, one onto the spot of another.
    await database.db.updateTable("business").set({ lat: 43.0901 }).where("id", "=", ids[0]!).execute();
    await database.db.updateTable("business").set({ lng: 151.2, lat: -33.87 }).where("id", "=", ids[1]!).execute();
    await database.db.updateTable("business").set({ lng: 2.35, lat: 48.85 }).where("id", "=", ids[2]!).execute();
    // Several in one statement, and one renamed only.
    await sql`update business set lng = lng + 0.01 where name like 'Cell many %'`.execute(database.db);
    await database.db.updateTable("business").set({ name: "Cell renamed" }).where("id", "=", ids[3]!).execute();
    expect(await kept()).toEqual(await counted());

    // Another category, a category taken away, and a category deleted (its businesses' set to none by the database).
    await database.db.updateTable("business").set({ categoryId: shops.id }).where("id", "=", ids[5]!).execute();
    await database.db.updateTable("business").set({ categoryId: null, lat: 43.2 }).where("id", "=", ids[6]!).execute();
    await sql`update business set "categoryId" = ${shops.id} where name like 'Cell many 1%'`.execute(database.db);
    expect(await kept()).toEqual(await counted());
    await database.db.deleteFrom("category").where("id", "=", food.id).execute();
    expect(await database.db.selectFrom("business").select("id").where("categoryId", "=", food.id).execute()).toEqual([]);
    expect((await kept()).some((cell) => cell.category === food.id)).toBe(false);
    expect(await kept()).toEqual(await counted());

    // Removed, one and many.
    await database.db.deleteFrom("business").where("id", "=", ids[4]!).execute();
    await database.db.deleteFrom("business").where("name", "like", "Cell many %").execute();
    expect(await kept()).toEqual(await counted());
    await database.db.deleteFrom("business").execute();
    expect(await kept()).toEqual([]);
    // What every cell's row says once it holds none: nothing, to the last 10^-7 degree.
    const left = await database.db.selectFrom("map_cell").select(["n", "lng", "lat"]).execute();
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((cell) => Number(cell.n) === 0 && Number(cell.lng) === 0 && Number(cell.lat) === 0)).toBe(true);
  });

  it("answer a cell of one business with that business, by its position", async () => {
    const one = await createBusiness(database.db, { name: "Cell alone", lng: -79.0512345, lat: 43.1234567 });
    const museums = await createCategory(database.db, { name: "Cell Museums" });
    const twins = [await createBusiness(database.db, { name: "Cell twin 1", lng: 2.2945, lat: 48.8584 }), await createBusiness(database.db, { name: "Cell twin 2", lng: 2.2945, lat: 48.8584, categoryId: museums.id })];
    const repository = new MapDataRepository(database.db);
    const zoom = MAP_CLUSTER.maxZoom;
    const [cell] = await repository.keptCells(zoom, "", [[cellColumn(one.lng, zoom), cellColumn(one.lng, zoom)]], [cellRow(one.lat, zoom), cellRow(one.lat, zoom)]);
    expect(cell).toEqual({ column: cellColumn(one.lng, zoom), row: cellRow(one.lat, zoom), count: 1, lng: expect.closeTo(one.lng, 6), lat: expect.closeTo(one.lat, 6) });
    expect(await repository.businessesAt([cell!, { lng: 10, lat: 10 }])).toEqual([one.id, null]);
    const spot = [[[cellColumn(2.2945, zoom), cellColumn(2.2945, zoom)]], [cellRow(48.8584, zoom), cellRow(48.8584, zoom)]] as const;
    const [pair] = await repository.keptCells(zoom, "", ...spot);
    expect(pair?.count).toBe(2);
    // Of a category, the one of that category at the spot, not the other.
    const [alone] = await repository.keptCells(zoom, twins[1]!.categoryId!, ...spot);
    expect(alone?.count).toBe(1);
    expect(await repository.businessesAt([alone!], twins[1]!.categoryId!)).toEqual([twins[1]!.id]);
    await database.db.deleteFrom("business").where("id", "in", [one.id, ...twins.map((b) => b.id)]).execute();
  });

  it("are counted for the businesses a site had before it was migrated", async () => {
    for (const [lng, lat] of PLACES) await createBusiness(database.db, { name: `Cell before ${lng} ${lat}`, lng, lat });
    const before = await counted();
    // The site as it stood just before the migration: those after it undone by their own `down`, newest first,
    // then this one by hand.
    const migrations = await discoverMigrations(database.dialect);
    const later = Object.keys(migrations).filter((name) => name > "0097-map-cells").sort().reverse();
    for (const name of later) {
      await migrations[name]!.down!(database.db);
      await sql`delete from kysely_migration where name = ${name}`.execute(database.db);
    }
    for (const name of ["map_cell_insert", "map_cell_delete", "map_cell_update"]) {
      if (database.dialect === "postgres") {
        await sql.raw(`drop trigger ${name} on business`).execute(database.db);
        await sql.raw(`drop function ${name}()`).execute(database.db);
      } else await sql.raw(`drop trigger ${name}`).execute(database.db);
    }
    await sql`drop index business_lat_idx`.execute(database.db);
    await sql`drop index business_lng_idx`.execute(database.db);
    await sql`drop table map_cell`.execute(database.db);
    await sql`delete from kysely_migration where name = ${"0097-map-cells"}`.execute(database.db);

    expect(await migrateToLatest(database)).toEqual(["0097-map-cells", ...[...later].reverse()]);
    expect(await kept()).toEqual(before);
    // And kept from then on.
    await createBusiness(database.db, { name: "Cell after", lng: -79.07, lat: 43.1 });
    expect(await kept()).toEqual(await counted());
  });

  it("lead a click on a cluster to the first zoom at which its businesses lie in more than one cell", async () => {
    // 24 pairs, each from the middle of a cell of zoom 12 two apart from the next, the pair's two from 0 to 0.0038°
    // apart: at zoom 12 each pair is a cluster of its own.
    const across = (512 / 60) * 2 ** 12;
    const [column, row] = [cellColumn(-79.3, 12), cellRow(43.0, 12)];
    const pairs = Array.from({ length: 24 }, (_, i) => {
      const lng = -180 + ((column + (i % 6) * 2 + 0.5) * 360) / across;
      const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (row + Math.floor(i / 6) * 2 + 0.5)) / across))) * 180) / Math.PI;
      const apart = (i % 4) * 0.0012 + (i % 3) * 0.0001;
      return [buildBusiness({ name: `Cell pair ${i}a`, lng, lat }), buildBusiness({ name: `Cell pair ${i}b`, lng: lng + apart, lat: lat + apart / 2 })];
    });
    await database.db.insertInto("business").values(pairs.flat()).execute();
    // A server that has not read its businesses yet: its views come from the kept cells.
    class Unread extends MapDataRepository {
      override getIndexRows(): never {
        return new Promise(() => undefined) as never;
      }
    }
    const map = new MapClusterService(new Unread(database.db), async () => ({ timeZone: "America/Toronto" }) as never, () => database.contentVersion());
    const zoom = 12;
    const view = await map.clusters([-79.31, 42.9, -79.1, 43.01], zoom, { categoryId: null, tagIds: [], openNow: false, attributes: [] });
    expect(view.clusters).toHaveLength(24);
    /** The first zoom past `zoom` at which the two lie in different cells. */
    const splitsAt = ([a, b]: Array<{ lng: number; lat: number }>) => {
      for (let z = zoom + 1; z <= MAP_CLUSTER.maxZoom; z++) {
        if (cellColumn(a!.lng, z) !== cellColumn(b!.lng, z) || cellRow(a!.lat, z) !== cellRow(b!.lat, z)) return z;
      }
      return MAP_CLUSTER.maxZoom + 1;
    };
    // Each cluster is the pair whose middle it is at.
    for (const pair of pairs) {
      const [lng, lat] = [(pair[0]!.lng + pair[1]!.lng) / 2, (pair[0]!.lat + pair[1]!.lat) / 2];
      const cluster = view.clusters.find((c) => Math.abs(c.lng - lng) < 1e-6 && Math.abs(c.lat - lat) < 1e-6);
      expect(cluster, pair[0]!.name).toEqual(expect.objectContaining({ count: 2, expansionZoom: splitsAt(pair) }));
    }
    const got = view.clusters;
    // Some split at the next zoom, some later, some not before the last.
    expect(new Set(got.map((c) => c.expansionZoom)).size).toBeGreaterThan(2);
    await database.db.deleteFrom("business").where("name", "like", "Cell pair %").execute();
  });

  // PostgreSQL's writers run side by side, each locking the cells it writes; SQLite's one writer at a time is
  // sqlite-writers.int.test.ts's.
  it.runIf(testDialect === "postgres")("are kept by writers at the same moment on two connections, none failing", async () => {
    const other = database.reopen();
    try {
      // Each writer's transactions add businesses one statement at a time across the town, in its own order, and
      // move and remove some: the cells they share are many, written by both.
      const writer = (db: typeof database.db, seed: number) =>
        Promise.all(
          Array.from({ length: 6 }, (_, round) =>
            db.transaction().execute(async (trx) => {
              for (let i = 0; i < 5; i++) {
                const at = (seed * 7 + round * 5 + i * (seed === 1 ? 3 : 11)) % 25;
                const business = buildBusiness({ name: `Cell busy ${seed}-${round}-${i}`, lng: -79.1 + (at % 5) * 0.003, lat: 43.1 + Math.floor(at / 5) * 0.003 });
                await trx.insertInto("business").values(business).execute();
                if (i === 2) await trx.updateTable("business").set({ lat: business.lat + 0.0005 }).where("id", "=", business.id).execute();
                if (i === 4) await trx.deleteFrom("business").where("id", "=", business.id).execute();
              }
            }),
          ),
        );
      await Promise.all([writer(database.db, 1), writer(other.db, 2)]);
      expect(await database.db.selectFrom("business").select("id").where("name", "like", "Cell busy %").execute()).toHaveLength(2 * 6 * 4);
      expect(await kept()).toEqual(await counted());
    } finally {
      await other.close();
      await database.db.deleteFrom("business").where("name", "like", "Cell busy %").execute();
    }
  });
});
