// Throughput of the app against a bare node:http server sending the same bytes, endpoint by endpoint, the CPU each
// spends per request, and the app's memory at rest and under that load.
//   npm run build && node bench/http/http.bench.ts
// BENCH_CONNECTIONS (20), BENCH_SECONDS (4), BENCH_TURNS (3), BENCH_WARMUP_SECONDS (1), BUILD_DIR (build), BENCH_ONLY (a comma list of endpoint names),
// BENCH_BARE_HEADERS ("all", the default: the bare server sends every header the app sent, the same bytes on the wire;
// "type": the body with its Content-Type alone).
// The app runs as `npm start` does (production, its default log level, the demo content, SQLite); the bare server
// is another process on the same machine. Never a test: compare the two within one run only.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import autocannon from "autocannon";
import { demoPages } from "../demo-pages.ts";
import { serveArgs } from "../serve-command.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
// Each server is under the same load this long before it is measured, so that both run compiled code.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
// The app and the bare server take turns this many times per endpoint, and each one's median counts: a shared
// machine's speed drifts by a third within a minute, which one turn each would take for a difference.
const TURNS = Number(process.env.BENCH_TURNS ?? 3);
// What the bare server sends with the body: the app's whole header (its security headers, ETag, Cache-Control,
// request id...), all but those Node's server writes for every response itself, so that both send the same bytes;
// or its Content-Type alone.
const BARE_HEADERS = process.env.BENCH_BARE_HEADERS === "type" ? "type" : "all";
const WRITTEN_BY_NODE = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

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
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Resident memory of a process now and at its peak so far (MB), from /proc. */
function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

/** CPU time a process has used so far (user and system, µs), from /proc. */
function cpuMicros(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them, in clock ticks.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}
// Linux's USER_HZ, the unit of /proc's CPU times, on every architecture Node runs on.
const CLOCK_TICKS = 100;

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-http-"));
const appPort = await freePort();
const app = spawn(process.execPath, serveArgs(), {
  env: { ...process.env, NODE_ENV: "production", PORT: String(appPort), DATA_DIR: dataDir, DEMO_CONTENT: "true", MAP_STYLE_URL: "offline" },
  stdio: ["ignore", "ignore", "inherit"],
});
const appUrl = `http://127.0.0.1:${appPort}`;
await waitFor(`${appUrl}/healthz`);
const started = memory(app.pid!);

// Pages of the demo content, read from the app's own database.
const pages = await demoPages(dataDir);
// The client's entry script, as a page's first load asks for it (with about thirty others).
const homeHtml = await (await fetch(`${appUrl}/`)).text();
const script = /\/assets\/entry\.client-[\w-]+\.js/.exec(homeHtml)?.[0];
if (!script) throw new Error("the home page names no entry script");

const endpoints: Record<string, string> = {
  healthz: "/healthz",
  "api businesses": "/api/v1/businesses",
  "api categories": "/api/v1/categories",
  "api tags": "/api/v1/tags",
  "api events": "/api/v1/events",
  "api offers": "/api/v1/offers",
  "api search": "/api/v1/search?q=caf&types=business,category,tag&limit=10",
  ...pages,
  script,
};

// Some warm-up, as a server that has been up a while.
for (let round = 0; round < 8; round++) for (const url of Object.values(endpoints)) await fetch(appUrl + url).then((r) => r.arrayBuffer());
const warm = memory(app.pid!);

/** One answer as autocannon gets it (no Accept-Encoding): its status, headers as sent and body. */
function sampleOf(url: string): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.rawHeaders, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** A bare node:http server in its own process, answering every request with one body and the headers given. */
async function bareServer(body: Buffer, headers: string[]) {
  const file = path.join(dataDir, "bare-body");
  fs.writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const body = require("fs").readFileSync(${JSON.stringify(file)});
       const headers = ${JSON.stringify(headers)}.concat(["Content-Length", String(body.length)]);
       require("http").createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
         .listen(${port}, "127.0.0.1");`,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  await waitFor(`http://127.0.0.1:${port}/`);
  return { url: `http://127.0.0.1:${port}`, child };
}

/** A turn of load on one server (`pid`): its requests a second, latency, and the CPU it spent per request. */
async function load(url: string, pid: number, warm: boolean) {
  if (warm && WARMUP_SECONDS > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  const cpu = Math.round((cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total));
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, cpu };
}

const rows: string[] = [];
let peakUnderLoad = warm.rss;
for (const [name, url] of Object.entries(endpoints)) {
  if (ONLY && !ONLY.includes(name)) continue;
  // Asked twice: the first answer of a page may be the one that fills the app's cache.
  await sampleOf(appUrl + url);
  const { status, headers, body } = await sampleOf(appUrl + url);
  if (status !== 200) throw new Error(`${url} answered ${status}`);
  const sent: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!.toLowerCase();
    if (BARE_HEADERS === "all" ? !WRITTEN_BY_NODE.has(name) : name === "content-type") sent.push(headers[i]!, headers[i + 1]!);
  }
  const bare = await bareServer(body, sent);
  const turns: { ours: Awaited<ReturnType<typeof load>>; theirs: Awaited<ReturnType<typeof load>> }[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const watcher = setInterval(() => (peakUnderLoad = Math.max(peakUnderLoad, memory(app.pid!).rss)), 200);
    const ours = await load(appUrl + url, app.pid!, turn === 0);
    clearInterval(watcher);
    turns.push({ ours, theirs: await load(bare.url, bare.child.pid!, turn === 0) });
  }
  await stop(bare.child);
  const median = <T>(values: T[], by: (value: T) => number) => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
  const ours = median(turns.map((t) => t.ours), (r) => r.rps);
  const theirs = median(turns.map((t) => t.theirs), (r) => r.rps);
  const ratio = `${((100 * ours.rps) / theirs.rps).toFixed(1)}%`;
  const cpu = (side: "ours" | "theirs") => median(turns.map((t) => t[side].cpu), (value) => value);
  rows.push(`| ${name} | ${body.length} | ${ours.rps} | ${ours.p50} | ${ours.p99} | ${theirs.rps} | ${ratio} | ${cpu("ours")} | ${cpu("theirs")} |`);
  console.log(rows.at(-1));
}
const end = memory(app.pid!);
await stop(app);
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\n${os.cpus().length} cores, Node ${process.version}, ${CONNECTIONS} connections, ${TURNS} turns of ${SECONDS} s each per endpoint and server (medians); ` +
    `the bare server sends ${BARE_HEADERS === "all" ? "the app's headers" : "the Content-Type alone"} with the body\n`,
);
console.log("| endpoint | bytes | app req/s | app p50 ms | app p99 ms | bare req/s | app / bare | app CPU µs/req | bare CPU µs/req |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
console.log(
  `\nApp resident memory: ${started.rss} MB after start, ${warm.rss} MB after warm-up, ` +
    `${peakUnderLoad} MB at most under load (sampled), ${end.peak} MB peak (VmHWM).`,
);
