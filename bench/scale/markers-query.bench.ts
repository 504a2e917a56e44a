// The markers list searched (`GET /api/v1/admin/businesses?q=…`, BusinessRepository.getPage) timed in one process, its
// queries alone: the capped count and the page's 20 ids, each as getPage sends it, for the 12 words scale.bench.ts's
// "markers list searched" row asks (each in about one name in 12, the names starting with it, so that a word's
// matches sit together in the names' order: the slowest is the word whose names come last), then the same pages
// sorted the other way, 2-letter searches (the start of each word), which no trigram serves, and searches of a name's
// number, which few names hold (the old walk read every name for them).
//   node bench/scale/markers-query.bench.ts [<data dir of a bench/scale site>]
// The site is one scale.bench.ts seeded (SQLite, $TMPDIR/niche-scale-bench/sqlite-100000 by default) or, with
// BENCH_DATABASE_URL, a PostgreSQL database; it is read as it is (not migrated). BENCH_REPEAT (3): rounds timed after
// one untimed round. Never run as a test.
import os from "node:os";
import path from "node:path";
import type { CompiledQuery } from "kysely";
import { openDatabase } from "#server/db/database.ts";
import { BusinessRepository } from "#server/features/business/business.repository.ts";
import { queriesOf } from "#tests/setup/captured-queries.ts";

const dataDir = process.argv[2] ?? path.join(os.tmpdir(), "niche-scale-bench", "sqlite-100000");
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const database = openDatabase({ url: process.env.BENCH_DATABASE_URL, sqlitePath: path.join(dataDir, "niche.sqlite") });
const WORDS = ["maple", "harbour", "queen", "falls", "river", "cedar", "bridge", "market", "union", "garden", "lantern", "station"];
/** Four digits of a seeded name's number ("Union Bakery 4817"): a handful of names at 100,000, none at 1,000. */
const RARE = WORDS.map((_, i) => String(1000 + ((i * 7919) % 9000)));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The queries getPage sends for `q` and `sort`, as compiled: the count and the page's ids. */
async function searchQueries(q: string, sort: "asc" | "desc"): Promise<{ count: CompiledQuery; page: CompiledQuery }> {
  const captured = await queriesOf(database.db, (db) => new BusinessRepository(db, database.dialect).getPage({ offset: 0 }, 20, q, sort));
  const count = captured.find((query) => /count\(\*\)/i.test(query.sql));
  // The page's ids: the ordered read that is not the loading of the page's businesses by their ids.
  const page = captured.find((query) => /order by/i.test(query.sql) && !/"id" in \(/.test(query.sql));
  if (!count || !page) throw new Error(`getPage(${q}) sent no count or no page: ${captured.map((query) => query.sql).join("\n")}`);
  return { count, page };
}

async function time(query: CompiledQuery): Promise<number> {
  const started = performance.now();
  await database.db.executeQuery(query);
  return performance.now() - started;
}

const rows: Array<[string, number, number]> = [];
async function measure(label: string, words: string[], sort: "asc" | "desc") {
  const compiled = await Promise.all(words.map((word) => searchQueries(word, sort)));
  const counts: number[] = [];
  const pages: number[] = [];
  for (let round = 0; round <= REPEAT; round++) {
    for (const { count, page } of compiled) {
      const countMs = await time(count);
      const pageMs = await time(page);
      if (round === 0) continue;
      counts.push(countMs);
      pages.push(pageMs);
    }
  }
  rows.push([`count, capped at 1,001 (${label})`, median(counts), Math.max(...counts)], [`the page's 20 ids (${label})`, median(pages), Math.max(...pages)]);
}

try {
  await measure("a word, ascending", WORDS, "asc");
  await measure("a word, descending", WORDS, "desc");
  await measure("2 letters, ascending", WORDS.map((word) => word.slice(0, 2)), "asc");
  await measure("a name's number, ascending", RARE, "asc");
  const size = await new BusinessRepository(database.db, database.dialect).count();
  console.log(`\n${database.dialect}, ${size} businesses (ms: median and slowest of ${REPEAT * WORDS.length})\n`);
  console.log("| query | median | slowest |\n|---|---:|---:|");
  for (const [label, ms, slowest] of rows) console.log(`| ${label} | ${ms.toFixed(1)} | ${slowest.toFixed(1)} |`);
  console.log(`\nmachine: ${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
} finally {
  await database.close();
}
