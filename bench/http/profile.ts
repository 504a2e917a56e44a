// Starts the built server with --cpu-prof on a demo data dir, signs in the bench accounts, warms up, then loads
// one path for a while; prints when the load began and ended (ms after spawn) for the profile summary to cut.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { serveArgs } from "../serve-command.ts";
import { signedInAccounts } from "./accounts.ts";

const which = process.argv[2] ?? "owner business";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-prof-"));
const port = 3769;
const spawned = Date.now();
const args = serveArgs();
const app = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir=/tmp/signedin-prof2", ...args], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DEMO_CONTENT: "true", MAP_STYLE_URL: "offline" },
  stdio: ["ignore", "ignore", "inherit"],
});
const url = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(`${url}/healthz`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
const { owner, admin } = await signedInAccounts(url, dataDir);
const targets: Record<string, { path: string; cookie: string }> = {
  "owner mybusiness": { path: "/mybusiness", cookie: owner.cookie },
  "owner business": { path: `/business/${owner.businessId}`, cookie: owner.cookie },
  "admin markers": { path: "/admin/markers", cookie: admin.cookie },
  "admin users": { path: "/admin/users", cookie: admin.cookie },
  "admin events": { path: "/admin/events", cookie: admin.cookie },
};
const t = targets[which]!;
for (let i = 0; i < 10; i++) { const r = await fetch(url + t.path, { headers: { cookie: t.cookie } }); if (i === 0) console.log(r.status, (await r.text()).length); else await r.text(); }
await new Promise((r) => setTimeout(r, 1000));
const began = Date.now() - spawned;
const result = await autocannon({ url: url + t.path, connections: Number(process.env.CONNECTIONS ?? 4), duration: Number(process.env.SECONDS ?? 6), headers: { cookie: t.cookie } });
const ended = Date.now() - spawned;
console.log(JSON.stringify({ began, ended, requests: result.requests.total, rps: result.requests.average }));
app.kill("SIGTERM");
await new Promise((r) => app.once("exit", r));
fs.rmSync(dataDir, { recursive: true, force: true });
