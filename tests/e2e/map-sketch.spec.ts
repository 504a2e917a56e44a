// The map page's first view in HTML (src/shared/map-sketch.ts): the server draws the businesses' clusters and single
// circles in the map's place, as MapLibre will first draw them, so that they show at the page's first paint. Here the
// map library's script is held back to see the page as a visitor sees it before the map has drawn, then let through
// to compare the picture with the map's own drawing.
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { DEMO_DATA_DIR, DEMO_URL } from "./env.ts";
import { openDatabase } from "#server/db/database.ts";
import { UNKNOWN_CATEGORY_COLOR } from "#shared/constants.ts";

// On the untouched demo: the businesses and their categories are the seeded ones.
test.use({ baseURL: DEMO_URL });

interface Point {
  lat: number;
  lng: number;
}

interface DemoBusiness extends Point {
  name: string;
  category: string | null;
  color: string;
}

/** The demo businesses as stored (read straight from the demo server's database), with their category's colour. */
async function demoBusinesses(): Promise<DemoBusiness[]> {
  const database = openDatabase({ sqlitePath: path.join(DEMO_DATA_DIR, "niche.sqlite") });
  try {
    const rows = await database.db
      .selectFrom("business")
      .leftJoin("category", "category.id", "business.categoryId")
      .select(["business.name", "business.lat", "business.lng", "category.name as category", "category.color"])
      .execute();
    return rows.map((r) => ({ name: r.name, lat: Number(r.lat), lng: Number(r.lng), category: r.category, color: r.color ?? UNKNOWN_CATEGORY_COLOR }));
  } finally {
    await database.close();
  }
}

const map = (page: Page) => page.getByTestId("map");
const sketch = (page: Page) => page.getByTestId("map-sketch");
/** The map's place: the map itself, the sketch over it and the map's status. */
const mapArea = (page: Page) => map(page).locator("xpath=..");

/**
 * Holds MapLibre's script until released: the page's own code runs, the map cannot start. Returns the release and
 * how many requests for the script were held.
 */
async function holdMapLibre(page: Page): Promise<{ release: () => void; requests: () => number }> {
  let release = () => {};
  let requests = 0;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/maplibre\.client-.*\.js$/, async (route) => {
    requests++;
    await held;
    // The page may have closed meanwhile.
    await route.continue().catch(() => undefined);
  });
  return { release, requests: () => requests };
}

async function camera(page: Page): Promise<{ lat: number; lng: number; zoom: number }> {
  const [center, zoom] = await map(page).evaluate((el) => [el.dataset.center ?? "", el.dataset.zoom ?? ""]);
  const [lat, lng] = center.split(",").map(Number) as [number, number];
  return { lat, lng, zoom: Number(zoom) };
}

/**
 * Where the map draws a point, relative to the map's top left corner: Web Mercator with MapLibre's 512 px tiles,
 * from the map's centre and zoom (as `pixelOf` in map.spec.ts).
 */
async function projector(page: Page): Promise<(point: Point) => { x: number; y: number }> {
  const c = await camera(page);
  const box = (await map(page).boundingBox())!;
  const world = 512 * 2 ** c.zoom;
  const project = (p: Point) => {
    const sin = Math.sin((p.lat * Math.PI) / 180);
    return { x: ((p.lng + 180) / 360) * world, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world };
  };
  const o = project(c);
  return (point) => {
    const a = project(point);
    return { x: box.width / 2 + (a.x - o.x), y: box.height / 2 + (a.y - o.y) };
  };
}

interface SketchView {
  /** The `data-zoom` of each level displayed. */
  displayed: string[];
  /** The displayed level's clusters and single circles, centres relative to the map's top left corner. */
  clusters: { x: number; y: number; count: number; label: string; red: boolean; background: string }[];
  points: { x: number; y: number; background: string }[];
  /** The map's place, in page pixels. */
  area: { x: number; y: number; width: number; height: number };
}

