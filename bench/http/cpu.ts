// CPU time a signed-in page costs the server, one request at a time: starts the built server as `npm start` does on a
// fresh demo data directory, signs in the benchmark's owner and administrator (accounts.ts), asks for each page
// WARMUP times, then REQUESTS times, and prints the server's CPU time (user and system, from /proc/<pid>/stat) divided
// by the requests, with the page's size. On a shared machine this moves far less than requests a second do, since
// other people's work takes wall time but not this process's CPU time.
//
//   node bench/http/cpu.ts                       # every signed-in page
//   node bench/http/cpu.ts "owner mybusiness"    # some of them (comma-separated names)
//   REQUESTS (40), WARMUP (15), PORT (3769)
//   UNCACHED=1: moves the write version before each request, so that a person's kept page (decision 0053) is rendered
//   each time (the write is made by this process, not counted in the server's CPU time)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../../src/server/db/database.ts";
import { serveArgs } from "../serve-command.ts";
import { signedInAccounts, signedInPages } from "./accounts.ts";

const only = process.argv[2]?.split(",").filter(Boolean);
const requests = Number(process.env.REQUESTS ?? 40);
const warmup = Number(process.env.WARMUP ?? 15);
const port = Number(process.env.PORT ?? 3769);
// Linux's USER_HZ, the unit of /proc's CPU times.
const CLOCK_TICKS = 100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-cpu-data-"));
const app = spawn(process.execPath, serveArgs(), {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DEMO_CONTENT: "true", MAP_STYLE_URL: "offline" },
  stdio: ["ignore", "ignore", "inherit"],
});
process.on("exit", () => app.kill("SIGTERM"));
const url = `http://127.0.0.1:${port}`;
for (;;) {
  if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}

function cpuMs(): number {
  const fields = fs.readFileSync(`/proc/${app.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are the 14th and 15th fields; the split above starts at the 3rd.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const pages = signedInPages(await signedInAccounts(url, dataDir));
const uncached = process.env.UNCACHED === "1" ? openDatabase({ sqlitePath: path.join(dataDir, "niche.sqlite") }) : null;
const written = uncached && (await sql<{ name: string }>`select name from sqlite_master where name = 'write_version'`.execute(uncached.db)).rows.length > 0;
const write = async () => {
  if (written) await sql`update write_version set version = version + 1 where id = 1`.execute(uncached!.db);
};
console.log(`| page | bytes | CPU ms/request |\n|---|---|---|`);
for (const [name, page] of Object.entries(pages)) {
  if (only && !only.includes(name)) continue;
  const get = async () => {
    await write();
    const response = await fetch(url + page.path, { headers: { cookie: page.cookie } });
    if (!response.ok) throw new Error(`${page.path}: ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  };
  for (let i = 0; i < warmup; i++) await get();
  const before = cpuMs();
  let bytes = 0;
  for (let i = 0; i < requests; i++) bytes = await get();
  console.log(`| ${name} | ${bytes} | ${((cpuMs() - before) / requests).toFixed(1)} |`);
}
console.log(`Load average (1, 5, 15 min) at the end: ${os.loadavg().map((n) => n.toFixed(1)).join(", ")}; ${os.cpus().length} cores, Node ${process.version}.`);
await uncached?.close();
app.kill("SIGTERM");
await new Promise((resolve) => app.once("exit", resolve));
fs.rmSync(dataDir, { recursive: true, force: true });
