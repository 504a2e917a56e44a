// Throughput of the app against a bare node:http server sending the same bytes, endpoint by endpoint, the CPU each
// spends per request, and the app's memory at rest and under that load.
//   npm run build && node bench/http/http.bench.ts
// BENCH_CONNECTIONS (20), BENCH_SECONDS (4), BENCH_TURNS (3), BENCH_WARMUP_SECONDS (1), BUILD_DIR (build), BENCH_ONLY (a comma list of endpoint names),
// BENCH_MIX (true: also the mixed load; "only": it alone),
// BENCH_BARE_HEADERS ("all", the default: the bare server sends every header the app sent, the same bytes on the wire;
// "type": the body with its Content-Type alone).
// The app runs as `npm start` does (production, its default log level, the demo content, SQLite); the bare server
// is another process on the same machine. Never a test: compare the two within one run only.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import autocannon from "autocannon";
import { demoPages } from "../demo-pages.ts";
import { serveArgs } from "../serve-command.ts";
import { signedInAccounts, signedInPages } from "./accounts.ts";
import { freePort } from "../bench-helpers.ts";

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
// Stopped with the benchmark, also when it fails.
process.on("exit", () => app.kill("SIGTERM"));
const appUrl = `http://127.0.0.1:${appPort}`;
await waitFor(`${appUrl}/healthz`);
const started = memory(app.pid!);
const loadAtStart = os.loadavg();

// Pages of the demo content, read from the app's own database.
const pages = await demoPages(dataDir);
// The client's entry script, as a page's first load asks for it (with about thirty others).
const homeHtml = await (await fetch(`${appUrl}/`)).text();
const script = /\/assets\/entry\.client-[\w-]+\.js/.exec(homeHtml)?.[0];
if (!script) throw new Error("the home page names no entry script");

// Signed-in visitors: an owner reading their business's page and its public page, an administrator paging lists.
const { owner, admin } = await signedInAccounts(appUrl, dataDir);
const signedIn = signedInPages({ owner, admin });

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
for (let round = 0; round < 8; round++) {
  for (const url of Object.values(endpoints)) await fetch(appUrl + url).then((r) => r.arrayBuffer());
  for (const { path, cookie } of Object.values(signedIn)) await fetch(appUrl + path, { headers: { cookie } }).then((r) => r.arrayBuffer());
}
const warm = memory(app.pid!);

/** One answer as autocannon gets it (no Accept-Encoding): its status, headers as sent and body. */
function sampleOf(url: string, cookie?: string): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: cookie ? { cookie } : {} }, (response) => {
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
async function load(url: string, pid: number, warm: boolean, options: Partial<autocannon.Options> = {}) {
  if (warm && WARMUP_SECONDS > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, ...options });
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options });
  const cpu = Math.round((cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total));
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, cpu };
}

const median = <T>(values: T[], by: (value: T) => number) => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;

/** What saving a business unchanged sends: the fields of its input, from the business as read (its gallery left out). */
function businessInput(stored: Record<string, unknown>) {
  const fields = ["name", "categoryId", "description", "address", "website", "phone", "email", "openingHours", "socialLinks", "attributes", "tags"];
  const coordinates = stored.coordinates as { lat: number; lng: number };
  const input = Object.fromEntries(fields.filter((field) => stored[field] !== undefined && stored[field] !== null).map((field) => [field, stored[field]]));
  return { ...input, lat: coordinates.lat, lng: coordinates.lng };
}

