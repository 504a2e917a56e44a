// A rolling restart of two instances behind HAProxy (Debian's package) under a steady mixed load: each instance in
// turn gets SIGTERM, finishes what it was answering and exits 0, and starts again; not one request fails.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { newId } from "#server/db/ids.ts";
import { assertBuilt, createAccount, freePort, freshServerEnv, signInAt, startServer, stopServer, type ServerProcess } from "../setup/server-process.ts";

const ON_POSTGRES = process.env.TEST_DB === "postgres";
const HAPROXY = spawnSync("haproxy", ["-v"]).status === 0;
const PASSWORD = "rolling-restart-test-1";

let running: ServerProcess[] = [];
let proxy: ChildProcess | undefined;
afterEach(async () => {
  await Promise.all(running.map((s) => stopServer(s, "SIGKILL")));
  running = [];
  proxy?.kill("SIGKILL");
  proxy = undefined;
});

/** HAProxy in the foreground: retries a request that met a closed or closing connection on the other instance. */
async function startProxy(port: number, backends: number[]) {
  const statsPort = await freePort();
  const config = path.join(inject("testDir"), `haproxy-${newId(6)}.cfg`);
  fs.writeFileSync(
    config,
    [
      "global",
      "  maxconn 256",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      "  timeout check 5s",
      "  retries 3",
      "  option redispatch 1",
      "  retry-on conn-failure empty-response response-timeout",
      "  option http-buffer-request",
      "listen stats",
      `  bind 127.0.0.1:${statsPort}`,
      "  stats enable",
      "  stats uri /stats",
      "frontend site",
      `  bind 127.0.0.1:${port}`,
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      // An instance takes requests once it says it is ready (its map index built), and none once it stops.
      "  option httpchk GET /readyz",
      // Down after three failed checks: one slow answer on a busy machine does not take an instance out.
      ...backends.map((p, i) => `  server niche${i} 127.0.0.1:${p} check inter 300 fall 3 rise 2`),
      "",
    ].join("\n"),
  );
  proxy = spawn("haproxy", ["-db", "-f", config], { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  proxy.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (proxy.exitCode !== null) break;
    if ((await fetch(`${url}/healthz`).catch(() => null))?.ok) return { url, statsUrl: `http://127.0.0.1:${statsPort}/stats;csv` };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`HAProxy did not start:\n${output}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until HAProxy's checks find the instance up again (the status column of its stats CSV). */
async function balancerSees(statsUrl: string, server: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const csv = await (await fetch(statsUrl)).text();
    const row = csv.split("\n").find((line) => line.startsWith(`instances,${server},`));
    if (row?.split(",")[17] === "UP") return;
    await sleep(100);
  }
  throw new Error(`HAProxy did not find ${server} up`);
}

describe.skipIf(!ON_POSTGRES || !HAPROXY)(
  `a rolling restart behind a load balancer (run by the PostgreSQL project when haproxy is installed${HAPROXY ? "" : ": apt-get install haproxy"})`,
  () => {
    it("loses no request of a steady load while each instance in turn stops on SIGTERM and starts again", { timeout: 180_000 }, async () => {
      assertBuilt();
      const env: Record<string, string> = { ...(await freshServerEnv()), DEMO_CONTENT: "false" };
      const adminEmail = `admin-${newId(6).toLowerCase()}@example.com`;
      await createAccount(env, adminEmail, PASSWORD, "admin");
      const ports = [env.PORT!, String(await freePort())];
      const envs = [0, 1].map((i) => ({ ...env, PORT: ports[i]!, DATA_DIR: `${env.DATA_DIR}-${i}` }));
      const start = async (i: number) => {
        const server = await startServer(envs[i]!);
        running.push(server);
        return server;
      };
      const servers = [await start(0), await start(1)];
      const { url, statsUrl } = await startProxy(await freePort(), ports.map(Number));

      const cookie = await signInAt(url, adminEmail, PASSWORD);
      const settings = await (await fetch(`${url}/api/v1/moderation-settings`, { headers: { Cookie: cookie } })).json();

      // The mixed load: 90% anonymous reads (pages and the API), 9% an administrator's reads, 1% writes.
      const failures: string[] = [];
      let sent = 0;
      let loading = true;
      const one = async (n: number) => {
        const roll = n % 100;
        const request =
          roll === 0
            ? fetch(`${url}/api/v1/moderation-settings`, { method: "PUT", headers: { Cookie: cookie, Origin: url, "Content-Type": "application/json" }, body: JSON.stringify(settings) })
            : roll < 10
              ? fetch(`${url}/api/v1/moderation-settings`, { headers: { Cookie: cookie } })
              : fetch(`${url}${["/", "/api/v1/businesses?limit=20", "/events", "/healthz"][roll % 4]}`);
        try {
          const response = await request;
          await response.arrayBuffer();
          if (response.status >= 500) failures.push(`${response.status} ${response.url}`);
        } catch (error) {
          failures.push(String((error as Error).cause ?? error));
        }
      };
      const load = Promise.all(
        [0, 1, 2, 3].map(async (worker) => {
          for (let n = worker; loading && n < 1_000_000; n += 4) {
            sent++;
            await one(n);
          }
        }),
      );

      await sleep(1_000);
      for (const i of [0, 1]) {
        const old = servers[i]!;
        old.child.kill("SIGTERM");
        expect(await old.exited, old.output()).toBe(0);
        running = running.filter((s) => s !== old);
        servers[i] = await start(i);
        // The balancer sends to it again before the other one stops.
        await balancerSees(statsUrl, `niche${i}`);
      }
      await sleep(1_000);
      loading = false;
      await load;
      expect(sent).toBeGreaterThan(100);
      expect(failures, `${failures.length} of ${sent} failed`).toEqual([]);
    });
  },
);
