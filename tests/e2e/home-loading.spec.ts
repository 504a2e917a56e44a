// The home page's loading texts, seen the way a visitor sees them: a section whose query is held up by the
// database shows its loading text while the other sections render, and fills in when the query returns.
// PostgreSQL lets the test hold a section's table with a real lock; without TEST_DATABASE_URL it is skipped.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import pg from "pg";
import { expect, test } from "./fixtures.ts";
import { newId } from "../../src/server/db/ids.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
test.skip(!serverUrl, "needs PostgreSQL (TEST_DATABASE_URL) to hold a table lock");
test.describe.configure({ mode: "serial" });

let server: ChildProcess | undefined;
let base = "";
let databaseUrl = "";
const databaseName = `niche_e2e_loading_${newId(6).toLowerCase()}`;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(90_000);
  await admin((client) => client.query(`create database ${databaseName}`));
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.href;
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = spawn(process.execPath, ["src/server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: `${testInfo.outputDir}/data`,
      DEMO_CONTENT: "true",
      MAP_STYLE_URL: "offline",
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      AUTH_SECRET: "e2e-secret-that-is-long-enough-for-better-auth",
    },
    stdio: "ignore",
  });
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the PostgreSQL server did not start");
});

test.afterAll(async () => {
  if (server?.pid) process.kill(server.pid, "SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
});

/** Holds an exclusive lock on a table until `release` is called: every query on it waits meanwhile. */
async function holdTable(table: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("begin");
  await client.query(`lock table "${table}" in access exclusive mode`);
  return async () => {
    await client.query("commit");
    await client.end();
  };
}

for (const [table, loading, sectionCheck] of [
  ["post", "Loading posts...", "Upcoming Events"],
  ["event", "Loading events...", "Current Offers"],
] as const) {
  test(`while the ${table}s are read, the home page says "${loading}" and shows the other sections`, async ({ page }) => {
    await page.goto(`${base}/contact`);
    const release = await holdTable(table);
    try {
      // Moving to the home page inside the app fetches its sections in the browser.
      await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).click();
      await expect(page.getByText(loading)).toBeVisible();
      await expect(page.getByRole("heading", { name: sectionCheck })).toBeVisible();
    } finally {
      await release();
    }
    await expect(page.getByText(loading)).toBeHidden();
    if (table === "post") await expect(page.getByText(/^By: .+ \| Published: /).first()).toBeVisible();
    else await expect(page.getByRole("region", { name: "Upcoming Events" }).getByRole("article").first()).toBeVisible();
  });
}
