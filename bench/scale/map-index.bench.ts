// The map's cluster index alone, in one process (decision 0046): how long the first view after a change takes to read
// and index a seeded site, how long a view answered from the index takes, and the heap the index holds.
//   node --expose-gc bench/scale/map-index.bench.ts [<data dir of a bench/scale site>]
// The site is one scale.bench.ts seeded (SQLite, $TMPDIR/niche-scale-bench/sqlite-100000 by default) or, with
// BENCH_DATABASE_URL, a PostgreSQL database. Never run as a test.
import os from "node:os";
import path from "node:path";
import { openDatabase } from "#server/db/database.ts";
import { MapClusterService, MapDataRepository } from "#server/features/geo/index.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const dataDir = process.argv[2] ?? path.join(os.tmpdir(), "niche-scale-bench", "sqlite-100000");
const database = openDatabase({ url: process.env.BENCH_DATABASE_URL, sqlitePath: path.join(dataDir, "niche.sqlite") });
const town = [-79.2, 43.0, -78.9, 43.2] as const;
const filters = { categoryId: null, tagIds: [], openNow: false, attributes: [] };
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const service = new MapClusterService(new MapDataRepository(database.db), async () => ({ timeZone: "America/Toronto", holidayRegion: "CA-ON" }), () => database.contentVersion());
const before = heap();
let started = performance.now();
const cpu = process.cpuUsage();
const first = await service.clusters(town, 12, filters);
const firstMs = performance.now() - started;
const used = process.cpuUsage(cpu);
const held = heap() - before;
started = performance.now();
for (let i = 0; i < 20; i++) await service.clusters(town, 12, filters);
const viewMs = (performance.now() - started) / 20;
started = performance.now();
await service.listed(town, filters, 0, 50);
const listMs = performance.now() - started;
console.log(
  JSON.stringify({
    businesses: first.total,
    firstViewMs: Math.round(firstMs),
    /** CPU time of the first view: what a busy shared machine moves far less than the time it takes. */
    firstViewCpuMs: Math.round((used.user + used.system) / 1000),
    viewMs: Number(viewMs.toFixed(1)),
    listMs: Number(listMs.toFixed(1)),
    heldMB: Number((held / 1e6).toFixed(1)),
    cpus: os.cpus().length,
    load: os.loadavg().map((l) => l.toFixed(1)).join(" / "),
  }),
);
await database.close();
