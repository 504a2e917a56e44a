// The home page's loading texts, seen the way a visitor sees them: a section whose query is held up by the
// database shows its loading text while the other sections render, and fills in when the query returns.
// PostgreSQL lets the test hold a section's table with a real lock; without TEST_DATABASE_URL it is skipped.
import pg from "pg";
import { expect, test } from "./fixtures.ts";
import { SERVER_ENV, startAppProcess, type AppProcess } from "./app-process.ts";
import { newId } from "#server/db/ids.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
test.skip(!serverUrl, "needs PostgreSQL (TEST_DATABASE_URL) to hold a table lock");
test.describe.configure({ mode: "serial" });

let app: AppProcess | undefined;
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

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(90_000);
  await admin((client) => client.query(`create database ${databaseName}`));
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.href;
  app = await startAppProcess({
    name: "the PostgreSQL server",
    env: { ...SERVER_ENV, DATABASE_URL: databaseUrl, DATA_DIR: `${testInfo.outputDir}/data`, MAP_STYLE_URL: "offline", LOG_LEVEL: "silent" },
    output: "none",
    ready: { healthz: "localhost" },
    wait: { tries: 300 },
  });
  base = app.url;
});

test.afterAll(async () => {
  await app?.stop();
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
