// Header-suggestion latency (p50/p95, server time: service + database) with 10,000 businesses,
// on SQLite and, when BENCH_DATABASE_URL names a PostgreSQL server, on PostgreSQL too.
//   node bench/search/suggestions.bench.ts
//   BENCH_DATABASE_URL=postgres://niche:niche@127.0.0.1:5432/niche_scratch node bench/search/suggestions.bench.ts
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
import { buildBusiness, buildCategory, buildTag } from "#server/db/factories.ts";
import { createEngineSearchRepository, createSearchRepository, type SearchRepository } from "#server/features/search/search.repository.ts";
import { SearchService } from "#server/features/search/search.service.ts";
import { SUGGESTION_TYPES } from "#shared/schemas/search.ts";

const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
// Clients asking at the same time, each going through every round's queries in an order of its own.
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);

// A seeded generator, so both engines index the same content.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const FIRST = "Maple Oak Harbour River Falls Queen King Golden Silver Blue Green Red Little Grand Old New Union Victoria Erie Lakeside Northern Southern Eastern Western Corner Heritage Union Pioneer Crystal Rose Cedar Pine Willow Birch Stone Iron Copper Amber Ivory Juniper Saffron Olive Sage Clover".split(" ");
const SECOND = "Bistro Cafe Bakery Grill Diner Books Gallery Studio Fitness Yoga Spa Barbers Salon Outfitters Hardware Florist Pharmacy Dental Clinic Tavern Pub Brewery Market Deli Pizzeria Noodles Sushi Tacos Burgers Creamery Roasters Jewellers Optical Tailors Cobbler Cycles Toys Games Records Vintage Antiques Framing Printing Law Accounting Insurance Realty Travel Pets Grooming Hotel".split(" ");
const SENTENCES = [
  "Family owned and operated since 1987.",
  "Open late on Fridays and Saturdays.",
  "Vegan and gluten-free options available every day.",
  "Walk-ins welcome; appointments recommended on weekends.",
  "Locally sourced ingredients from Niagara farms.",
  "Free Wi-Fi and plenty of seating by the window.",
  "Ask about our loyalty card and student discount.",
  "Private events and catering for groups of any size.",
  "A downtown favourite with a patio in summer.",
  "Repairs, rentals and expert advice from friendly staff.",
  "Hand-made gifts by local artists and makers.",
  "Live music every Thursday evening.",
];
const CATEGORIES = ["Restaurants", "Cafés & Bakeries", "Shops & Boutiques", "Arts & Culture", "Health & Wellness", "Services", "Bars & Nightlife", "Community"];
const TAGS = ["Vegan", "Patio", "Family Friendly", "Live Music", "Wheelchair Accessible", "Local Art", "Late Night", "Free Wi-Fi", "Pet Friendly", "Gluten Free", "Student Discount", "BBQ", "Takeout", "Vintage", "Outdoor Seating"];

/** What people type: short prefixes while typing, whole words, two words, and typos. */
const QUERIES = {
  prefix: ["ca", "ma", "qu", "re", "bis", "gal", "sto", "veg", "har", "piz", "yo", "fl"],
  word: ["bakery", "gallery", "vegan", "harbour", "juniper", "brewery", "patio", "restaurants", "studio", "willow"],
  "two words": ["maple bis", "golden caf", "river gal", "queen bar", "vegan caf", "live mus"],
  typo: ["resturant", "galery", "bakrey", "harbor", "brewrey", "junipr", "wilow", "florsit"],
};

async function fill(database: Database) {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const categories = CATEGORIES.map((name) => buildCategory({ name }));
  const tags = TAGS.map((name) => buildTag({ name }));
  await database.db.insertInto("category").values(categories).execute();
  await database.db.insertInto("tag").values(tags).execute();
  for (let start = 0; start < BUSINESSES; start += 500) {
    const rows = Array.from({ length: Math.min(500, BUSINESSES - start) }, (_, i) =>
      buildBusiness({
        name: `${pick(FIRST)} ${pick(SECOND)} ${start + i}`,
        categoryId: pick(categories).id,
        description: Array.from({ length: 3 }, () => pick(SENTENCES)).join(" "),
        address: `${Math.floor(next() * 9000) + 100} ${pick(["Queen Street", "Erie Avenue", "Victoria Avenue", "Park Street", "Main Street"])}, Niagara Falls, ON`,
      }),
    );
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto("business").values(rows).execute();
      const links = rows.flatMap((row) => [...new Set([pick(tags).id, pick(tags).id])].map((tagId) => ({ businessId: row.id, tagId })));
      await trx.insertInto("business_tag").values(links).execute();
    });
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The app's search (the index in the process, search-memory.ts), and the engine's own index it stands in for. */
const REPOSITORIES: Array<[string, (database: Database) => SearchRepository]> = [
  ["in the process", createSearchRepository],
  ["engine", createEngineSearchRepository],
];

