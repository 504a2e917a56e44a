// Where a signed-in page's time goes: starts the built server as `npm start` does, with `--cpu-prof`, on a fresh demo
// data directory, signs in the benchmark's owner and administrator (accounts.ts), asks for the page ten times, then
// puts it under load (autocannon) and stops the server, which writes its profile to PROFILE_DIR. It prints when the
// load began and ended, in milliseconds after the server was started, to cut the profile to those samples.
//
//   node bench/http/profile.ts "owner mybusiness"    # or "owner business", "admin markers", "admin users", "admin events", "admin requests"
//   CONNECTIONS (4), SECONDS (6), PORT (3769), PROFILE_DIR (/tmp/niche-profile)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { serveArgs } from "../serve-command.ts";
import { signedInAccounts, signedInPages } from "./accounts.ts";

const which = process.argv[2] ?? "owner business";
const port = Number(process.env.PORT ?? 3769);
const profileDir = process.env.PROFILE_DIR ?? path.join(os.tmpdir(), "niche-profile");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-profile-data-"));
const spawned = Date.now();
const app = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, ...serveArgs()], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DEMO_CONTENT: "true", MAP_STYLE_URL: "offline" },
  stdio: ["ignore", "ignore", "inherit"],
});
const url = `http://127.0.0.1:${port}`;
for (;;) {
  const up = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
  if (up) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const targets = signedInPages(await signedInAccounts(url, dataDir));
const target = targets[which];
if (!target) throw new Error(`no page "${which}": one of ${Object.keys(targets).join(", ")}`);
for (let i = 0; i < 10; i++) {
  const response = await fetch(url + target.path, { headers: { cookie: target.cookie } });
  const body = await response.text();
  if (i === 0) console.log(`${target.path}: ${response.status}, ${body.length} characters`);
}
await new Promise((resolve) => setTimeout(resolve, 1000));
const began = Date.now() - spawned;
const result = await autocannon({ url: url + target.path, connections: Number(process.env.CONNECTIONS ?? 4), duration: Number(process.env.SECONDS ?? 6), headers: { cookie: target.cookie } });
const ended = Date.now() - spawned;
console.log(JSON.stringify({ began, ended, requests: result.requests.total, perSecond: result.requests.average, profileDir }));
app.kill("SIGTERM");
await new Promise((resolve) => app.once("exit", resolve));
fs.rmSync(dataDir, { recursive: true, force: true });
