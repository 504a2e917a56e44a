// /map with 10,000 businesses: time from navigation to the map's first idle, and from a category click to the
// filtered map settled again (list and map). Medians over several rounds, in headless Chromium (SwiftShader WebGL).
//   BUILD_DIR=build node bench/map/map.bench.ts         (after `npm run build`)
// Never run as a test: timings on a shared machine are only comparable within one run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { openDatabase } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { buildBusiness, buildCategory, buildTag } from "../../src/server/db/factories.ts";
import { DEFAULT_SITE_SETTINGS, SiteSettingsRepository } from "../../src/server/features/site-settings/site-settings.repository.ts";

const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CATEGORIES = ["Restaurants", "Cafés & Bakeries", "Shops & Boutiques", "Arts & Culture", "Health & Wellness", "Services", "Bars & Nightlife", "Community"];
const COLORS = ["#e4572e", "#a47148", "#9b5de5", "#2e86ab", "#2a9d8f", "#6c757d", "#1d3557", "#f4a261"];
const TAGS = ["Vegan", "Patio", "Family Friendly", "Live Music", "Wheelchair Accessible", "Late Night", "Free Wi-Fi", "Takeout"];

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function fill(dataDir: string) {
  const database = openDatabase({ sqlitePath: path.join(dataDir, "niche.sqlite") });
  await migrateToLatest(database);
  await new SiteSettingsRepository(database.db).save(DEFAULT_SITE_SETTINGS);
  const next = random(7);
  const categories = CATEGORIES.map((name, i) => buildCategory({ name, color: COLORS[i]! }));
  const tags = TAGS.map((name) => buildTag({ name }));
  await database.db.insertInto("category").values(categories).execute();
  await database.db.insertInto("tag").values(tags).execute();
  const rows = Array.from({ length: BUSINESSES }, (_, i) =>
    buildBusiness({
      name: `Business ${String(i).padStart(5, "0")}`,
      categoryId: next() < 0.05 ? null : categories[Math.floor(next() * categories.length)]!.id,
      // Spread over the downtown area and its surroundings (about 20 km by 20 km).
      lat: 43.106651 + (next() - 0.5) * 0.18,
      lng: -79.066782 + (next() - 0.5) * 0.25,
      logoUrl: null,
    }),
  );
  for (let i = 0; i < rows.length; i += 500) await database.db.insertInto("business").values(rows.slice(i, i + 500)).execute();
  const links = rows.flatMap((b) => (next() < 0.5 ? [{ businessId: b.id, tagId: tags[Math.floor(next() * tags.length)]!.id }] : []));
  for (let i = 0; i < links.length; i += 500) await database.db.insertInto("business_tag").values(links.slice(i, i + 500)).execute();
  const counts = await database.db.selectFrom("business").select((eb) => eb.fn.countAll<number>().as("n")).where("categoryId", "=", categories[2]!.id).executeTakeFirstOrThrow();
  await database.close();
  return { category: CATEGORIES[2]!, count: Number(counts.n) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-map-bench-"));
const target = await fill(dataDir);
const port = await freePort();
const server = spawn(process.execPath, ["src/server/index.ts"], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_CONTENT: "false", LOG_LEVEL: "warn", MAP_STYLE_URL: "offline" },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://localhost:${port}`;
for (let i = 0; i < 150 && !(await fetch(`${base}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const firstIdle: number[] = [];
const listFiltered: number[] = [];
const mapFiltered: number[] = [];
const htmlBytes: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const response = await page.goto(`${base}/map`);
    htmlBytes.push((await response!.body()).length);
    const map = page.getByTestId("map");
    await map.and(page.locator("[data-first-idle-at]")).waitFor({ timeout: 120_000 });
    firstIdle.push(Number(await map.getAttribute("data-first-idle-at")));

    // Click the category, then note when the list heading changed and when the map settled after it.
    const button = page.getByRole("button", { name: `${target.category} (${target.count})` });
    const result = await page.evaluate(
      async ({ heading }) => {
        const mapEl = document.querySelector<HTMLElement>('[data-testid="map"]')!;
        const before = mapEl.dataset.idleAt;
        const started = performance.now();
        let listAt = 0;
        const observer = new MutationObserver(() => {
          if (!listAt && document.getElementById("locations-heading")?.textContent?.startsWith(heading)) listAt = performance.now();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        [...document.querySelectorAll("button")].find((b) => b.textContent?.startsWith(heading.replace(" Locations", " (")))!.click();
        for (;;) {
          await new Promise((r) => setTimeout(r, 5));
          if (mapEl.dataset.idleAt !== before && Number(mapEl.dataset.idleAt) > started && listAt) break;
        }
        observer.disconnect();
        return { list: listAt - started, map: Number(mapEl.dataset.idleAt) - started };
      },
      { heading: `${target.category} Locations` },
    );
    void button;
    listFiltered.push(result.list);
    mapFiltered.push(result.map);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const ms = (n: number) => `${Math.round(n)} ms`;
console.log(`/map with ${BUSINESSES} businesses, ${ROUNDS} rounds (medians; headless Chromium, SwiftShader WebGL, ${os.cpus().length} CPUs)`);
console.log(`  HTML document:                           ${(median(htmlBytes) / 1024).toFixed(0)} KiB`);
console.log(`  navigation -> map first idle:            ${ms(median(firstIdle))}   (all: ${firstIdle.map(ms).join(", ")})`);
console.log(`  category click -> list filtered:         ${ms(median(listFiltered))}   (all: ${listFiltered.map(ms).join(", ")})`);
console.log(`  category click -> map filtered and idle: ${ms(median(mapFiltered))}   (all: ${mapFiltered.map(ms).join(", ")})`);
