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

/**
 * The next view's time and CPU time after `write` (decision 0050: the index brought up to date from what was written;
 * 0052: answered from the index before, corrected), then the CPU time of the index's build whole off the view's path.
 */
async function afterWrite(write: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number; rebuildCpuMs: number }> {
  await write();
  const since = performance.now();
  const cpuSince = process.cpuUsage();
  await service.clusters(town, 12, filters);
  const cpuUsed = process.cpuUsage(cpuSince);
  const ms = Math.round(performance.now() - since);
  const rebuildSince = process.cpuUsage();
  await service.rebuilt();
  const rebuildUsed = process.cpuUsage(rebuildSince);
  return { ms, cpuMs: Math.round((cpuUsed.user + cpuUsed.system) / 1000), rebuildCpuMs: Math.round((rebuildUsed.user + rebuildUsed.system) / 1000) };
}
const some = await database.db.selectFrom("business").select(["id", "lat", "name"]).orderBy("id").limit(1).executeTakeFirstOrThrow();
const afterDescription = await afterWrite(() => database.db.updateTable("business").set({ description: `Edited ${Date.now()}` }).where("id", "=", some.id).execute());
const afterMove = await afterWrite(() => database.db.updateTable("business").set({ lat: Number(some.lat) + 0.0005 }).where("id", "=", some.id).execute());
const afterRename = await afterWrite(() => database.db.updateTable("business").set({ name: `${some.name} Renamed` }).where("id", "=", some.id).execute());
await database.db.updateTable("business").set({ lat: some.lat, name: some.name }).where("id", "=", some.id).execute();
console.log(
  JSON.stringify({
    businesses: first.total,
    firstViewMs: Math.round(firstMs),
    /** CPU time of the first view: what a busy shared machine moves far less than the time it takes. */
    firstViewCpuMs: Math.round((used.user + used.system) / 1000),
    viewMs: Number(viewMs.toFixed(1)),
    listMs: Number(listMs.toFixed(1)),
    afterDescription,
    afterMove,
    afterRename,
    heldMB: Number((held / 1e6).toFixed(1)),
    cpus: os.cpus().length,
    load: os.loadavg().map((l) => l.toFixed(1)).join(" / "),
  }),
);
await database.close();
