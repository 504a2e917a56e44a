// A load balancer's check of an instance (GET /readyz, decision 0070): a server just started on a large site says it
// is starting while its map's index of every business is read and built, then that it is ready, after which its map
// views come from that index rather than from the database (whose clusters have negative ids, decision 0064).
// /healthz answers from the start, as it always has: the process and its database are up.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { buildBusiness, buildCategory } from "#server/db/factories.ts";
import { assertBuilt, freshServerEnv, runNode, stopServer, type ServerProcess } from "../setup/server-process.ts";

const BUSINESSES = 20_000;
const TOWN = "-79.2,43.0,-78.9,43.2";

let server: ServerProcess | undefined;
afterEach(() => stopServer(server, "SIGKILL"));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The status and body of `url`, or null while nothing listens there. */
const asked = (url: string) =>
  fetch(url).then(
    async (response) => ({ status: response.status, body: (await response.json()) as { status: string } }),
    () => null,
  );

describe.runIf(process.env.TEST_DB === "sqlite")("GET /readyz", () => {
  it("says starting while the map's index is built, then ready, and the views then come from the index", { timeout: 90_000 }, async () => {
    assertBuilt();
    const env: Record<string, string> = { ...(await freshServerEnv()), DEMO_CONTENT: "false" };
    const database = openDatabase({ sqlitePath: path.join(env.DATA_DIR!, "niche.sqlite") });
    try {
      await migrateToLatest(database);
      const category = buildCategory({ name: "Shops" });
      await database.db.insertInto("category").values(category).execute();
      const businesses = Array.from({ length: BUSINESSES }, (_, i) =>
        buildBusiness({ name: `Readiness Shop ${i}`, categoryId: category.id, lat: 43.05 + (i % 200) * 0.0005, lng: -79.15 + Math.floor(i / 200) * 0.002 }),
      );
      await database.transaction(async () => {
        for (let at = 0; at < businesses.length; at += 500) await database.db.insertInto("business").values(businesses.slice(at, at + 500)).execute();
      });
    } finally {
      await database.close();
    }

    server = runNode("src/server/index.ts", [], env);
    const seen: string[] = [];
    let healthyWhileStarting = false;
    const deadline = Date.now() + 60_000;
    while (seen.at(-1) !== "ready") {
      expect(Date.now() < deadline, `never ready: ${seen.join(", ")}\n${server.output()}`).toBe(true);
      const [ready, health] = await Promise.all([asked(`${server.url}/readyz`), asked(`${server.url}/healthz`)]);
      if (ready) {
        expect(ready.status, JSON.stringify(ready.body)).toBe(ready.body.status === "ready" ? 200 : 503);
        if (seen.at(-1) !== ready.body.status) seen.push(ready.body.status);
        if (ready.body.status === "starting" && health?.status === 200) healthyWhileStarting = true;
      }
      await sleep(10);
    }
    expect(seen).toEqual(["starting", "ready"]);
    expect(healthyWhileStarting).toBe(true);

    const view = (await (await fetch(`${server.url}/api/v1/geo/clusters?bbox=${TOWN}&zoom=12`)).json()) as { total: number; clusters: Array<{ id: number; count: number }> };
    expect(view.total).toBe(BUSINESSES);
    expect(view.clusters.length).toBeGreaterThan(0);
    expect(view.clusters.every((cluster) => cluster.id >= 0)).toBe(true);
    expect(view.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(BUSINESSES);
  });
});
