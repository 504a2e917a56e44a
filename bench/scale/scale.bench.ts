// How Niche grows: the same requests against 1,000, 10,000 and 100,000 businesses (with events, offers and accounts in
// proportion), on SQLite and, when BENCH_DATABASE_URL names a PostgreSQL server, on PostgreSQL. Each figure is the
// server's answer time (first byte to last, read in full) over loopback; see README.md for what each row asks.
//   node bench/scale/scale.bench.ts                                      (after `npm run build`)
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/any BENCH_ENGINES=postgres node bench/scale/scale.bench.ts
// BENCH_SIZES (1000,10000,100000), BENCH_ENGINES (sqlite,postgres), BENCH_ROUNDS (7), BENCH_ONLY (only the rows whose
// names start with one of these, comma-separated: "/map clusters,/map list"). Seeded databases are kept in BENCH_CACHE_DIR (the system's temporary folder) and reused by the
// next run; BENCH_FRESH=1 seeds them anew. BENCH_SETTLE_MS (0): how long to wait once the server answers before the
// first row, so that its work at start (the map's index of every business read and built, decision 0046) is over
// before a row that does not measure it. BENCH_TRACE=1: each row's start time on standard error, to set beside a
// profile of the server. BENCH_STARTS (3): how many fresh starts the map's first view is asked of (its figure is their
// median: one request in a start's first seconds lands on whatever the start is doing then).
// Never run as a test: timings on a shared machine are only comparable within one run.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { buildBusiness, buildCategory, buildEvent, buildOffer, buildTag, buildUser } from "#server/db/factories.ts";
import { DEFAULT_SITE_SETTINGS, SiteSettingsRepository } from "#server/features/site-settings/site-settings.repository.ts";
import { serveArgs } from "../serve-command.ts";
import { freePort, random } from "../bench-helpers.ts";
import { BUSINESS_HIT_KINDS } from "#shared/schemas/insights.ts";
import insightTotals from "#server/db/migrations/0091-insight-totals.ts";
import insightGroupTotals from "#server/db/migrations/0092-insight-group-totals.ts";

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TRACE = process.env.BENCH_TRACE === "1";
const STARTS = Math.max(1, Number(process.env.BENCH_STARTS ?? 3));
const FIRST_VIEW = "/map clusters, first after a change (reads and indexes)";
/** The town at zoom 12: the map's first view. */
const TOWN = "-79.2,43.0,-78.9,43.2";
const CACHE_DIR = path.join(process.env.BENCH_CACHE_DIR ?? os.tmpdir(), "niche-scale-bench");
const SERVER_URL = process.env.BENCH_DATABASE_URL;
/** The PostgreSQL databases' names, `<prefix>_<size>`: a run of its own beside another's uses a prefix of its own. */
const DATABASE_PREFIX = process.env.BENCH_DATABASE_PREFIX ?? "niche_scale_bench";
/** Only the rows whose name starts with one of these (BENCH_ONLY="/map clusters,/map list"), or every row. */
const ONLY = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
const wanted = (name: string) => ONLY.length === 0 || ONLY.some((prefix) => name.startsWith(prefix));
const PASSWORD = "bench-password-long-enough";
const ADMIN = "admin@scale.example";
const PAGE_SIZE = 20;
const CATEGORIES = ["Restaurants", "Cafés & Bakeries", "Shops & Boutiques", "Arts & Culture", "Health & Wellness", "Services", "Bars & Nightlife", "Community"];
const TAGS = ["Vegan", "Patio", "Family Friendly", "Live Music", "Wheelchair Accessible", "Late Night", "Free Wi-Fi", "Takeout"];
const WORDS = ["Maple", "Harbour", "Queen", "Falls", "River", "Cedar", "Bridge", "Market", "Union", "Garden", "Lantern", "Station"];
const TRADES = ["Bakery", "Books", "Coffee", "Florist", "Tailor", "Bistro", "Gallery", "Hardware", "Pharmacy", "Records", "Studio", "Yoga"];

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;

