// The hits endpoint under load, and what a day's hits cost the database.
//   npm run build && node bench/insights/insights.bench.ts
// 1. HTTP: the built server as `npm start` runs it (SQLite, the demo content, behind a trusted proxy so each request
//    is a visitor of its own) takes BENCH_RATE (500) requests a second of POST /api/v1/insights/hits for
//    BENCH_SECONDS (10) after a warm-up, from BENCH_CONNECTIONS (20) connections: latency percentiles, as Node's
//    server answers it before the app and, in turns with that (BENCH_ROUNDS, 1), through the app's middleware.
// 2. A day: BENCH_HITS (1,000,000) hits spread over 86,400 simulated seconds go through the counter in process, which
//    writes at most once a simulated second: writes per second and the database's time per write. BENCH_DAY_SECONDS
//    runs only that many simulated seconds of it, at the day's average rate.
// Never a test: timings on a shared machine are only comparable within one run.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { buildBusiness, buildCategory } from "#server/db/factories.ts";
import {
  InsightCounter,
  InsightRepository,
  InsightTotalsRepository,
} from "#server/features/insights/index.ts";
import type { PageEvent } from "#shared/schemas/insights.ts";
import { serveArgs } from "../serve-command.ts";

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Turns of the two HTTP runs (before the app, through it). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const HITS = Number(process.env.BENCH_HITS ?? 1_000_000);
const DAY_SECONDS = 86_400;
/** Simulated seconds to run of the day, at its average rate (all of it by default; a shared machine may want an hour). */
const RUN_SECONDS = Number(process.env.BENCH_DAY_SECONDS ?? DAY_SECONDS);
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** A page's typical batch: its view, or a click, or a search's results, or a search that found nothing. */
function batch(ids: string[], n: number): PageEvent[] {
  const id = ids[n % ids.length]!;
  if (n % 10 === 0)
    return [
      {
        kind: "search",
        id: ids.slice(n % 7, (n % 7) + 5),
        query: ["coffee", "bakery", "gifts"][n % 3],
      },
    ];
  if (n % 20 === 5)
    return [
      {
        kind: "no-results",
        query: ["vegan pizza", "bike repair", `tailor ${n % 50}`][n % 3]!,
      },
    ];
  if (n % 4 === 0) return [{ kind: "website", id }];
  return [{ kind: "view", id }];
}

/** The CPU time a process has used so far, in ms (Linux's /proc; NaN elsewhere): what a request costs the server, whatever else the machine runs. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs
      .readFileSync(`/proc/${pid}/stat`, "utf8")
      .split(") ")[1]!
      .split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

const PIN = process.env.BENCH_PIN === "1";
if (PIN) spawnSync("taskset", ["-pc", "0", String(process.pid)]);

async function http(): Promise<void> {
  const dataDir = fs.mkdtempSync(
    path.join(os.tmpdir(), "niche-bench-insights-"),
  );
  const port = await freePort();
  // BENCH_PIN=1: the server on the second core and this process (autocannon) on the first, so the client's work does
  // not queue the server's (Linux's taskset).
  const server = spawn(
    PIN ? "taskset" : process.execPath,
    PIN ? ["-c", "1", process.execPath, ...serveArgs()] : serveArgs(),
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        DEMO_CONTENT: "true",
        TRUST_PROXY: "true",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/v1/businesses`);
    const ids = (
      (await (await fetch(`${base}/api/v1/businesses`)).json()) as Array<{
        id: string;
      }>
    ).map((b) => b.id);
    let n = 0;
    // With a query string the request misses the path Node's server answers before the app (insight-hits.listener.ts)
    // and goes through the app's middleware and route, as every hit did before: both measured in one server, in turns.
    const run = (seconds: number, throughApp = false) =>
      autocannon({
        url: `${base}/api/v1/insights/hits${throughApp ? "?through=app" : ""}`,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: seconds,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              n++;
              return {
                ...request,
                headers: {
                  "content-type": "text/plain;charset=UTF-8",
                  "user-agent": CHROME,
                  "sec-fetch-site": "same-origin",
                  "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                },
                body: JSON.stringify({ events: batch(ids, n) }),
              };
            },
          },
        ],
      });
    await run(2);
    await run(2, true);
    await bareFloor();
    for (let round = 0; round < ROUNDS; round++) {
      for (const throughApp of [false, true]) {
        const cpuBefore = cpuMs(server.pid);
        const result = await run(SECONDS, throughApp);
        const cpu = (cpuMs(server.pid) - cpuBefore) / result.requests.total;
        const non204 = result.non2xx + result.errors;
        console.log(
          `HTTP ${throughApp ? "through the app" : "before the app"} (load ${os.loadavg()[0]!.toFixed(1)}): ${result.requests.total} requests at ${Math.round(result.requests.average)}/s (asked ${RATE}/s), latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; server CPU ${cpu.toFixed(2)} ms a request; not 204: ${non204}`,
        );
      }
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The floor this machine sets: a bare node:http server that reads the body and answers 204, under the same load from
 * the same client. With autocannon on the server's own cores, its latencies are the least any endpoint can show here.
 */