const rows: string[] = [];
let peakUnderLoad = warm.rss;
const cases: Array<[string, string, string | undefined]> = [
  ...Object.entries(endpoints).map(([name, url]): [string, string, undefined] => [name, url, undefined]),
  ...Object.entries(signedIn).map(([name, { path, cookie }]): [string, string, string] => [name, path, cookie]),
];
const MIX = process.env.BENCH_MIX ?? "true";
for (const [name, url, cookie] of MIX === "only" ? [] : cases) {
  if (ONLY && !ONLY.includes(name)) continue;
  // Asked twice: the first answer of a page may be the one that fills the app's cache.
  await sampleOf(appUrl + url, cookie);
  const { status, headers, body } = await sampleOf(appUrl + url, cookie);
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
    const ours = await load(appUrl + url, app.pid!, turn === 0, cookie ? { headers: { cookie } } : {});
    clearInterval(watcher);
    turns.push({ ours, theirs: await load(bare.url, bare.child.pid!, turn === 0) });
  }
  await stop(bare.child);
  const ours = median(turns.map((t) => t.ours), (r) => r.rps);
  const theirs = median(turns.map((t) => t.theirs), (r) => r.rps);
  const ratio = `${((100 * ours.rps) / theirs.rps).toFixed(1)}%`;
  const cpu = (side: "ours" | "theirs") => median(turns.map((t) => t[side].cpu), (value) => value);
  rows.push(`| ${name} | ${body.length} | ${ours.rps} | ${ours.p50} | ${ours.p99} | ${theirs.rps} | ${ratio} | ${cpu("ours")} | ${cpu("theirs")} |`);
  console.log(rows.at(-1));
}
// The mixed load: in each hundred requests of a connection, 90 anonymous reads (the pages and public API reads
// above), 9 signed-in reads (the owner's and the administrator's above) and 1 write (the administrator saving a
// business unchanged, which moves the content version: the anonymous answers kept are rendered again). The bare
// server answers every request with the home page.
let mixRow: string | undefined;
if (MIX === "true" || MIX === "only") {
  const anonymous = Object.entries(endpoints).filter(([name]) => name !== "healthz" && name !== "script").map(([, url]) => url);
  const reads = Object.values(signedIn);
  const stored = (await (await fetch(`${appUrl}/api/v1/businesses/${owner.businessId}`)).json()) as Record<string, unknown>;
  const write = {
    method: "PUT" as const,
    path: `/api/v1/businesses/${owner.businessId}`,
    headers: { cookie: admin.cookie, origin: appUrl, "content-type": "application/json" },
    body: JSON.stringify(businessInput(stored)),
  };
  const check = await fetch(appUrl + write.path, { method: write.method, headers: write.headers, body: write.body });
  if (!check.ok) throw new Error(`the mixed load's write answered ${check.status}: ${await check.text()}`);
  const requests: autocannon.Request[] = Array.from({ length: 100 }, (_, i) => {
    if (i === 50) return write;
    if (i % 11 === 5) {
      const read = reads[Math.floor(i / 11) % reads.length]!;
      return { method: "GET", path: read.path, headers: { cookie: read.cookie } };
    }
    return { method: "GET", path: anonymous[i % anonymous.length]! };
  });
  const home = await sampleOf(`${appUrl}/`);
  const sent: string[] = [];
  for (let i = 0; i < home.headers.length; i += 2) if (!WRITTEN_BY_NODE.has(home.headers[i]!.toLowerCase())) sent.push(home.headers[i]!, home.headers[i + 1]!);
  const bare = await bareServer(home.body, sent);
  const turns: { ours: Awaited<ReturnType<typeof load>>; theirs: Awaited<ReturnType<typeof load>> }[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const watcher = setInterval(() => (peakUnderLoad = Math.max(peakUnderLoad, memory(app.pid!).rss)), 200);
    const ours = await load(appUrl, app.pid!, turn === 0, { requests });
    clearInterval(watcher);
    turns.push({ ours, theirs: await load(bare.url, bare.child.pid!, turn === 0) });
  }
  await stop(bare.child);
  const ours = median(turns.map((t) => t.ours), (r) => r.rps);
  const theirs = median(turns.map((t) => t.theirs), (r) => r.rps);
  mixRow = `| mixed 90/9/1 | | ${ours.rps} | ${ours.p50} | ${ours.p99} | ${theirs.rps} | ${((100 * ours.rps) / theirs.rps).toFixed(1)}% | ${median(turns.map((t) => t.ours.cpu), (v) => v)} | ${median(turns.map((t) => t.theirs.cpu), (v) => v)} |`;
  console.log(mixRow);
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
if (mixRow) console.log(mixRow);
console.log(`Load average (1, 5, 15 min): ${loadAtStart.map((n) => n.toFixed(1)).join(", ")} at the start, ${os.loadavg().map((n) => n.toFixed(1)).join(", ")} at the end.`);
console.log(
  `\nApp resident memory: ${started.rss} MB after start, ${warm.rss} MB after warm-up, ` +
    `${peakUnderLoad} MB at most under load (sampled), ${end.peak} MB peak (VmHWM).`,
);