async function insertAll<T>(database: Database, table: "business" | "event" | "offer" | "user" | "business_tag" | "insight_count", rows: T[]) {
  for (let i = 0; i < rows.length; i += 500) await database.db.insertInto(table).values(rows.slice(i, i + 500) as never).execute();
}

/** Businesses, with half as many events, a quarter as many offers and a tenth as many accounts; one transaction. */
async function seed(database: Database, size: number) {
  await migrateToLatest(database);
  await new SiteSettingsRepository(database.db).save(DEFAULT_SITE_SETTINGS);
  const next = random(size);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const categories = CATEGORIES.map((name) => buildCategory({ name }));
  const tags = TAGS.map((name) => buildTag({ name }));
  await database.transaction(async () => {
    await database.db.insertInto("category").values(categories).execute();
    await database.db.insertInto("tag").values(tags).execute();
    const businesses = Array.from({ length: size }, (_, i) =>
      buildBusiness({
        name: `${pick(WORDS)} ${pick(TRADES)} ${i}`,
        categoryId: pick(categories).id,
        lat: 43.106651 + (next() - 0.5) * 0.18,
        lng: -79.066782 + (next() - 0.5) * 0.25,
      }),
    );
    await insertAll(database, "business", businesses);
    await insertAll(database, "business_tag", businesses.filter(() => next() < 0.5).map((b) => ({ businessId: b.id, tagId: pick(tags).id })));
    const day = 86_400_000;
    await insertAll(
      database,
      "event",
      Array.from({ length: size / 2 }, (_, i) => buildEvent({ name: `${pick(WORDS)} ${pick(["Fair", "Concert", "Market", "Talk"])} ${i}`, location: pick(businesses).id, eventDate: new Date(Date.now() + (next() - 0.3) * 365 * day).toISOString() })),
    );
    await insertAll(
      database,
      "offer",
      Array.from({ length: size / 4 }, (_, i) => {
        const business = pick(businesses);
        return buildOffer({ businessId: business.id, businessName: business.name, description: `${pick(["10% off", "Two for one", "Free coffee"])} ${i}` });
      }),
    );
    await insertAll(database, "user", Array.from({ length: size / 10 }, (_, i) => buildUser({ email: `${pick(WORDS).toLowerCase()}.${i}@scale.example` })));
  });
}

/** Days of insights per business: 1 million rows at 100,000 businesses, as issue 45 asks. */
const INSIGHT_DAYS = 10;

/**
 * The insights' daily counts, `INSIGHT_DAYS` per business spread over the last year (each a different day and kind),
 * added to a site seeded before they were part of it.
 */
