// CSV import of 10,000 businesses with coordinates: the preview's time, the apply's time and the process's peak
// resident memory, on SQLite and, when BENCH_DATABASE_URL names a PostgreSQL server, on PostgreSQL too. BENCH_FILES
// (1): files imported one after another in the same process, each of BENCH_ROWS new businesses after the first (the
// spec's limit is 10,000 rows a file: 100,000 rows are 10 files), each file's times and the peak so far.
//   node bench/import/import.bench.ts
//   BENCH_DATABASE_URL=postgres://niche:niche@127.0.0.1:5432/niche_scratch node bench/import/import.bench.ts
// Never run as a test: timings on a shared machine are only comparable within one run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { openDatabase, type Database } from "#server/db/database.ts";
import { withAmbientTransactions } from "#server/db/ambient-transaction.ts";
import type { DB } from "#server/db/database-types.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { buildBusiness, buildCategory, buildTag, createUser } from "#server/db/factories.ts";
import { ImportRepository } from "#server/features/import/import.repository.ts";
import { ImportService } from "#server/features/import/import.service.ts";
import { toCsv } from "#server/features/import/csv.ts";
import type { CurrentUser } from "#server/auth/session.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const FILES = Number(process.env.BENCH_FILES ?? 1);
/** Businesses already stored, a tenth of which the file changes. */
const EXISTING = Number(process.env.BENCH_EXISTING ?? Math.round(ROWS / 5));

const CATEGORIES = ["Restaurants", "Cafés & Bakeries", "Shops & Boutiques", "Arts & Culture", "Health & Wellness", "Services", "Bars & Nightlife", "Community"];
const TAGS = ["Vegan", "Patio", "Family Friendly", "Live Music", "Wheelchair Accessible", "Local Art", "Late Night", "Free Wi-Fi"];

/** Peak resident memory, sampled while the work runs. */
function sampleRss() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

async function measure(label: string, database: Database): Promise<string[]> {
  await migrateToLatest(database);
  const categories = CATEGORIES.map((name) => buildCategory({ name }));
  const tags = TAGS.map((name) => buildTag({ name }));
  await database.db.insertInto("category").values(categories).execute();
  await database.db.insertInto("tag").values(tags).execute();
  // Written 500 at a time; only those the file names are kept, so the bench's own memory is not the site's size.
  const stored: ReturnType<typeof buildBusiness>[] = [];
  for (let i = 0; i < EXISTING; i += 500) {
    const batch = Array.from({ length: Math.min(500, EXISTING - i) }, (_, j) => buildBusiness({ name: `Stored Business ${i + j}`, categoryId: categories[(i + j) % categories.length]!.id, address: `${i + j} Queen Street` }));
    await database.db.insertInto("business").values(batch).execute();
    stored.push(...batch.slice(0, Math.max(0, ROWS - i)));
  }
  const user = await createUser(database.db, { role: "admin" });
  const admin: CurrentUser = { id: user.id, email: user.email, displayName: "Bench", photoURL: null, role: "admin", emailVerified: true };

  const service = new ImportService(new ImportRepository(database.db));
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const lines: string[] = [];
  let peak = 0;
  for (let f = 0; f < FILES; f++) {
    // The first file: the stored businesses (a tenth with a new description), then new ones; the next ones, new
    // businesses only. All with coordinates.
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const old = f === 0 ? stored[i] : undefined;
      const name = old ? old.name : `Imported Business ${f > 0 ? `${f}-` : ""}${i}`;
      const description = old ? (i % 10 === 0 ? "A new description." : old.description) : `Business number ${i}, imported.`;
      return [name, categories[i % categories.length]!.name, description, old ? old.address : `${i} King Street`, old ? old.lat : 43.1 + (i % 100) * 0.0001, old ? old.lng : -79.07 - (i % 100) * 0.0001, old ? "" : TAGS[i % TAGS.length]!];
    });
    const file = new TextEncoder().encode(toCsv(["name", "category", "description", "address", "latitude", "longitude", "tags"], rows));
    const rss = sampleRss();
    const t0 = performance.now();
    // Only what the server keeps of the preview between the two requests: its id (the answer is sent and let go).
    const { id, summary } = await service.create(admin, { name: `bench-${f + 1}.csv`, bytes: file });
    const previewSeconds = (performance.now() - t0) / 1000;
    const previewPeak = rss();
    const applyRss = sampleRss();
    const t1 = performance.now();
    await service.apply(admin, id);
    const applySeconds = (performance.now() - t1) / 1000;
    const applyPeak = applyRss();
    peak = Math.max(peak, previewPeak, applyPeak);
    const which = FILES > 1 ? `${label}, file ${f + 1} of ${FILES}` : label;
    console.log(`${which}: ${JSON.stringify(summary)}; preview ${previewSeconds.toFixed(2)} s, apply ${applySeconds.toFixed(2)} s; peak RSS ${mb(previewPeak)} MB in the preview, ${mb(applyPeak)} MB in the apply`);
    lines.push(`| ${which} | ${ROWS} | ${(file.byteLength / 1024 / 1024).toFixed(1)} | ${previewSeconds.toFixed(2)} | ${applySeconds.toFixed(2)} | ${mb(peak)} |`);
  }
  return lines;
}

const lines = ["| engine | rows | file MB | preview s | apply s | peak RSS MB (so far) |", "|---|---|---|---|---|---|"];
// One engine per process gives each its own peak: BENCH_ENGINE=sqlite or postgres (both, one after the other, by default).
const engine = process.env.BENCH_ENGINE;
if (engine !== "postgres") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-import-bench-"));
  const sqlite = openDatabase({ sqlitePath: path.join(dir, "bench.sqlite") });
  try {
    lines.push(...(await measure("SQLite", sqlite)));
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl && engine !== "sqlite") {
  const name = `niche_import_bench_${process.pid}`;
  const adminClient = new pg.Client({ connectionString: serverUrl });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 4 });
  pool.on("error", (error) => console.warn(`pool: ${error.message}`));
  const { dialect, transaction } = withAmbientTransactions(new PostgresDialect({ pool }));
  const db = new Kysely<DB>({ dialect });
  const postgres: Database = { db, dialect: "postgres", transaction, ping: async () => {}, contentVersion: async () => null, writeVersion: async () => null, pool: () => null, close: () => db.destroy() };
  try {
    lines.push(...(await measure("PostgreSQL", postgres)));
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await postgres.close();
    // An autovacuum worker on the database can refuse `with (force)` to a user who is no superuser: the figures stand.
    await adminClient.query(`drop database if exists ${name} with (force)`).catch((error: Error) => console.warn(`${name} left behind: ${error.message}`));
    await adminClient.end();
  }
}

console.log(`\n${lines.join("\n")}\n\nmachine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}`);
