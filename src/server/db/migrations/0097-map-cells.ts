// The map's businesses counted by the cells of a grid per zoom (decision 0071), kept by triggers on `business` on both
// engines, so that a server that has not yet built its map's index answers a view by reading the cells in it rather
// than every business in it (decision 0064).
//
// `map_cell`: at each zoom 0 to 16, the cells that hold a business, for every business (`category` '') and for each
// category's (its id): how many, and the sums of their positions in 10^-7 degrees (whole numbers, so that taking a business away leaves exactly what was there before it came; the one
// business of a cell of one is where its sums say). The grid is src/server/features/geo/map-cells.ts's, whose
// functions compute the same numbers with the same operations in the same order: cells as wide and as high on the
// Web Mercator map as the cluster index's radius, 60 pixels of a 512-pixel world, counted from 180°W and from the
// map's north edge. A cell with none left keeps its row, counting 0.
//
// `business_lat_idx` and `business_lng_idx` find the business of a cell of one by its position, and the extremes of
// every business's positions (the map's bounds) without reading every business.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** MAP_CLUSTER.maxZoom when this was written: the last zoom whose views are clusters. */
const LAST_ZOOM = 16;

/** Each zoom, as a table of one column `zoom`. */
function zooms(dialect: DialectName): string {
  if (dialect === "postgres") return `generate_series(0, ${LAST_ZOOM}) as z(zoom)`;
  return `(select column1 as zoom from (values ${Array.from({ length: LAST_ZOOM + 1 }, (_, zoom) => `(${zoom})`).join(", ")}))`;
}

/** A position's cell at `zoom` (map-cells.ts `cellColumn` and `cellRow`), and its position in 10^-7 degrees. */
function cellOf(row: string, dialect: DialectName) {
  const [lesser, greater, whole, integer] = dialect === "postgres" ? ["least", "greatest", "bigint", "integer"] : ["min", "max", "integer", "integer"];
  // 512 / 60 as a double, as map-cells.ts divides them (PostgreSQL would divide 512.0 by 60.0 as numerics).
  const across = dialect === "postgres" ? `(512::double precision / 60 * (1 << zoom))` : `(512.0 / 60.0 * (1 << zoom))`;
  const lat = `${greater}(-85.0511287798, ${lesser}(85.0511287798, ${row}.lat))`;
  return {
    x: `cast(floor((${row}.lng + 180) / 360 * ${across}) as ${integer})`,
    y: `cast(floor((1 - ln(tan(pi() / 4 + ${lat} * pi() / 360)) / pi()) / 2 * ${across}) as ${integer})`,
    lng: `cast(round(${row}.lng * 10000000) as ${whole})`,
    lat: `cast(round(${row}.lat * 10000000) as ${whole})`,
  };
}

/**
 * The statement that counts the businesses of `rows` (a relation of `lat`, `lng`, `categoryId` and `sign`: 1 to count
 * one in, -1 to count one out) in their cells at every zoom, among every business and among their category's: one
 * upsert of each cell they change, found by its primary key. A cell left with none keeps its row, with a count of 0,
 * for the next business there; the map reads the cells that hold one. The cells are written in the order of their
 * key, so that two transactions writing businesses on PostgreSQL lock the cells they share in the same order: one
 * waits for the other, never each for the other (a deadlock, which PostgreSQL ends by failing one).
 */
function counted(rows: string, dialect: DialectName): string {
  const cell = cellOf("r", dialect);
  const both = `(select lat, lng, '' as category, sign from ${rows} a union all select lat, lng, "categoryId", sign from ${rows} b where "categoryId" is not null)`;
  return `insert into map_cell (zoom, category, x, y, n, lng, lat)
    select zoom, r.category, ${cell.x}, ${cell.y}, sum(r.sign), sum(r.sign * ${cell.lng}), sum(r.sign * ${cell.lat})
    from ${both} r cross join ${zooms(dialect)} where true
    group by 1, 2, 3, 4
    having sum(r.sign) <> 0 or sum(r.sign * ${cell.lng}) <> 0 or sum(r.sign * ${cell.lat}) <> 0
    order by 1, 2, 3, 4
    on conflict (zoom, category, x, y) do update set n = map_cell.n + excluded.n, lng = map_cell.lng + excluded.lng, lat = map_cell.lat + excluded.lat`;
}

export default function mapCells(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      const whole = dialect === "postgres" ? "bigint" : "integer";
      await run(
        db,
        `create table map_cell (
           zoom integer not null,
           category text not null,
           x integer not null,
           y integer not null,
           n integer not null,
           lng ${whole} not null,
           lat ${whole} not null,
           primary key (zoom, category, x, y)
         )${dialect === "sqlite" ? " without rowid" : ""}`,
      );
      await run(db, counted(`(select lat, lng, "categoryId", 1 as sign from business)`, dialect));
      await db.schema.createIndex("business_lat_idx").on("business").column("lat").execute();
      await db.schema.createIndex("business_lng_idx").on("business").column("lng").execute();

      if (dialect === "sqlite") {
        // A row at a time: SQLite writes a row in place, however often a statement or transaction writes it.
        const row = (name: "new" | "old", sign: number) => `select ${name}.lat as lat, ${name}.lng as lng, ${name}."categoryId" as "categoryId", ${sign} as sign`;
        await run(db, `create trigger map_cell_insert after insert on business begin ${counted(`(${row("new", 1)})`, dialect)}; end`);
        await run(db, `create trigger map_cell_delete after delete on business begin ${counted(`(${row("old", -1)})`, dialect)}; end`);
        await run(
          db,
          `create trigger map_cell_update after update of lat, lng, "categoryId" on business
             when old.lat is not new.lat or old.lng is not new.lng or old."categoryId" is not new."categoryId"
             begin ${counted(`(${row("old", -1)} union all ${row("new", 1)})`, dialect)}; end`,
        );
        return;
      }

      // A statement at a time: each write of a row is a new version of it on PostgreSQL, and until the transaction
      // ends a read walks the versions it wrote, so counting a row at a time made an import's transaction write the
      // cells of the lesser zooms once per business and read them ever slower (quadratic in the businesses written).
      // A statement's businesses are counted together, each cell written once per statement.
      const functions: Array<[event: "insert" | "delete" | "update", tables: string, rows: string]> = [
        ["insert", "new table as new_rows", `(select lat, lng, "categoryId", 1 as sign from new_rows)`],
        ["delete", "old table as old_rows", `(select lat, lng, "categoryId", -1 as sign from old_rows)`],
        // Only the businesses whose position or category changed: the others' two rows cancel out.
        [
          "update",
          "old table as old_rows new table as new_rows",
          `(select lat, lng, "categoryId", sum(sign) as sign
             from (select id, lat, lng, "categoryId", 1 as sign from new_rows union all select id, lat, lng, "categoryId", -1 from old_rows) w
             group by id, lat, lng, "categoryId" having sum(sign) <> 0)`,
        ],
      ];
      for (const [event, tables, rows] of functions) {
        await run(db, `create function map_cell_${event}() returns trigger language plpgsql as $$ begin ${counted(rows, dialect)}; return null; end $$`);
        // Transition tables take no column list: every update of a business, whose rows cancel out unless it moved.
        await run(db, `create trigger map_cell_${event} after ${event} on business referencing ${tables} for each statement execute function map_cell_${event}()`);
      }
      await run(db, `analyze map_cell`);
    },
  };
}