async function seedInsights(database: Database, size: number) {
  const { count } = await database.db.selectFrom("insight_count").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  if (Number(count) > 0) return;
  const started = performance.now();
  const ids = (await database.db.selectFrom("business").select("id").orderBy("id").execute()).map((row) => row.id);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await database.transaction(async () => {
    for (let k = 0; k < INSIGHT_DAYS; k++) {
      const rows = ids.map((subjectId, b) => ({ subjectId, day: day((b * 31 + k * 37) % 365), kind: BUSINESS_HIT_KINDS[k % BUSINESS_HIT_KINDS.length]!, count: 1 + ((b + k) % 40) }));
      await insertAll(database, "insight_count", rows);
    }
  });
  // Written past the counter, as rows already there when the overview's totals came (migrations 0091 and 0092, the
  // categories' and tags' totals from the businesses'): filled the same way.
  const totals = insightTotals(database.dialect);
  const groups = insightGroupTotals(database.dialect);
  await groups.down(database.db);
  await totals.down(database.db);
  await totals.up(database.db);
  await groups.up(database.db);
  console.error(`seeded ${ids.length * INSIGHT_DAYS} insights rows for ${size} businesses in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface Site {
  label: string;
  env: Record<string, string>;
}

/** A seeded site of `size` businesses on `engine`, from the cache when an earlier run left one. */
async function site(engine: string, size: number): Promise<Site> {
  const dataDir = path.join(CACHE_DIR, `${engine}-${size}`);
  const done = path.join(dataDir, "seeded");
  let env: Record<string, string> = { DATA_DIR: dataDir };
  if (engine === "postgres") {
    const name = `${DATABASE_PREFIX}_${size}`;
    const url = new URL(SERVER_URL!);
    url.pathname = `/${name}`;
    env = { ...env, DATABASE_URL: url.href };
    if (process.env.BENCH_FRESH || !fs.existsSync(done)) {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await admin.end();
    }
  }
  if (process.env.BENCH_FRESH || !fs.existsSync(done)) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    const started = performance.now();
    const database = openDatabase({ url: env.DATABASE_URL, sqlitePath: path.join(dataDir, "niche.sqlite") });
    try {
      await seed(database, size);
    } finally {
      await database.close();
    }
    execFileSync(process.execPath, ["src/server/cli/user-create.ts", "--email", ADMIN, "--password", PASSWORD, "--role", "admin"], {
      env: { ...process.env, ...env, DEMO_CONTENT: "false" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    fs.writeFileSync(done, "");
    console.error(`seeded ${engine} with ${size} businesses in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  if (wanted("insights")) {
    const database = openDatabase({ url: env.DATABASE_URL, sqlitePath: path.join(dataDir, "niche.sqlite") });
    try {
      await migrateToLatest(database);
      await seedInsights(database, size);
    } finally {
      await database.close();
    }
  }
  return { label: engine === "postgres" ? "PostgreSQL" : "SQLite", env };
}

/** Lets the bench read the server's metrics: whether the search's index has been built (decision 0066). */
const METRICS_TOKEN = "scale-bench-metrics-token-0123456789";

/** Settles once the server's search index in the process is built (its documents counted in /metrics). */
async function searchIndexBuilt(base: string): Promise<void> {
  for (;;) {
    const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const documents = Number(/^niche_search_index_documents (\d+)$/m.exec(text)?.[1] ?? 0);
    if (documents > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = spawn(process.execPath, serveArgs(), {
    env: { ...process.env, ...env, PORT: String(port), DEMO_CONTENT: "false", LOG_LEVEL: "warn", METRICS_TOKEN, MAP_STYLE_URL: "offline", GEOCODER_URL: "http://127.0.0.1:9", ROUTER_URL: "off" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 300 && !(await fetch(`${base}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));
  return { base, stop: () => new Promise<void>((resolve) => (server.once("exit", () => resolve()), server.kill())) };
}

/** Milliseconds from sending the request to the last byte of its answer. */
async function timed(url: string, headers: Record<string, string> = {}, init: RequestInit = {}): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { ...init, headers });
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
  return { ms, status: response.status, body };
}

/** The map's first view asked of a server just started (`settleMs` after it answers). */
async function firstView(base: string): Promise<number> {
  return (await timed(`${base}/api/v1/geo/clusters?bbox=${TOWN}&zoom=12`)).ms;
}

/** `earlier`: the first view's times of the starts before this one (BENCH_STARTS). */
async function measure(base: string, size: number, env: Record<string, string>, earlier: number[]): Promise<Array<[string, number]>> {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`signing in failed: ${signIn.status}`);
  const admin = { cookie: signIn.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ") };
  const api = `${base}/api/v1`;
  /** The median of ROUNDS requests `ask(round)` sends, after one untimed. */
  const repeat = async (ask: (round: number) => Promise<{ ms: number }>) => {
    await ask(-1);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) times.push((await ask(round)).ms);
    return median(times);
  };
  /** The median of ROUNDS GETs of `make(round)`. */
  const rounds = (make: (round: number) => string, headers: Record<string, string> = {}) => repeat((round) => timed(make(round), headers));
  const rows: Array<[string, number]> = [];
  const row = async (name: string, work: () => Promise<number>) => {
    if (!wanted(name)) return;
    if (TRACE) console.error(`${new Date().toISOString()} ${name}`);
    rows.push([name, await work()]);
  };
  // The map's clusters, first asked of a server just started: it reads every business and builds the index (once per
  // change of content), so this one grows with the site.
  const town = TOWN;
  await row(FIRST_VIEW, async () => median([...earlier, await firstView(base)]));
  // After an administrator's edit (a new tag: any write changes the content version): asked at once, the view waits for
  // the index of the new content; asked a few seconds later, it finds it built ahead (decision 0046).
  const edit = async () => {
    const response = await fetch(`${api}/tags`, { method: "POST", headers: { ...admin, "Content-Type": "application/json", Origin: base }, body: JSON.stringify({ name: `Bench ${Math.random()}` }) });
    if (!response.ok) throw new Error(`adding a tag failed: ${response.status}`);
  };
  const afterEdit = async (waitMs: number) => {
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      await edit();
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      times.push((await timed(`${api}/geo/clusters?bbox=${town}&zoom=12`)).ms);
    }
    return median(times);
  };
  await row("/map clusters, at once after an edit (waits for the index)", () => afterEdit(0));
  await row("/map clusters, 5 s after an edit (index built ahead)", () => afterEdit(5000));
  // A business moved by another instance (straight in the database, as a second server on it would): the next view
  // must show it where it now is (decision 0052: answered from the index before, corrected, while it is built again).
  await row("/map clusters, at once after another instance moves a business", async () => {
    const database = openDatabase({ url: env.DATABASE_URL, sqlitePath: path.join(env.DATA_DIR!, "niche.sqlite") });
    try {
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const moved = await database.db.selectFrom("business").select(["id", "lat"]).orderBy("id").offset(round * 7).limit(1).executeTakeFirstOrThrow();
        await database.db.updateTable("business").set({ lat: Number(moved.lat) + 0.0005 }).where("id", "=", moved.id).execute();
        times.push((await timed(`${api}/geo/clusters?bbox=${town}&zoom=12`)).ms);
      }
      return median(times);
    } finally {
      await database.close();
    }
  });
  const category = (JSON.parse((await timed(`${api}/categories`)).body) as Array<{ id: string }>)[0]!.id;
  const ids = !wanted("business page") && !wanted("insights") && !wanted("business edited") ? [] : (JSON.parse((await timed(`${api}/geo/map-data`)).body) as { businesses: Array<{ id: string }> }).businesses.map((b) => b.id);
  const deep = Math.floor(size / PAGE_SIZE / 2);
  // Signed in, so that the pages are rendered for each request rather than answered from the anonymous cache.
  await row("/map page, rendered (signed in)", () => rounds(() => `${base}/map`, admin));
  await row("/map data: every business's position", () => rounds(() => `${api}/geo/map-data`, admin));
  await row("/map filter: businesses in a category", () => rounds(() => `${api}/businesses?categoryId=${category}`, admin));
  // The map a view at a time (decision 0040): the town at zoom 12, a few streets at zoom 16, a category, the list.
  const street = "-79.075,43.1,-79.058,43.112";
  await row("/map clusters: the town (zoom 12)", () => rounds(() => `${api}/geo/clusters?bbox=${town}&zoom=12`));
  await row("/map clusters: a few streets (zoom 16)", () => rounds(() => `${api}/geo/clusters?bbox=${street}&zoom=16`));
  await row("/map clusters: a category (zoom 12)", () => rounds(() => `${api}/geo/clusters?bbox=${town}&zoom=12&categoryId=${category}`));
  await row("/map list: first page in view (50)", () => rounds(() => `${api}/geo/in-view?bbox=${town}&limit=50`));
  await row("/map list: a page 500 in, a category", () => rounds(() => `${api}/geo/in-view?bbox=${town}&categoryId=${category}&offset=500&limit=50`));
  // The first search of a server just started: before decision 0066 it read every search document and built the index
  // on its path (decision 0012), so it grew with the site; since, the engine's own index answers it while the index in
  // the process is read and built off the path. The 96 after it are answered by either, as the build stands.
  await row("header search, first after a change (reads and indexes)", async () => (await timed(`${api}/search?q=zz`, admin)).ms);
  // A business renamed by another instance (straight in the database, as a second server on it would), then its new
  // name searched at once: answered from the index before, corrected by the documents written since (decision 0062).
  // Once the index a server builds when it starts is in (decision 0066): until then the engine's index answers.
  await row("header search, at once after another instance renames a business", async () => {
    const database = openDatabase({ url: env.DATABASE_URL, sqlitePath: path.join(env.DATA_DIR!, "niche.sqlite") });
    try {
      await timed(`${api}/search?q=zz`, admin);
      await searchIndexBuilt(base);
      const times: number[] = [];
      for (let round = 0; round < 3; round++) {
        const renamed = await database.db.selectFrom("business").select(["id", "name"]).orderBy("id").offset(round * 11).limit(1).executeTakeFirstOrThrow();
        const word = `zinnia${Date.now().toString(36)}${round}`;
        await database.db.updateTable("business").set({ name: `${word} ${renamed.name}` }).where("id", "=", renamed.id).execute();
        const { ms, body } = await timed(`${api}/search?q=${word}`, admin);
        if (!body.includes(word)) throw new Error(`the renamed business was not found: ${body.slice(0, 200)}`);
        times.push(ms);
      }
      return median(times);
    } finally {
      await database.close();
    }
  });
  await row("header search, p95 of 96", async () => {
    // As every row has a request before those timed: the index built (if the row above did not build it) and the
    // server's code for a search compiled, once per process.
    const words = Array.from({ length: 4 }, (_, i) => [...WORDS, ...TRADES].map((word) => word.slice(0, 3 + (i % 3)))).flat();
    for (const word of words) await timed(`${api}/search?q=${encodeURIComponent(word)}`, admin);
    const searches: number[] = [];
    for (const word of words) searches.push((await timed(`${api}/search?q=${encodeURIComponent(word)}`, admin)).ms);
    return p95(searches);
  });
  await row("businesses API (admin), first page", () => rounds(() => `${api}/admin/businesses?page=1&pageSize=${PAGE_SIZE}`, admin));
  await row(`businesses API (admin), middle page`, () => rounds(() => `${api}/admin/businesses?page=${deep}&pageSize=${PAGE_SIZE}`, admin));
  // The same pages as the pager's Next link asks them (decision 0068): after the last row of the page before (its
  // cursor read once, untimed).
  const after = async (list: string, page: number) => {
    const before = JSON.parse((await timed(`${api}${list}?page=${page - 1}&pageSize=${PAGE_SIZE}`, admin)).body) as { nextCursor: string };
    return `${api}${list}?page=${page}&pageSize=${PAGE_SIZE}&after=${before.nextCursor}`;
  };
  await row("businesses API (admin), middle page by Next", async () => {
    const url = await after("/admin/businesses", deep);
    return rounds(() => url, admin);
  });
  await row("markers list searched (q)", () => rounds((r) => `${api}/admin/businesses?page=1&pageSize=${PAGE_SIZE}&q=${WORDS[(r + WORDS.length) % WORDS.length]!.toLowerCase()}`, admin));
  await row("users list, first page", () => rounds(() => `${api}/users?page=1&pageSize=${PAGE_SIZE}`, admin));
  await row("users list, middle page", () => rounds(() => `${api}/users?page=${Math.max(1, Math.floor(deep / 10))}&pageSize=${PAGE_SIZE}`, admin));
  await row("events list (admin), first page", () => rounds(() => `${api}/admin/events?page=1&pageSize=${PAGE_SIZE}`, admin));
  await row("events list (admin), middle page", () => rounds(() => `${api}/admin/events?page=${Math.max(1, Math.floor(deep / 2))}&pageSize=${PAGE_SIZE}`, admin));
  await row("events list (admin), middle page by Next", async () => {
    const url = await after("/admin/events", Math.max(2, Math.floor(deep / 2)));
    return rounds(() => url, admin);
  });
  // The insights (10 daily counts per business: 1 million rows at 100,000): the administrator's overview of the site
  // and one business's page, over a month and a year.
  await row("insights overview (admin), 30 days", () => rounds(() => `${api}/insights?days=30`, admin));
  await row("insights overview (admin), 365 days", () => rounds(() => `${api}/insights?days=365`, admin));
  await row("insights of a business, 365 days", () => rounds((r) => `${api}/businesses/${ids[(r + 2) * 89 % ids.length]!}/insights?days=365`, admin));
  // A different business each time, anonymous: each is its first request, so rendered, not kept.
  await row("business page, uncached", () => rounds((r) => `${base}/business/${ids[(r + 2) * 97 % ids.length]!}`));
  if (wanted("/sitemap")) {
    const sitemap = await timed(`${base}/sitemap.xml`);
    await row(`/sitemap.xml (${sitemap.body.includes("<sitemapindex") ? "index" : "urlset"})`, () => rounds(() => `${base}/sitemap.xml?r=${Math.random()}`));
    // The last full child (the last may hold a few URLs): of those full, the one that reads the businesses from the
    // furthest position.
    const children = [...sitemap.body.matchAll(/<loc>[^<]*\/(sitemap-\d+\.xml)<\/loc>/g)].map((match) => match[1]!);
    if (children.length > 0) await row("/sitemap-<n>.xml (the last full child)", () => rounds(() => `${base}/${children.at(children.length > 1 ? -2 : -1)}`));
    // Three quarters in: at 100,000, one of the upcoming events (between the businesses and the offers), whose section's
    // conditions are on the events' dates.
    if (children.length > 0) await row("/sitemap-<n>.xml (a child three quarters in)", () => rounds(() => `${base}/${children[Math.floor(children.length * 0.75)]}`));
  }
  // Last, since each write moves the content version: an administrator's edit of a business (its description, its tags
  // cleared), a different business each time, as the form sends it: the write, its triggers (the search documents,
  // the names' order, the map's cells) and the answer.
  await row("business edited (admin, PUT)", () =>
    repeat(async (round) => {
      const id = ids[(round + 3) * 101 % ids.length]!;
      const stored = JSON.parse((await timed(`${api}/admin/businesses/${id}`, admin)).body) as { name: string; categoryId: string; coordinates: { lat: number; lng: number } };
      const body = JSON.stringify({ name: stored.name, categoryId: stored.categoryId, ...stored.coordinates, description: `Edited ${round} ${Date.now()}`, tags: [] });
      return timed(`${api}/businesses/${id}`, { ...admin, "Content-Type": "application/json", Origin: base }, { method: "PUT", body });
    }),
  );
  return rows;
}

const tables: string[] = [];
for (const engine of ENGINES) {
  if (engine === "postgres" && !SERVER_URL) continue;
  const columns: Array<{ size: number; rows: Array<[string, number]> }> = [];
  for (const size of SIZES) {
    const { env, label } = await site(engine, size);
    const settle = () => new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_SETTLE_MS ?? 0)));
    const earlier: number[] = [];
    for (let start = 1; start < STARTS && wanted(FIRST_VIEW); start++) {
      const first = await startServer(env);
      try {
        await settle();
        earlier.push(await firstView(first.base));
      } finally {
        await first.stop();
      }
    }
    const server = await startServer(env);
    try {
      await settle();
      columns.push({ size, rows: await measure(server.base, size, env, earlier) });
      console.error(`${label} ${size}: measured`);
    } finally {
      await server.stop();
    }
  }
  const label = engine === "postgres" ? "PostgreSQL" : "SQLite";
  const names = [...new Set(columns.flatMap((c) => c.rows.map(([name]) => name)))];
  const lines = [`### ${label} (ms, median of ${ROUNDS})`, "", `| request | ${columns.map((c) => c.size.toLocaleString("en")).join(" | ")} | ${SIZES.at(-1)}/${SIZES[0]} |`, `|---|${columns.map(() => "---:|").join("")}---:|`];
  for (const name of names) {
    const values = columns.map((c) => c.rows.find(([n]) => n === name)?.[1]);
    const first = values[0];
    const last = values.at(-1);
    const ratio = first && last ? `${(last / first).toFixed(1)}×${last / first > 3 ? " ✗" : ""}` : "";
    lines.push(`| ${name} | ${values.map((v) => (v === undefined ? "" : v.toFixed(1))).join(" | ")} | ${ratio} |`);
  }
  tables.push(lines.join("\n"));
}

const [one, five, fifteen] = os.loadavg();
console.log(`\n${tables.join("\n\n")}\n\nmachine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}, load average ${one!.toFixed(2)} ${five!.toFixed(2)} ${fifteen!.toFixed(2)}`);