/** What the sketch shows: its displayed levels, and the clusters and circles of the first of them. */
async function sketchView(page: Page): Promise<SketchView> {
  return sketch(page).evaluate((root) => {
    const area = root.getBoundingClientRect();
    // A level not shown is moved far out of the sketch, which clips it: the ones shown are those over the map's place.
    const levels = [...root.querySelectorAll<HTMLElement>(".map-sketch-level")].filter((level) => {
      const box = level.getBoundingClientRect();
      return box.left < area.right && box.right > area.left && box.top < area.bottom && box.bottom > area.top;
    });
    const centre = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2 - area.x, y: r.y + r.height / 2 - area.y };
    };
    const level = levels[0];
    return {
      displayed: levels.map((l) => l.dataset.zoom ?? ""),
      clusters: [...(level?.querySelectorAll<HTMLElement>(".map-sketch-cluster") ?? [])].map((el) => ({
        ...centre(el),
        count: Number(el.dataset.count),
        label: el.textContent ?? "",
        red: el.classList.contains("red"),
        background: getComputedStyle(el).backgroundColor,
      })),
      points: [...(level?.querySelectorAll<HTMLElement>(".map-sketch-point") ?? [])].map((el) => ({ ...centre(el), background: getComputedStyle(el).backgroundColor })),
      area: { x: area.x, y: area.y, width: area.width, height: area.height },
    };
  });
}

