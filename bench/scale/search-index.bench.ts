// The header search's index alone, in one process (decision 0012, 0057): how long building it from a seeded site's
// `search_document` takes, and the time of the 96 searches scale.bench.ts's "header search" row asks (3 to 5 letters
// of the seeded names' words), as the header asks them (every type, 8 results) and as the /search page does (50 of
// each type); then the same searches of the index corrected by 1, 100 and 2,000 documents renamed (decision 0062),
// and the index built in steps as it is off the searches' path (its longest step).
//   node --expose-gc bench/scale/search-index.bench.ts [<data dir of a bench/scale site>]
// The site is one scale.bench.ts seeded (SQLite, $TMPDIR/niche-scale-bench/sqlite-100000 by default) or, with
// BENCH_DATABASE_URL, a PostgreSQL database. BENCH_REPEAT (5): how many times the 96 searches are run. Never run as
// a test.
import os from "node:os";
import path from "node:path";
import { openDatabase } from "#server/db/database.ts";
import { HEADER_SEARCH } from "#shared/constants.ts";
import { SEARCH_TYPES } from "#shared/schemas/search.ts";
import { queryWords } from "#server/lib/search-text.ts";
import { MemorySearchIndex, OverlaidSearchIndex, type SearchDocumentRow } from "#server/features/search/search-memory.ts";
import type { SearchIndex } from "#server/features/search/search.repository.ts";
import { SearchChangeRepository } from "#server/features/search/search-change.repository.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const dataDir = process.argv[2] ?? path.join(os.tmpdir(), "niche-scale-bench", "sqlite-100000");
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const database = openDatabase({ url: process.env.BENCH_DATABASE_URL, sqlitePath: path.join(dataDir, "niche.sqlite") });
const WORDS = ["Maple", "Harbour", "Queen", "Falls", "River", "Cedar", "Bridge", "Market", "Union", "Garden", "Lantern", "Station"];
const TRADES = ["Bakery", "Books", "Coffee", "Florist", "Tailor", "Bistro", "Gallery", "Hardware", "Pharmacy", "Records", "Studio", "Yoga"];
const queries: string[] = [];
for (let i = 0; i < 4; i++) for (const word of [...WORDS, ...TRADES]) queries.push(word.slice(0, 3 + (i % 3)));

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p95 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;

const readStarted = performance.now();
const documents = await new SearchChangeRepository(database.db).documents();
const readMs = performance.now() - readStarted;
const before = heap();
const cpu = process.cpuUsage();
const buildStarted = performance.now();
const built = new MemorySearchIndex(1, documents);
const buildMs = performance.now() - buildStarted;
const buildCpu = process.cpuUsage(cpu);
const held = heap() - before;

/** Each search's milliseconds, every query `REPEAT` times (the first round warms the code up and is not counted). */
function run(perType: number | undefined, limit: number, index: SearchIndex = built): number[] {
  const times: number[] = [];
  for (let round = 0; round <= REPEAT; round++) {
    for (const q of queries) {
      const match = queryWords(q).map((word) => ({ prefix: word, words: [] }));
      const started = performance.now();
      void index.find({ match, types: SEARCH_TYPES, limit, ...(perType === undefined ? {} : { perType }) });
      if (round > 0) times.push(performance.now() - started);
    }
  }
  return times;
}
const header = run(undefined, HEADER_SEARCH.maxSuggestions);
const page = run(50, 200);
const figures = (times: number[]) => ({ medianMs: Number(median(times).toFixed(2)), p95Ms: Number(p95(times).toFixed(2)) });

// Decision 0062: the index corrected by `written` documents renamed since it was built (what a search after a change
// costs besides reading them), searched as above; then the full index built again in steps, as off the path: its
// time in all and its longest step (how long it holds the event loop at once).
const corrected: Record<string, unknown> = {};
for (const written of [1, 100, 2000]) {
  const renamed: SearchDocumentRow[] = documents.slice(0, written * 50).filter((_, i) => i % 50 === 0).map((document, i) => ({ ...document, name: `Zinnia ${i} ${document.name}` }));
  const started = performance.now();
  const index = new OverlaidSearchIndex(built, 2, 0, new Set(renamed.map((document) => document.id)), renamed);
  const correctMs = performance.now() - started;
  corrected[written] = { correctMs: Number(correctMs.toFixed(1)), header: figures(run(undefined, HEADER_SEARCH.maxSuggestions, index)), searchPage: figures(run(50, 200, index)) };
}
let longestStepMs = 0;
let stepStarted = performance.now();
const steppedStarted = performance.now();
await MemorySearchIndex.inSteps(2, documents, 0, async () => {
  longestStepMs = Math.max(longestStepMs, performance.now() - stepStarted);
  await new Promise((resolve) => setImmediate(resolve));
  stepStarted = performance.now();
});
longestStepMs = Math.max(longestStepMs, performance.now() - stepStarted);
const inSteps = { ms: Math.round(performance.now() - steppedStarted), longestStepMs: Number(longestStepMs.toFixed(1)) };
console.log(
  JSON.stringify({
    documents: documents.length,
    readMs: Math.round(readMs),
    buildMs: Math.round(buildMs),
    buildCpuMs: Math.round((buildCpu.user + buildCpu.system) / 1000),
    heldMB: Number((held / 1e6).toFixed(1)),
    header: figures(header),
    searchPage: figures(page),
    corrected,
    inSteps,
    cpus: os.cpus().length,
    load: os.loadavg().map((l) => l.toFixed(1)).join(" / "),
  }),
);
await database.close();