async function bareFloor(): Promise<void> {
  const port = await freePort();
  const bare = spawn(
    PIN ? "taskset" : process.execPath,
    [
      ...(PIN ? ["-c", "1", process.execPath] : []),
      "-e",
      `require("node:http").createServer((q, s) => { q.resume(); q.on("end", () => { s.statusCode = 204; s.end(); }); }).listen(${port}, "127.0.0.1", () => console.log("ready"))`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    await new Promise((resolve) => bare.stdout!.once("data", resolve));
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/api/v1/insights/hits`,
      connections: CONNECTIONS,
      overallRate: RATE,
      duration: SECONDS,
      requests: [
        {
          method: "POST",
          setupRequest: (request) => ({
            ...request,
            headers: {
              "content-type": "text/plain;charset=UTF-8",
              "user-agent": CHROME,
            },
            body: JSON.stringify({ events: [] }),
          }),
        },
      ],
    });
    console.log(
      `HTTP bare node:http (load ${os.loadavg()[0]!.toFixed(1)}): ${result.requests.total} requests at ${Math.round(result.requests.average)}/s (asked ${RATE}/s), latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
  } finally {
    bare.kill("SIGTERM");
    await new Promise((r) => bare.once("exit", r));
  }
}

async function day(): Promise<void> {
  const dir = fs.mkdtempSync(
    path.join(os.tmpdir(), "niche-bench-insights-day-"),
  );
  const database = openDatabase({ sqlitePath: path.join(dir, "bench.sqlite") });
  try {
    await migrateToLatest(database);
    const category = buildCategory();
    await database.db.insertInto("category").values(category).execute();
    const businesses = Array.from({ length: 500 }, () =>
      buildBusiness({ categoryId: category.id }),
    );
    for (const b of businesses)
      await database.db.insertInto("business").values(b).execute();
    const ids = businesses.map((b) => b.id);
    let now = Date.parse("2031-05-01T00:00:00Z");
    const counter = new InsightCounter({
      repository: new InsightRepository(database.db, new InsightTotalsRepository(database.db, database.dialect)),
      timeZone: async () => "UTC",
      now: () => now,
    });
    await counter.prepare();
    let writeMs = 0;
    let slowest = 0;
    const perSecond = HITS / DAY_SECONDS;
    let sent = 0;
    const started = performance.now();
    for (let second = 0; second < RUN_SECONDS; second++) {
      const due = Math.round((second + 1) * perSecond) - sent;
      for (let i = 0; i < due; i++, sent++)
        counter.record(batch(ids, sent), {
          address: `10.0.${(sent >> 8) & 255}.${sent & 255}`,
          userAgent: CHROME,
          site: "bench",
        });
      now += 1000;
      if (counter.pending === 0) continue;
      const t0 = performance.now();
      await counter.flush();
      const ms = performance.now() - t0;
      writeMs += ms;
      slowest = Math.max(slowest, ms);
    }
    const rows = await database.db
      .selectFrom("insight_count")
      .select((eb) => eb.fn.sum<number>("count").as("total"))
      .executeTakeFirstOrThrow();
    console.log(
      `A day's rate (${HITS} hits a day): ${sent} hits over ${RUN_SECONDS} simulated seconds in ${Math.round(performance.now() - started)} ms; ${counter.writes} writes (${(counter.writes / RUN_SECONDS).toFixed(2)} a second); database time ${(writeMs / counter.writes).toFixed(2)} ms a write on average, ${slowest.toFixed(1)} ms at most; ${Number(rows.total)} added to the counters (a search counts for each business it showed; views repeated within 30 minutes once); heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
    );
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
if (process.env.BENCH_ONLY !== "day") await http();
if (process.env.BENCH_ONLY !== "http") await day();