async function measure(engine: string, database: Database) {
  const started = performance.now();
  await migrateToLatest(database);
  await fill(database);
  const loadSeconds = (performance.now() - started) / 1000;
  console.log(`${engine}: ${BUSINESSES} businesses indexed in ${loadSeconds.toFixed(1)} s; ${CLIENTS} clients at once, ${os.cpus().length} cores`);
  const lines: string[] = [];
  for (const [index, create] of REPOSITORIES) lines.push(...(await measureOne(`${engine}, ${index}`, new SearchService(create(database)))));
  return lines;
}

async function measureOne(label: string, search: SearchService) {
  const ask = async (q: string) => {
    try {
      return await search.search({ q, types: SUGGESTION_TYPES, limit: 10 });
    } catch (error) {
      // Once more on a fresh connection when another process ended ours ("admin shutdown").
      if ((error as { code?: string }).code !== "57P01") throw error;
      return search.search({ q, types: SUGGESTION_TYPES, limit: 10 });
    }
  };

  const all = Object.values(QUERIES).flat();
  const firstStarted = performance.now();
  await ask(all[0]!);
  console.log(`${label}: first search ${(performance.now() - firstStarted).toFixed(0)} ms`);
  for (const q of all) await ask(q); // warm caches and prepared plans

  const times: Record<string, number[]> = Object.fromEntries(Object.keys(QUERIES).map((k) => [k, []]));
  const asks = Object.entries(QUERIES).flatMap(([kind, queries]) => queries.map((q) => ({ kind, q })));
  // ROUNDS rounds of every query, shared out among CLIENTS clients that each ask one after the other.
  const work = Array.from({ length: ROUNDS }, () => asks).flat();
  const order = random(7);
  for (let i = work.length - 1; i > 0; i--) {
    const j = Math.floor(order() * (i + 1));
    [work[i], work[j]] = [work[j]!, work[i]!];
  }
  let next = 0;
  const client = async () => {
    for (let item = work[next++]; item; item = work[next++]) {
      const t0 = performance.now();
      const { results } = await ask(item.q);
      times[item.kind]!.push(performance.now() - t0);
      if (item.kind === "typo" && results.length === 0) throw new Error(`typo query "${item.q}" found nothing`);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${label} | ${name} | ${values.length} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 95).toFixed(2)} |`;
  };
  const lines = [...Object.entries(times).map(([kind, values]) => row(kind, values)), row("all", Object.values(times).flat())];
  return lines;
}

const lines = ["| engine, index | queries | n | p50 ms | p95 ms |", "|---|---|---|---|---|"];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-search-bench-"));
// BENCH_SQLITE_FILE keeps the filled database for a closer look (EXPLAIN, other queries).
const sqliteFile = process.env.BENCH_SQLITE_FILE ?? path.join(dir, "bench.sqlite");
const sqlite = openDatabase({ sqlitePath: sqliteFile });
try {
  lines.push(...(await measure("SQLite", sqlite)));
} finally {
  await sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const name = `niche_search_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A pool of our own, so a connection another process ends (a test run's clean-up) is replaced, not fatal; as
  // large as the server's (src/server/db/database.ts).
  const pool = new pg.Pool({ connectionString: url.href, max: 10 });
  pool.on("error", (error) => console.warn(`pool: ${error.message}`));
  const { dialect, transaction } = withAmbientTransactions(new PostgresDialect({ pool }));
  const db = new Kysely<DB>({ dialect });
  const contentVersion = async () => Number((await pool.query<{ version: number }>({ name: "content_version", text: "select version from content_version where id = 1" })).rows[0]?.version ?? 0);
  const postgres: Database = { db, dialect: "postgres", transaction, ping: async () => {}, contentVersion, writeVersion: async () => null, pool: () => null, close: () => db.destroy() };
  try {
    lines.push(...(await measure("PostgreSQL", postgres)));
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await postgres.close();
    // BENCH_KEEP_DATABASE keeps it for a closer look (EXPLAIN), as BENCH_SQLITE_FILE does on SQLite.
    if (process.env.BENCH_KEEP_DATABASE) console.log(`kept: ${url.href}`);
    else await admin.query(`drop database if exists ${name} with (force)`).catch((error: Error) => console.warn(`not dropped: ${name}: ${error.message}`));
    await admin.end();
  }
}

console.log(`\n${lines.join("\n")}\n\nmachine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}`);
