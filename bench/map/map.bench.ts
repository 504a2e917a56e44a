// /map with 10,000 businesses: time from navigation to the map first drawn and idle, and from a category click
// (then All), and from the "Open now" switch (on, then off), to the list filtered and the map drawn and idle again. Medians over several rounds, in headless
// Chromium (SwiftShader WebGL). See README.md for what each measure is.
//   BUILD_DIR=build node bench/map/map.bench.ts         (after `npm run build`; BENCH_PORT to pick the port)
// Never run as a test: timings on a shared machine are only comparable within one run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { buildBusiness, buildCategory, buildTag } from "#server/db/factories.ts";
import { fromOsm } from "#server/lib/hours/osm-hours.ts";
import { storeHours } from "#server/lib/hours/stored-hours.ts";
import { DEFAULT_SITE_SETTINGS, SiteSettingsRepository } from "#server/features/site-settings/site-settings.repository.ts";
import { serveArgs } from "../serve-command.ts";
import { freePort, random } from "../bench-helpers.ts";

const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CATEGORIES = ["Restaurants", "Cafés & Bakeries", "Shops & Boutiques", "Arts & Culture", "Health & Wellness", "Services", "Bars & Nightlife", "Community"];
const COLORS = ["#e4572e", "#a47148", "#9b5de5", "#2e86ab", "#2a9d8f", "#6c757d", "#1d3557", "#f4a261"];
const TAGS = ["Vegan", "Patio", "Family Friendly", "Live Music", "Wheelchair Accessible", "Late Night", "Free Wi-Fi", "Takeout"];

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
  // Hours that give the same answer at any time of day: open round the clock, closed every day, or not given.
  const alwaysOpen = storeHours(fromOsm("Mo-Su 00:00-24:00"));
  const alwaysClosed = storeHours({ ...fromOsm("Mo-Su 00:00-24:00"), week: { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] } });
  let open = 0;
  const hours = () => {
    const draw = next();
    if (draw < 0.45) return open++, alwaysOpen;
    return draw < 0.85 ? alwaysClosed : null;
  };
  const rows = Array.from({ length: BUSINESSES }, (_, i) =>
    buildBusiness({
      openingHours: hours(),
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
  return { category: CATEGORIES[2]!, count: Number(counts.n), open };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-map-bench-"));
const target = await fill(dataDir);
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const server = spawn(process.execPath, serveArgs(), {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_CONTENT: "false", LOG_LEVEL: "warn", MAP_STYLE_URL: "offline" },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://localhost:${port}`;
for (let i = 0; i < 150 && !(await fetch(`${base}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const results: Record<string, number[]> = {};
const record = (key: string, value: number) => (results[key] ??= []).push(value);
try {
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The page's first view in HTML (map-sketch.tsx): the first frame in which the sketch's level shown holds every
    // business (its clusters' counts and its single circles), stamped by a requestAnimationFrame loop started before
    // the page's own scripts; a frame's callbacks run just before it is painted.
    await context.addInitScript(() => {
      const tick = (frameAt: number) => {
        const sketch = document.querySelector<HTMLElement>('[data-testid="map-sketch"]');
        // The level shown is the one inside the sketch (the others are moved far out of it).
        const area = sketch?.getBoundingClientRect();
        const level =
          sketch &&
          area &&
          area.width > 0 &&
          [...sketch.querySelectorAll<HTMLElement>(".map-sketch-level")].find((el) => {
            const box = el.getBoundingClientRect();
            return box.left < area.right && box.right > area.left;
          });
        if (sketch && level) {
          const clustered = [...level.querySelectorAll<HTMLElement>("[data-count]")].reduce((sum, el) => sum + Number(el.dataset.count), 0);
          const shown = clustered + level.querySelectorAll(".map-sketch-point").length;
          if (shown === Number(sketch.dataset.sketchPoints)) {
            document.documentElement.dataset.sketchShownAt = frameAt.toFixed(1);
            document.documentElement.dataset.sketchShownPoints = String(shown);
            return;
          }
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const page = await context.newPage();
    // The map reports on its element (data-*) when the data it was last given was first drawn and when it
    // last went idle, in milliseconds since navigation (performance.now()); the page may fetch the businesses
    // after it loads, so the waits follow those attributes rather than the page's load.
    const response = await page.goto(`${base}/map`, { waitUntil: "commit" });
    const map = page.getByTestId("map");
    await map.and(page.locator(`[data-drawn-points="${BUSINESSES}"]`)).waitFor({ timeout: 120_000 });
    await waitForIdleAfterDrawn(page);
    record("html", (await response!.body()).length);
    record("firstDrawn", Number(await map.getAttribute("data-drawn-at")));
    const root = page.locator("html");
    if ((await root.getAttribute("data-sketch-shown-points")) !== String(BUSINESSES)) throw new Error("the page's first view did not show every business");
    record("firstShown", Number(await root.getAttribute("data-sketch-shown-at")));
    record("firstIdle", Number(await map.getAttribute("data-idle-at")));
    await page.getByRole("button", { name: `${target.category} (${target.count})` }).waitFor();
    // A visitor's pointer comes over the page (the clicks below are the controls' own, without pointer events): the map
    // prepares what "Open now" would show only for someone using the page.
    await page.mouse.move(640, 450);

    // A category, then All again: when the list heading changed, when the map first drew the filtered
    // businesses (a render once the source has them all) and when it went idle after that.
    // The same for the "Open now" switch, on and then off: the list heading keeps its name and gives the new count.
    for (const [step, button, heading, points] of [
      ["category", `${target.category} (`, `${target.category} Locations`, target.count],
      ["all", "All (", "All Locations", BUSINESSES],
      ["openNow", "switch", `All Locations (${target.open})`, target.open],
      ["openNowOff", "switch", `All Locations (${BUSINESSES})`, BUSINESSES],
    ] as const) {
      await page.waitForTimeout(300);
      const result = await page.evaluate(
        async ({ button, heading, points }) => {
          const mapEl = document.querySelector<HTMLElement>('[data-testid="map"]')!;
          const started = performance.now();
          let listAt = 0;
          const observer = new MutationObserver(() => {
            if (!listAt && document.getElementById("locations-heading")?.textContent?.startsWith(heading)) listAt = performance.now();
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          const control =
            button === "switch"
              ? document.querySelector<HTMLElement>('[role="switch"]')!
              : [...document.querySelectorAll("button")].find((b) => b.textContent?.startsWith(button))!;
          control.click();
          for (let i = 0; i < 6000; i++) {
            await new Promise((r) => setTimeout(r, 5));
            const drawn = Number(mapEl.dataset.drawnAt);
            if (listAt && drawn > started && mapEl.dataset.drawnPoints === String(points) && Number(mapEl.dataset.idleAt) >= drawn) break;
          }
          observer.disconnect();
          return { list: listAt - started, drawn: Number(mapEl.dataset.drawnAt) - started, idle: Number(mapEl.dataset.idleAt) - started };
        },
        { button, heading, points },
      );
      record(`${step}List`, result.list);
      record(`${step}Drawn`, result.drawn);
      record(`${step}Idle`, result.idle);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
  if (process.env.BENCH_KEEP_DATA) console.error(`data kept in ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}

async function waitForIdleAfterDrawn(page: Page) {
  await page.waitForFunction(
    () => {
      const el = document.querySelector<HTMLElement>('[data-testid="map"]');
      return el && Number(el.dataset.idleAt) >= Number(el.dataset.drawnAt);
    },
    undefined,
    { timeout: 120_000, polling: 10 },
  );
}

const ms = (n: number) => `${Math.round(n)} ms`;
const line = (label: string, key: string) => console.log(`  ${label.padEnd(44)}${ms(median(results[key]!)).padStart(8)}   (all: ${results[key]!.map(ms).join(", ")})`);
console.log(`/map with ${BUSINESSES} businesses, ${ROUNDS} rounds (medians; headless Chromium, SwiftShader WebGL, ${os.cpus().length} CPUs)`);
console.log(`  ${"HTML document:".padEnd(44)}${`${(median(results.html!) / 1024).toFixed(0)} KiB`.padStart(8)}`);
line("navigation -> all businesses shown (HTML):", "firstShown");
line("navigation -> all businesses first drawn:", "firstDrawn");
line("navigation -> map idle:", "firstIdle");
line("category click -> list filtered:", "categoryList");
line("category click -> filtered map first drawn:", "categoryDrawn");
line("category click -> map idle:", "categoryIdle");
line("All click -> list:", "allList");
line("All click -> all businesses first drawn:", "allDrawn");
line("All click -> map idle:", "allIdle");
line(`"Open now" on -> list (${target.open} open):`, "openNowList");
line(`"Open now" on -> open businesses first drawn:`, "openNowDrawn");
line(`"Open now" on -> map idle:`, "openNowIdle");
line(`"Open now" off -> list:`, "openNowOffList");
line(`"Open now" off -> all businesses first drawn:`, "openNowOffDrawn");
line(`"Open now" off -> map idle:`, "openNowOffIdle");