/** The colour drawn at a page pixel, as #rrggbb. */
async function colourAt(page: Page, at: { x: number; y: number }): Promise<string> {
  const png = await page.screenshot({ clip: { x: Math.round(at.x), y: Math.round(at.y), width: 1, height: 1 } });
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return `#${[...data.subarray(0, 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** The computed background of a circle of this colour at 80 % (as the map draws single circles), in this page. */
async function circleBackground(page: Page, color: string): Promise<string> {
  return page.evaluate((color) => {
    const probe = document.createElement("div");
    probe.style.backgroundColor = `color-mix(in srgb, ${color} 80%, transparent)`;
    document.body.append(probe);
    const value = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return value;
  }, color);
}

/** Every business is shown once by the displayed level: its clusters' counts and its single circles add up to them. */
function shownBusinesses(view: SketchView): number {
  return view.clusters.reduce((sum, c) => sum + c.count, 0) + view.points.length;
}

/** Whether a centre lies inside the map's place, where a visitor sees it. */
const inside = (view: SketchView) => (p: { x: number; y: number }) => p.x >= 0 && p.y >= 0 && p.x <= view.area.width && p.y <= view.area.height;

test.describe("the map's first view in HTML", () => {
  test("before the map library has run: the sketch of every business, one level, the loading pill, nothing for screen readers", async ({ page }) => {
    const businesses = await demoBusinesses();
    const hold = await holdMapLibre(page);
    const response = await page.goto("/map");

    // The server's HTML carries the sketch of every business.
    const html = await response!.text();
    expect(html).toContain('data-testid="map-sketch"');
    expect(html).toContain(`data-sketch-points="${businesses.length}"`);

    // The map library was asked for and is held: what shows in the map's place is the sketch.
    expect(hold.requests()).toBeGreaterThan(0);
    await expect(map(page)).not.toHaveAttribute("data-ready", "true");
    await expect(sketch(page)).toBeVisible();
    await expect(sketch(page)).toHaveAttribute("data-sketch-points", String(businesses.length));
    const view = await sketchView(page);
    expect(view.displayed).toHaveLength(1);
    expect(shownBusinesses(view)).toBe(businesses.length);
    expect([...view.clusters, ...view.points].filter((p) => !inside(view)(p))).toEqual([]);
    // Each cluster's count is written on it.
    for (const cluster of view.clusters) expect(cluster.label).toBe(cluster.count < 1000 ? String(cluster.count) : cluster.label);

    // The map's status says it is loading, as a pill at the bottom of the map rather than over the sketch.
    const status = mapArea(page).getByRole("status");
    await expect(status).toHaveText("Loading...");
    await expect(status).toBeVisible();
    const [pill, area] = [(await status.boundingBox())!, (await mapArea(page).boundingBox())!];
    expect(pill.height).toBeLessThan(area.height / 4);
    expect(pill.y).toBeGreaterThan(area.y + area.height / 2);
    expect(pill.y + pill.height).toBeLessThanOrEqual(area.y + area.height);

    // A picture only: screen readers meet the map's region and its status, not the sketch's counts.
    await expect(sketch(page)).toHaveAttribute("aria-hidden", "true");
    expect(await mapArea(page).ariaSnapshot()).toBe('- region "Map of businesses"\n- status: Loading...');
    await expectNoAxeViolations(page);
    hold.release();
  });

  // At the project's viewport: a phone's (412 × 915) and a desktop's (1280 × 720), whose maps frame the businesses at
  // different zooms.
  test("a visitor's /map paints its first view before its scripts, MapLibre's among them, are asked for; then the map draws", async ({ page, request }) => {
    const html = await (await request.get("/map")).text();
    expect(html).toContain('data-testid="map-sketch"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');

    await page.goto("/map");
    await expect(map(page)).toHaveAttribute("data-ready", "true");
    const timing = await page.evaluate(() => {
      const scripts = performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
        first: Math.min(...scripts.map((entry) => entry.startTime)),
        mapLibre: scripts.filter((entry) => /maplibre\.client-/.test(entry.name)).map((entry) => entry.startTime),
      };
    });
    expect(timing.mapLibre).toHaveLength(1);
    expect(timing.first).toBeGreaterThan(timing.paint);
    expect(timing.mapLibre[0]).toBeGreaterThan(timing.paint);
  });

  test("the map's place is never blank: the sketch shows until the map's canvas does, which stays out of sight beneath it until then", async ({ page }) => {
    const businesses = await demoBusinesses();
    // Each frame from the page's first: whether the sketch is there, and how the map's canvas is shown (if made yet).
    await page.addInitScript(() => {
      const frames: { sketch: boolean; canvas: string | null }[] = [];
      (window as unknown as { mapFrames: typeof frames }).mapFrames = frames;
      const tick = () => {
        const canvas = document.querySelector("[data-testid=map] canvas");
        frames.push({ sketch: document.querySelector("[data-testid=map-sketch]") !== null, canvas: canvas && getComputedStyle(canvas).visibility });
        if (frames.length < 5000) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto("/map");
    await expect(map(page)).toHaveAttribute("data-drawn-points", String(businesses.length), { timeout: 20_000 });
    await expect(sketch(page)).toHaveCount(0);
    await expect(map(page).locator("canvas")).toBeVisible();

    // The frames recorded so far: the page's next frame after the sketch went may not have been drawn yet.
    const recorded = () => page.evaluate(() => (window as unknown as { mapFrames: { sketch: boolean; canvas: string | null }[] }).mapFrames);
    await expect.poll(async () => (await recorded()).at(-1)).toEqual({ sketch: false, canvas: "visible" });
    const frames = await recorded();
    const fromSketch = frames.slice(frames.findIndex((f) => f.sketch));
    expect(fromSketch.length).toBeGreaterThan(0);
    // Made while the sketch stood over it, the canvas was hidden (so nothing of it was composited)...
    expect(fromSketch.some((f) => f.sketch && f.canvas === "hidden")).toBe(true);
    // ...and in no frame was there neither the sketch nor the canvas to see.
    expect(fromSketch.filter((f) => !f.sketch && f.canvas !== "visible")).toEqual([]);
    expect(fromSketch.at(-1)).toEqual({ sketch: false, canvas: "visible" });
  });

  test("the sketch is what the map then draws: the same clusters, counts and colours at the same places, and the same single circles", async ({ page }) => {
    const businesses = await demoBusinesses();
    const hold = await holdMapLibre(page);
    await page.goto("/map");
    await expect(sketch(page)).toBeVisible();
    await expect(map(page)).not.toHaveAttribute("data-ready", "true");
    const before = await sketchView(page);
    expect(before.displayed).toHaveLength(1);
    expect(shownBusinesses(before)).toBe(businesses.length);
    expect(before.clusters.length + before.points.length).toBeGreaterThan(0);
    // The sketch's colour just below each cluster's count, inside its circle.
    const sketchColours: string[] = [];
    for (const cluster of before.clusters) sketchColours.push(await colourAt(page, { x: before.area.x + cluster.x, y: before.area.y + cluster.y + 11 }));

    hold.release();
    await expect(map(page)).toHaveAttribute("data-drawn-points", String(businesses.length), { timeout: 20_000 });
    await expect(sketch(page)).toHaveCount(0);

    // The map frames the businesses at a zoom whose whole part is the level the sketch showed.
    expect(String(Math.floor((await camera(page)).zoom))).toBe(before.displayed[0]);

    // MapLibre's clusters in view: as many as the sketch's, with the same counts and colours.
    type Drawn = { count: number; color: string; lat: number; lng: number };
    const drawnClusters = async (): Promise<Drawn[]> => JSON.parse((await map(page).getAttribute("data-clusters")) || "[]");
    const summary = (clusters: { count: number; color: string }[]) => clusters.map((c) => `${c.count} ${c.color}`).sort();
    const sketched = before.clusters.map((c) => ({ count: c.count, color: c.red ? "red" : "blue" }));
    await expect.poll(async () => summary(await drawnClusters())).toEqual(summary(sketched));

    // Each sketch cluster has a map cluster of the same count and colour within 2 px of it, one for one.
    const project = await projector(page);
    const area = (await map(page).boundingBox())!;
    const drawn = (await drawnClusters()).map((c) => ({ ...c, ...project(c) }));
    const unmatched: string[] = [];
    const taken = new Set<number>();
    const drawnAt: { index: number; at: { x: number; y: number } }[] = [];
    before.clusters.forEach((cluster, index) => {
      const color = cluster.red ? "red" : "blue";
      let best = -1;
      let bestDistance = Infinity;
      drawn.forEach((d, i) => {
        const distance = Math.hypot(d.x - cluster.x, d.y - cluster.y);
        if (!taken.has(i) && d.count === cluster.count && d.color === color && distance < bestDistance) [best, bestDistance] = [i, distance];
      });
      if (best < 0 || bestDistance > 2) {
        unmatched.push(`${cluster.count} ${color} at ${cluster.x.toFixed(1)},${cluster.y.toFixed(1)} (nearest such: ${bestDistance.toFixed(1)} px)`);
        return;
      }
      taken.add(best);
      const d = drawn[best]!;
      drawnAt.push({ index, at: { x: area.x + d.x, y: area.y + d.y + 11 } });
    });
    expect(unmatched).toEqual([]);
    // The map paints the same colour there as the sketch did.
    for (const { index, at } of drawnAt) expect(await colourAt(page, at), `cluster ${before.clusters[index]!.count}`).toBe(sketchColours[index]);

    // The sketch's single circles are the businesses the map leaves unclustered: as many, each at its business
    // (within 2 px) and in its category's colour.
    const clustered = drawn.reduce((sum, c) => sum + c.count, 0);
    expect(before.points).toHaveLength(businesses.length - clustered);
    const misplaced: string[] = [];
    for (const point of before.points) {
      const nearest = businesses
        .map((b) => ({ b, distance: Math.hypot(project(b).x - point.x, project(b).y - point.y) }))
        .sort((a, b) => a.distance - b.distance)[0]!;
      if (nearest.distance > 2) misplaced.push(`circle at ${point.x.toFixed(1)},${point.y.toFixed(1)}: ${nearest.distance.toFixed(1)} px from ${nearest.b.name}`);
      else expect(point.background, nearest.b.name).toBe(await circleBackground(page, nearest.b.color));
    }
    expect(misplaced).toEqual([]);
  });

  test("picking a category before the map has drawn takes the sketch away at once, and the address gets the category", async ({ page }) => {
    const restaurants = (await demoBusinesses()).filter((b) => b.category === "Restaurants");
    const hold = await holdMapLibre(page);
    await page.goto("/map");
    await expect(sketch(page)).toBeVisible();

    await page.getByRole("button", { name: `Restaurants (${restaurants.length})` }).click();
    // Gone while the map library is still held: it showed every business, not the restaurants.
    await expect(sketch(page)).toHaveCount(0, { timeout: 1_000 });
    await expect(map(page)).not.toHaveAttribute("data-ready", "true");
    await expect(page).toHaveURL(/\/map\?category=Restaurants$/);
    await expect(page.getByRole("heading", { name: `Restaurants Locations (${restaurants.length})` })).toBeVisible();
    hold.release();
  });

  test('the server draws no sketch for "Open now" or with the circles hidden, and one of the category\'s businesses for a category', async ({ page }) => {
    const restaurants = (await demoBusinesses()).filter((b) => b.category === "Restaurants");
    const htmlOf = async (address: string) => {
      const response = await page.request.get(address);
      expect(response.status(), address).toBe(200);
      const html = await response.text();
      // A map page: the map's place is there.
      expect(html, address).toContain('aria-label="Map of businesses"');
      return html;
    };
    expect(await htmlOf("/map?open=now")).not.toContain('data-testid="map-sketch"');
    expect(await htmlOf("/map?hide=markers")).not.toContain('data-testid="map-sketch"');
    const category = await htmlOf("/map?category=Restaurants");
    expect(category).toContain('data-testid="map-sketch"');
    expect(category).toContain(`data-sketch-points="${restaurants.length}"`);
  });
});

test.describe("the map's first view without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor without scripts sees where every business is", async ({ page }) => {
    const businesses = await demoBusinesses();
    // Without scripts the page's own are never run: the page is taken as it loads.
    await page.goto("/map", { waitUntil: "commit" });
    await page.waitForLoadState("load");
    await expect(sketch(page)).toBeVisible();
    await expect(sketch(page)).toHaveAttribute("data-sketch-points", String(businesses.length));
    const view = await sketchView(page);
    expect(view.displayed).toHaveLength(1);
    expect(shownBusinesses(view)).toBe(businesses.length);
    expect([...view.clusters, ...view.points].filter((p) => !inside(view)(p))).toEqual([]);
  });
});
