// A server's start on a large site: how long the health check and the map's first clusters view take while the map's
// index of every business is read and built (decision 0058). Starts the built server on a site bench/scale seeded,
// asks /healthz and /readyz every 20 ms from the moment it is spawned, and asks the town's clusters as soon as it logs
// that it is ready (it listens), and again as soon as /readyz says ready (decision 0070: what a load balancer sends
// it first), then the header's search for a common word (its first search); stops once all are answered and the health
// check was asked for 2 s more.
//   npm run build
//   node bench/scale/start.bench.ts [<data dir of a bench/scale site>]          # SQLite
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/niche_scale_bench_100000 node bench/scale/start.bench.ts
// The site is $BENCH_CACHE_DIR/niche-scale-bench/sqlite-100000 by default. BENCH_STARTS (3) starts in a row; each
// start's figures are printed, then the medians. Never run as a test.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { freePort } from "../bench-helpers.ts";
import { serveArgs } from "../serve-command.ts";

const dataDir = process.argv[2] ?? path.join(process.env.BENCH_CACHE_DIR ?? os.tmpdir(), "niche-scale-bench", "sqlite-100000");
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const town = "-79.2,43.0,-78.9,43.2";

interface Start {
  /** From the spawn to the "ready" line. */
  readyMs: number;
  /** The slowest health check answered, and the median of those (the server answers from "ready" on). */
  healthMaxMs: number;
  healthMedianMs: number;
  /** The first clusters view, asked at "ready". */
  clustersMs: number;
  /** From the spawn to /readyz's first 200. */
  readyzMs: number;
  /** The clusters view asked at /readyz's first 200. */
  clustersAtReadyzMs: number;
  /**
   * The header's search for a word in about one name in 12, the server's first search, asked once the clusters at
   * /readyz are answered: the database's own search answers it while the search's index is built (decision 0066).
   */
  firstSearchMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
};

async function start(): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), DEMO_CONTENT: "false", LOG_LEVEL: "info", MAP_STYLE_URL: "offline", GEOCODER_URL: "http://127.0.0.1:9", ROUTER_URL: "off" };
  if (process.env.BENCH_DATABASE_URL) Object.assign(env, { DATABASE_URL: process.env.BENCH_DATABASE_URL });
  const spawned = performance.now();
  const server = spawn(process.execPath, serveArgs(), { env, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const clustersView = async () => {
    const asked = performance.now();
    const response = await fetch(`${base}/api/v1/geo/clusters?bbox=${town}&zoom=12`);
    await response.text();
    if (!response.ok) throw new Error(`clusters: ${response.status}`);
    return performance.now() - asked;
  };
  const timedSearch = async () => {
    const asked = performance.now();
    const response = await fetch(`${base}/api/v1/search?q=maple`);
    await response.text();
    if (!response.ok) throw new Error(`search: ${response.status}`);
    return performance.now() - asked;
  };
  /** Whether `path` answers 200, and how long it took; null while nothing listens. */
  const check = (path: string) => {
    const asked = performance.now();
    return fetch(`${base}${path}`).then(
      async (response) => (await response.text(), { ok: response.ok, ms: performance.now() - asked }),
      () => null,
    );
  };
  let readyAt: number | null = null;
  let clusters: Promise<number> | null = null;
  let output = "";
  server.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (readyAt === null && output.includes("Niche is ready")) {
      readyAt = performance.now();
      clusters = clustersView();
    }
  });
  const health: number[] = [];
  let readyzAt: number | null = null;
  let atReadyz: Promise<number> | null = null;
  let clustersMs: number | null = null;
  let clustersAtReadyzMs: number | null = null;
  let search: Promise<number> | null = null;
  let firstSearchMs: number | null = null;
  let doneAt = Infinity;
  const settled = async (view: Promise<number> | null) => (view ? Promise.race([view, Promise.resolve(null)]) : null);
  try {
    while (performance.now() < doneAt) {
      if (performance.now() - spawned > 120_000) throw new Error("the server did not start in 2 minutes");
      const [healthz, readyz] = await Promise.all([check("/healthz"), readyzAt === null ? check("/readyz") : null]);
      // Any check answered: the server answers only once it listens, which is when it logs "ready".
      if (healthz?.ok) health.push(healthz.ms);
      if (readyz?.ok && readyzAt === null) {
        readyzAt = performance.now();
        atReadyz = clustersView();
      }
      clustersMs ??= await settled(clusters);
      clustersAtReadyzMs ??= await settled(atReadyz);
      if (clustersAtReadyzMs !== null) search ??= timedSearch();
      firstSearchMs ??= await settled(search);
      if (clustersMs !== null && firstSearchMs !== null && doneAt === Infinity) doneAt = performance.now() + 2000;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    server.kill();
    await exited;
  }
  return {
    readyMs: readyAt! - spawned,
    healthMaxMs: Math.max(...health),
    healthMedianMs: median(health),
    clustersMs: clustersMs!,
    readyzMs: readyzAt! - spawned,
    clustersAtReadyzMs: clustersAtReadyzMs!,
    firstSearchMs: firstSearchMs!,
  };
}

const starts: Start[] = [];
for (let i = 0; i < STARTS; i++) {
  const figures = await start();
  console.log(JSON.stringify(Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, Math.round(value)]))));
  starts.push(figures);
}
const row = (label: string, pick: (s: Start) => number) => `| ${label} | ${Math.round(median(starts.map(pick)))} |`;
console.log(
  [
    `\n${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "SQLite"}, ${dataDir}, median of ${STARTS} starts (ms)\n`,
    "| figure | ms |",
    "|---|---:|",
    row("from the spawn to \"ready\"", (s) => s.readyMs),
    row("/healthz, slowest", (s) => s.healthMaxMs),
    row("/healthz, median", (s) => s.healthMedianMs),
    row("/map clusters asked at \"ready\"", (s) => s.clustersMs),
    row("from the spawn to /readyz's first 200", (s) => s.readyzMs),
    row("/map clusters asked at /readyz's first 200", (s) => s.clustersAtReadyzMs),
    row("header search of a common word, the first, asked then", (s) => s.firstSearchMs),
    `\nmachine: ${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`,
  ].join("\n"),
);
