// The map's businesses counted by the cells of a grid per zoom (decision 0071), kept by triggers on `business` on both
// engines, so that a server that has not yet built its map's index answers a view by reading the cells in it rather
// than every business in it (decision 0064).
//
// `map_cell`: at each zoom 0 to 16, the cells that hold a business: how many, and the sums of their positions in
// 10^-7 degrees (whole numbers, so that taking a business away leaves exactly what was there before it came; the one
// business of a cell of one is where its sums say). The grid is src/server/features/geo/map-cells.ts's, whose
// functions compute the same numbers with the same operations in the same order: cells as wide and as high on the
// Web Mercator map as the cluster index's radius, 60 pixels of a 512-pixel world, counted from 180°W and from the
// map's north edge. A cell with none left is removed.
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

/** The statements that count a business in (`new`) or out (`old`) of its cells at every zoom. */
function counted(row: "new" | "old", dialect: DialectName): string[] {
  const cell = cellOf(row, dialect);
  if (row === "new") {
    return [
      `insert into map_cell (zoom, x, y, n, lng, lat)
         select zoom, ${cell.x}, ${cell.y}, 1, ${cell.lng}, ${cell.lat} from ${zooms(dialect)} where true
         on conflict (zoom, x, y) do update set n = map_cell.n + 1, lng = map_cell.lng + excluded.lng, lat = map_cell.lat + excluded.lat`,
    ];
  }
  const cells = `(zoom, x, y) in (select zoom, ${cell.x}, ${cell.y} from ${zooms(dialect)})`;
  return [
    `update map_cell set n = n - 1, lng = lng - ${cell.lng}, lat = lat - ${cell.lat} where ${cells}`,
    `delete from map_cell where n = 0 and ${cells}`,
  ];
}

export default function mapCells(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      const whole = dialect === "postgres" ? "bigint" : "integer";
      await run(
        db,
        `create table map_cell (
           zoom integer not null,
           x integer not null,
           y integer not null,
           n integer not null,
           lng ${whole} not null,
           lat ${whole} not null,
           primary key (zoom, x, y)
         )${dialect === "sqlite" ? " without rowid" : ""}`,
      );
      const cell = cellOf("b", dialect);
      await run(
        db,
        `insert into map_cell (zoom, x, y, n, lng, lat)
           select zoom, ${cell.x}, ${cell.y}, count(*), sum(${cell.lng}), sum(${cell.lat}) from business b cross join ${zooms(dialect)}
           group by 1, 2, 3`,
      );
      await db.schema.createIndex("business_lat_idx").on("business").column("lat").execute();
      await db.schema.createIndex("business_lng_idx").on("business").column("lng").execute();

      if (dialect === "sqlite") {
        await run(db, `create trigger map_cell_insert after insert on business begin ${counted("new", dialect).join(";\n")}; end`);
        await run(db, `create trigger map_cell_delete after delete on business begin ${counted("old", dialect).join(";\n")}; end`);
        await run(
          db,
          `create trigger map_cell_update after update of lat, lng on business
             when old.lat is not new.lat or old.lng is not new.lng
             begin ${[...counted("old", dialect), ...counted("new", dialect)].join(";\n")}; end`,
        );
        return;
      }

      await run(db, `analyze map_cell`);
      await run(
        db,
        `create function map_cell_count() returns trigger language plpgsql as $$
         begin
           if tg_op = 'UPDATE' and old.lat = new.lat and old.lng = new.lng then
             return null;
           end if;
           if tg_op <> 'INSERT' then
             ${counted("old", dialect).join(";\n")};
           end if;
           if tg_op <> 'DELETE' then
             ${counted("new", dialect).join(";\n")};
           end if;
           return null;
         end $$`,
      );
      await run(db, `create trigger map_cell_count after insert or update of lat, lng or delete on business for each row execute function map_cell_count()`);
    },
  };
}
