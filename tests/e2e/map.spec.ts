// The map page (spec section 2 "Map page", 4 "Map", 8 "Map page", 9 clustering) on the offline map style,
// with the browser's geolocation granted or refused through the context, and local fakes of the router.
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { allowConsoleError, expect, expectNoAxeViolations, test, untilScriptsRun } from "./fixtures.ts";
import { E2E_AUTH_SECRET, startAppProcess, type AppProcess } from "./app-process.ts";
import { DEMO_DATA_DIR, DEMO_URL, E2E_DATA_DIR } from "./env.ts";
import { openDatabase, type Database } from "#server/db/database.ts";
import { buildBusiness, createBusiness, createCategory, createTag } from "#server/db/factories.ts";
import { fromOsm } from "#server/lib/hours/osm-hours.ts";
import { storeHours } from "#server/lib/hours/stored-hours.ts";
import { BUSINESSES_GEOJSON_URL, MAP_REFRESH_MS } from "#web/features/map/use-map-businesses.ts";
import { NO_ROUTE_ORIGIN } from "../fakes/geo-servers.ts";
import { shoot } from "./screenshots.ts";

const VISITOR = { latitude: 43.1012, longitude: -79.0731 };
// On the untouched demo: the counts, clusters and framing here are the seeded ones.
test.use({ baseURL: DEMO_URL });

const DEFAULT_CENTRE = { lat: 43.106651, lng: -79.066782 };

interface Point {
  lat: number;
  lng: number;
}

/** The demo businesses as stored (read straight from the end-to-end server's database). */
async function demoBusinesses(): Promise<(Point & { name: string; category: string | null })[]> {
  const database = openDatabase({ sqlitePath: path.join(DEMO_DATA_DIR, "niche.sqlite") });
  try {
    const rows = await database.db
      .selectFrom("business")
      .leftJoin("category", "category.id", "business.categoryId")
      .select(["business.name", "business.lat", "business.lng", "category.name as category"])
      .execute();
    return rows.map((r) => ({ name: r.name, lat: Number(r.lat), lng: Number(r.lng), category: r.category }));
  } finally {
    await database.close();
  }
}

function boundsCentre(points: Point[]): Point {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  // fitBounds centres in Web Mercator; over a few hundred metres that is the plain midpoint.
  return { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
}

const map = (page: Page) => page.getByTestId("map");

async function mapReady(page: Page) {
  await expect(map(page)).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
}

/** Ready, and the page's first view in HTML gone: what is on screen is the map's own drawing. */
async function mapDrawn(page: Page) {
  await mapReady(page);
  await expect(page.getByTestId("map-sketch")).toHaveCount(0, { timeout: 20_000 });
}

/** The business page's map loads when asked for, in place of its preview. */
async function businessMapReady(page: Page) {
  await page.getByTestId("business-map").getByRole("button", { name: "Show map" }).click();
  await mapReady(page);
}

async function camera(page: Page): Promise<{ lat: number; lng: number; zoom: number }> {
  const [center, zoom] = await map(page).evaluate((el) => [el.dataset.center ?? "", el.dataset.zoom ?? ""]);
  const [lat, lng] = center.split(",").map(Number) as [number, number];
  return { lat, lng, zoom: Number(zoom) };
}

async function expectCamera(page: Page, expected: Point & { zoom?: number }, precision = 4) {
  await expect
    .poll(async () => {
      const c = await camera(page);
      return [c.lat.toFixed(precision), c.lng.toFixed(precision), expected.zoom === undefined ? "" : c.zoom.toFixed(1)];
    })
    .toEqual([expected.lat.toFixed(precision), expected.lng.toFixed(precision), expected.zoom === undefined ? "" : expected.zoom.toFixed(1)]);
}

/** Where a point is drawn, in page pixels: Web Mercator with MapLibre's 512 px tiles, from the map's centre and zoom. */
/** Waits until the map has stopped moving: its camera and clusters the same at two looks a quarter second apart. */
async function mapSettled(page: Page) {
  let last = "";
  await expect
    .poll(
      async () => {
        const now = await map(page).evaluate((el) => `${el.dataset.center}|${el.dataset.zoom}|${el.dataset.clusters}`);
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [250] },
    )
    .toBe(true);
}

async function pixelOf(page: Page, point: Point): Promise<{ x: number; y: number }> {
  // On a phone the map sits above the list: bring it back into view first.
  await map(page).scrollIntoViewIfNeeded();
  const c = await camera(page);
  const box = (await map(page).boundingBox())!;
  const world = 512 * 2 ** c.zoom;
  const project = (p: Point) => {
    const sin = Math.sin((p.lat * Math.PI) / 180);
    return { x: ((p.lng + 180) / 360) * world, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world };
  };
  const a = project(point);
  const o = project(c);
  return { x: box.x + box.width / 2 + (a.x - o.x), y: box.y + box.height / 2 + (a.y - o.y) };
}

/** The colour drawn at a page pixel, as #rrggbb. */
async function colourAt(page: Page, at: { x: number; y: number }): Promise<string> {
  const png = await page.screenshot({ clip: { x: Math.round(at.x), y: Math.round(at.y), width: 1, height: 1 } });
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return `#${[...data.subarray(0, 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

function nextDialog(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

test.describe("map on the demo association", () => {
  test.use({ geolocation: VISITOR, permissions: ["geolocation"] });

  test("sidebar, coloured circles and clusters; all businesses framed; the visitor's blue dot", async ({ page }) => {
    const businesses = await demoBusinesses();
    await page.goto("/map");
    await expect(page.getByRole("button", { name: `All (${businesses.length})` })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Restaurants (7)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: `All Locations (${businesses.length})` })).toBeVisible();
    await expect(page.getByPlaceholder("Search locations, categories, or tags...")).toBeVisible();
    await expect(page.getByRole("button", { name: "Clear All Tags" })).toBeVisible();
    await mapDrawn(page);

    await expectCamera(page, boundsCentre(businesses), 3);
    await expect(map(page)).toHaveAttribute("data-visitor", `${VISITOR.latitude},${VISITOR.longitude}`);
    // The blue dot is drawn where the visitor stands.
    const dot = await pixelOf(page, { lat: VISITOR.latitude, lng: VISITOR.longitude });
    const box = (await map(page).boundingBox())!;
    if (dot.x > box.x && dot.x < box.x + box.width && dot.y > box.y && dot.y < box.y + box.height) {
      expect(await colourAt(page, dot)).toBe("#1a73e8");
    }
    await expectNoAxeViolations(page);
  });

  test("a category, then tags: each clears the other, the list heading follows, and the URL can be shared", async ({ page }) => {
    const businesses = await demoBusinesses();
    await page.goto("/map");
    await mapReady(page);

    await page.getByRole("button", { name: "Restaurants (7)" }).click();
    await expect(page.getByRole("heading", { name: "Restaurants Locations (7)" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Restaurants (7)" })).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/\/map\?category=Restaurants$/);
    await expectCamera(page, boundsCentre(businesses.filter((b) => b.category === "Restaurants")), 3);

    await page.getByRole("button", { name: "Patio", exact: true }).click();
    await page.getByRole("button", { name: "Live Music", exact: true }).click();
    await expect(page.getByRole("heading", { name: /^Tagged Locations \(\d+\)$/ })).toBeVisible();
    // Tags narrow the list too: "All" is no longer pressed.
    await expect(page.getByRole("button", { name: /^All \(/ })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("button", { name: "Restaurants (7)" })).toHaveAttribute("aria-pressed", "false");
    await expect(page).toHaveURL(/\/map\?tag=Patio&tag=Live\+Music$/);
    const tagged = page.getByRole("list", { name: "Tagged Locations" });
    await expect(tagged.getByRole("button", { name: /The Tipsy Barrel/ })).toBeVisible();
    await expect(tagged.getByRole("button", { name: /Niagara Jazz Cellar/ })).toBeVisible();

    // A shared link opens the same filtered map.
    await page.reload();
    await expect(page.getByRole("button", { name: "Patio", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Live Music", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { name: /^Tagged Locations/ })).toBeVisible();

    await page.getByRole("button", { name: "Bars & Nightlife (3)" }).click();
    await expect(page.getByRole("button", { name: "Patio", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("heading", { name: "Bars & Nightlife Locations (3)" })).toBeVisible();

    await page.getByRole("button", { name: "Vintage", exact: true }).click();
    await page.getByRole("button", { name: "Clear All Tags" }).click();
    await expect(page.getByRole("heading", { name: `All Locations (${businesses.length})` })).toBeVisible();
    await expect(page).toHaveURL(/\/map$/);

    // The header's Map link opens the map afresh, whatever filter is on.
    await page.getByRole("button", { name: "Restaurants (7)" }).click();
    await expect(page.getByRole("heading", { name: "Restaurants Locations (7)" })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Map", exact: true }).click();
    await expect(page.getByRole("heading", { name: `All Locations (${businesses.length})` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Restaurants (7)" })).toHaveAttribute("aria-pressed", "false");
  });

  test("visibility switches hide markers, categories and tags, and are kept in the URL", async ({ page }) => {
    await page.goto("/map");
    await mapReady(page);
    await page.getByRole("checkbox", { name: "Show categories" }).uncheck();
    await expect(page.getByRole("button", { name: "Restaurants (7)" })).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Show tags" }).uncheck();
    await expect(page.getByRole("button", { name: "Clear All Tags" })).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Show markers" }).uncheck();
    await expect(page).toHaveURL(/\/map\?hide=markers%2Ccategories%2Ctags$/);
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Show markers" })).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Restaurants (7)" })).toHaveCount(0);
  });

  test("search: matches by substring, sorted, with its kind; keyboard, picking, outside clicks and clearing", async ({ page }) => {
    await page.goto("/map");
    await mapReady(page);
    const box = page.getByRole("combobox", { name: "Search the map" });
    const list = page.getByRole("listbox", { name: "Search results" });

    await box.fill("BAR");
    await expect(list).toBeVisible();
    const options = await list.getByRole("option").allTextContents();
    expect(options).toContain("Bars & Nightlife (category)");
    expect(options).toContain("Midnight Arcade Bar (marker)");
    expect(options).toContain("Falls City Barbers (marker)");
    expect(options).toContain("Vine & Vintage Wine Bar (marker)");
    const names = options.map((o) => o.replace(/ \((category|tag|marker)\)$/, ""));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })));
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("200px");

    // Outside click closes; focusing the box again reopens while there is text and a match.
    await page.getByRole("heading", { name: "Map", exact: true }).click();
    await expect(list).toBeHidden();
    await box.focus();
    await expect(list).toBeVisible();
    await box.press("Escape");
    await expect(list).toBeHidden();
    // Tab away closes it too: it would cover the controls focus moves to.
    await box.fill("bar");
    await expect(list).toBeVisible();
    await box.press("Tab");
    await expect(list).toBeHidden();
    await expect(box).not.toBeFocused();
    // Accents are no matter: "emile" finds Émile's.
    await box.fill("emile");
    await expect(list.getByRole("option")).toHaveText(["Émile's Fine Cheese (marker)"]);

    await box.fill("zzzz");
    await expect(list).toBeHidden();
    await box.fill("");
    await expect(list).toBeHidden();

    // Keyboard: down, up, enter picks; a tag pick filters by that tag.
    await box.fill("vint");
    await expect(list.getByRole("option")).toHaveText(["Rewind Vintage (marker)", "Vine & Vintage Wine Bar (marker)", "Vintage (tag)"]);
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    await box.press("ArrowUp");
    await box.press("ArrowDown");
    await expect(list.getByRole("option", { name: "Vintage (tag)" })).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(box).toHaveValue("Vintage");
    await expect(list).toBeHidden();
    await expect(page.getByRole("button", { name: "Vintage", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { name: "Tagged Locations (2)" })).toBeVisible();

    // A category pick filters by the category.
    await box.fill("health");
    await list.getByRole("option", { name: "Health & Wellness (category)" }).click();
    await expect(box).toHaveValue("Health & Wellness");
    await expect(page.getByRole("heading", { name: "Health & Wellness Locations (4)" })).toBeVisible();

    // A business pick selects it, zooms to 18 and opens its info window.
    const businesses = await demoBusinesses();
    const jazz = businesses.find((b) => b.name === "Niagara Jazz Cellar")!;
    await box.fill("jazz");
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(page.getByTestId("info-window").getByRole("heading", { name: "Niagara Jazz Cellar" })).toBeVisible();
    await expectCamera(page, { ...jazz, zoom: 18 });
  });

  test("a list row selects its business at zoom 18; clicking a circle opens its info window; directions draw a route", async ({ page }) => {
    const businesses = await demoBusinesses();
    const tipsy = businesses.find((b) => b.name === "The Tipsy Barrel")!;
    await page.goto("/map");
    await mapDrawn(page);

    await page.getByRole("button", { name: "Bars & Nightlife (3)" }).click();
    await page.getByRole("list", { name: "Bars & Nightlife Locations" }).getByRole("button", { name: /The Tipsy Barrel/ }).click();
    await expectCamera(page, { ...tipsy, zoom: 18 });
    const info = page.getByTestId("info-window");
    await expect(info.getByRole("heading", { name: "The Tipsy Barrel" })).toBeVisible();
    await expect(info).toContainText("Craft beer taproom");
    await expect(info).toContainText("Niagara Falls");
    await expect(info.getByRole("list", { name: "Tags" })).toContainText("Live Music");
    // Picking another business moves the one info window to it, and back.
    await page.getByRole("list", { name: "Bars & Nightlife Locations" }).getByRole("button", { name: /Vine & Vintage Wine Bar/ }).click();
    await expect(info.getByRole("heading", { name: "Vine & Vintage Wine Bar" })).toBeVisible();
    await expect(info).toHaveCount(1);
    await page.getByRole("list", { name: "Bars & Nightlife Locations" }).getByRole("button", { name: /The Tipsy Barrel/ }).click();
    await expect(info.getByRole("heading", { name: "The Tipsy Barrel" })).toBeVisible();
    await expectCamera(page, { ...tipsy, zoom: 18 });
    // The window stays within the map, at either width ("Get Directions" in reach, scrolled to on a phone).
    const [mapBox, windowBox] = [await map(page).boundingBox(), await page.locator(".maplibregl-popup-content").boundingBox()];
    expect(windowBox!.y).toBeGreaterThanOrEqual(mapBox!.y);
    expect(windowBox!.y + windowBox!.height).toBeLessThanOrEqual(mapBox!.y + mapBox!.height);
    // The selected circle is drawn opaque in its category's colour (Bars & Nightlife).
    const at = await pixelOf(page, tipsy);
    expect(await colourAt(page, at)).toBe("#1d3557");

    // Close the window, then click the circle itself.
    await page.getByRole("button", { name: "Close popup" }).click();
    await expect(info).toHaveCount(0);
    await page.mouse.click(at.x, at.y);
    await expect(info.getByRole("heading", { name: "The Tipsy Barrel" })).toBeVisible();

    // From the keyboard: while the map eases to the business the window moves with it, and a pointer aimed at the
    // button as it was can land on the text above it.
    await info.getByRole("button", { name: "Get Directions" }).press("Enter");
    await expect(map(page)).toHaveAttribute("data-route", "3");

    // Changing the filters clears the selection and the route.
    await page.getByRole("button", { name: "Community (4)" }).click();
    await expect(info).toHaveCount(0);
    await expect(map(page)).toHaveAttribute("data-route", "");
  });

  test("clusters: red above the greater of 10 and the mean in view, else blue; clicking one zooms into it", async ({ page }) => {
    await page.goto("/map");
    await mapDrawn(page);
    // Zoom out until the businesses gather into a few clusters.
    await page.getByRole("button", { name: "Zoom out" }).click();
    await page.getByRole("button", { name: "Zoom out" }).click();
    await expect.poll(async () => JSON.parse((await map(page).getAttribute("data-clusters")) || "[]").length).toBeGreaterThan(0);
    await mapSettled(page);
    const clusters: { count: number; color: string; lat: number; lng: number }[] = JSON.parse((await map(page).getAttribute("data-clusters"))!);
    const mean = clusters.reduce((s, c) => s + c.count, 0) / clusters.length;
    for (const cluster of clusters) {
      expect(cluster.color).toBe(cluster.count > Math.max(10, mean) ? "red" : "blue");
      // Just below the count label, inside the circle, once the canvas has painted the settled view.
      const centre = await pixelOf(page, cluster);
      await expect.poll(() => colourAt(page, { x: centre.x, y: centre.y + 11 })).toBe(cluster.color === "red" ? "#c62828" : "#1e63c4");
    }
    const before = (await camera(page)).zoom;
    const biggest = clusters.sort((a, b) => b.count - a.count)[0]!;
    const at = await pixelOf(page, biggest);
    await page.mouse.click(at.x, at.y);
    await expect.poll(async () => (await camera(page)).zoom).toBeGreaterThan(before);
  });

  test('"Loading..." until the businesses arrive; "All (n)" is counted before', async ({ page }) => {
    const businesses = await demoBusinesses();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/v1/geo/businesses", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/map");
    await mapReady(page);
    const locations = page.getByRole("region", { name: "All Locations" });
    await expect(locations.getByRole("status")).toHaveText("Loading...");
    await expect(page.getByRole("button", { name: `All (${businesses.length})` })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: `All Locations (${businesses.length})` })).toBeVisible();
    await expect(locations.getByRole("status")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "All Locations" }).getByRole("listitem").first()).toBeVisible();
  });

  test("directions from the sidebar: what is missing, then the route drawn with its length", async ({ page }) => {
    const businesses = await demoBusinesses();
    const diner = businesses.find((b) => b.name === "Queen Street Diner")!;
    await page.goto("/map");
    await mapReady(page);
    await expect(map(page)).toHaveAttribute("data-visitor", `${VISITOR.latitude},${VISITOR.longitude}`);
    const panel = page.getByRole("region", { name: "Directions" });
    await expect(panel).toContainText("Pick a location on the map or in the list.");
    const dialog = nextDialog(page);
    await panel.getByRole("button", { name: "Get Directions" }).click();
    expect(await dialog).toBe("Cannot get directions: Destination not selected.");

    await page.getByRole("button", { name: "Restaurants (7)" }).click();
    await page.getByRole("list", { name: "Restaurants Locations" }).getByRole("button", { name: /Queen Street Diner/ }).click();
    await expect(panel).toContainText("Queen Street Diner");
    await expect(panel.getByRole("link", { name: "Open in maps" })).toHaveAttribute("href", new RegExp(`^geo:${diner.lat},${diner.lng}\\?q=`));
    await panel.getByRole("button", { name: "Get Directions" }).click();
    await expect(panel.getByRole("status")).toHaveText("Driving route: 1.2 km, about 5 min.");
    await expect(map(page)).toHaveAttribute("data-route", "3");
    await expectNoAxeViolations(page);
  });

  test("a visitor the router cannot reach is told the router's status", async ({ page, context }) => {
    await context.setGeolocation({ latitude: NO_ROUTE_ORIGIN.lat, longitude: NO_ROUTE_ORIGIN.lng });
    await page.goto("/map");
    await mapReady(page);
    await page.getByRole("button", { name: "Restaurants (7)" }).click();
    await page.getByRole("list", { name: "Restaurants Locations" }).getByRole("button", { name: /Queen Street Diner/ }).click();
    const dialog = nextDialog(page);
    await page.getByTestId("info-window").getByRole("button", { name: "Get Directions" }).click();
    expect(await dialog).toBe("Failed to get directions: NoRoute. Please try again.");
    await expect(map(page)).toHaveAttribute("data-route", "");
  });
});

test.describe("map without the visitor's position", () => {
  test("a refused position only logs, and directions say what is missing", async ({ page }) => {
    const logs: string[] = [];
    page.on("console", (message) => logs.push(message.text()));
    await page.goto("/map");
    await mapReady(page);
    await expect.poll(() => logs).toContain("Geolocation failed or permission denied.");
    await expect(map(page)).toHaveAttribute("data-visitor", "");

    await page.getByRole("button", { name: "Restaurants (7)" }).click();
    await page.getByRole("list", { name: "Restaurants Locations" }).getByRole("button", { name: /Queen Street Diner/ }).click();
    const dialog = nextDialog(page);
    await page.getByTestId("info-window").getByRole("button", { name: "Get Directions" }).click();
    expect(await dialog).toBe("Cannot get directions: User location not available. Enable location services.");
  });

  test("a browser without geolocation logs that it is not supported", async ({ page }) => {
    const logs: string[] = [];
    page.on("console", (message) => logs.push(message.text()));
    await page.addInitScript(() => {
      // @ts-expect-error: a browser that has no geolocation at all
      delete Navigator.prototype.geolocation;
    });
    await page.goto("/map");
    await mapReady(page);
    await expect.poll(() => logs).toContain("Geolocation is not supported by this browser.");
  });
});

async function businessId(name: string): Promise<string> {
  const database = openDatabase({ sqlitePath: path.join(DEMO_DATA_DIR, "niche.sqlite") });
  try {
    return (await database.db.selectFrom("business").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  } finally {
    await database.close();
  }
}

test.describe("home and business page maps", () => {
  test("the home page loads its map only when it scrolls into view", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(requested.filter((url) => url.includes("/api/v1/geo/map-data") || /maplibre/.test(url))).toEqual([]);

    await page.getByRole("heading", { name: "Business Locations" }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
    expect(requested.some((url) => url.includes("/api/v1/geo/map-data"))).toBe(true);
    expect(requested.some((url) => /maplibre-gl-worker/.test(url))).toBe(true);
  });

  test("business page: the map library loads only when the map is asked for", async ({ page }) => {
    // Nothing on the page breaks the CSP (a refused eval is reported even when the code catches it).
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (event) => {
        const w = window as unknown as { violations?: string[] };
        (w.violations ??= []).push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
      }),
    );
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.setViewportSize({ width: 360, height: 300 });
    await page.goto(`/business/${await businessId("Queen Street Diner")}`);
    await page.waitForLoadState("networkidle");
    // In view, the map's place holds a preview and a button.
    const preview = page.getByTestId("business-map");
    await preview.scrollIntoViewIfNeeded();
    expect((await preview.boundingBox())!.height).toBe(400);
    await page.waitForLoadState("networkidle");
    expect(requested.filter((url) => /maplibre/.test(url))).toEqual([]);

    const show = preview.getByRole("button", { name: "Show map of Queen Street Diner" });
    await show.focus();
    await page.keyboard.press("Enter");
    await mapReady(page);
    expect(requested.some((url) => /maplibre-gl-worker/.test(url))).toBe(true);
    // Focus stays where the button was, on the map's place.
    await expect(preview).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? [])).toEqual([]);
  });

  test.describe("with the visitor's position", () => {
    test.use({ geolocation: VISITOR, permissions: ["geolocation"] });

    test("business page: a 400 px map at zoom 15, and directions from the visitor drawn on it", async ({ page }) => {
      const businesses = await demoBusinesses();
      const diner = businesses.find((b) => b.name === "Queen Street Diner")!;
      await page.goto(`/business/${await businessId("Queen Street Diner")}`);
      await businessMapReady(page);
      await expectCamera(page, { ...diner, zoom: 15 });
      expect((await map(page).locator("..").boundingBox())!.height).toBe(400);
      await expect(page.getByRole("link", { name: "Open in maps" })).toHaveAttribute("href", new RegExp(`^geo:${diner.lat},${diner.lng}`));

      // Held at the router, the page says it is getting directions; the button waits meanwhile.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/v1/geo/route?*", async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Get Directions" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Getting directions..." })).toBeVisible();
      await expect(page.getByRole("button", { name: "Get Directions" })).toBeDisabled();
      release();
      await expect(page.getByRole("status").filter({ hasText: "Driving route: 1.2 km, about 5 min." })).toBeVisible();
      await expect(map(page)).toHaveAttribute("data-route", "3");
      await expectNoAxeViolations(page);
    });

    test("business page: the router's status when there is no route", async ({ page, context }) => {
      await context.setGeolocation({ latitude: NO_ROUTE_ORIGIN.lat, longitude: NO_ROUTE_ORIGIN.lng });
      await page.goto(`/business/${await businessId("Queen Street Diner")}`);
      await businessMapReady(page);
      await page.getByRole("button", { name: "Get Directions" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Failed to get directions. Status: NoRoute" })).toBeVisible();
    });
  });

  test("business page: a position that is unavailable, late or unknown, or no geolocation at all, is explained", async ({ page }) => {
    await page.goto(`/business/${await businessId("Queen Street Diner")}`);
    const alert = page.getByRole("alert").filter({ hasText: /location|Geolocation/ });
    // The browser's answers that a context cannot produce on demand, given the way the browser gives them.
    // A browser still looking for the position.
    await page.evaluate(() => {
      navigator.geolocation.getCurrentPosition = () => undefined;
    });
    await page.getByRole("button", { name: "Get Directions" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Getting your location..." })).toBeVisible();
    await page.reload();
    for (const [code, reason] of [
      [2, "Location information is unavailable."],
      [3, "The request to get user location timed out."],
      [0, "An unknown error occurred."],
    ] as const) {
      await page.evaluate((code) => {
        navigator.geolocation.getCurrentPosition = (_found, failed) =>
          failed?.({ code, message: "", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
      }, code);
      await page.getByRole("button", { name: "Get Directions" }).click();
      await expect(alert).toHaveText(`Could not get your current location. ${reason}`);
    }
    await page.evaluate(() => {
      // @ts-expect-error: a browser that has no geolocation at all
      delete Navigator.prototype.geolocation;
    });
    await page.getByRole("button", { name: "Get Directions" }).click();
    await expect(alert).toHaveText("Geolocation is not supported by this browser.");
  });

  test("business page: a refused position explains how to allow it", async ({ page }) => {
    await page.goto(`/business/${await businessId("Queen Street Diner")}`);
    await businessMapReady(page);
    await page.getByRole("button", { name: "Get Directions" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Could not get your current location. " })).toHaveText(
      "Could not get your current location. User denied the request for Geolocation. Please enable location permissions in your browser settings.",
    );
  });
});

test.describe("map library failure", { tag: "@desktop-only" }, () => {
  // The failed downloads are the point of this journey, so the console's resource errors are expected here.
  test.use({ consoleErrors: [[] as string[], { auto: true }] } as never);

  test('the library is tried again 3 times, then "Error loading MapLibre GL: <message>"', async ({ page }) => {
    let attempts = 0;
    await page.route(/maplibre\.client-.*\.js$/, (route) => {
      attempts++;
      return route.abort();
    });
    await page.goto("/map");
    await expect(page.getByRole("alert").filter({ hasText: /^Error loading MapLibre GL: / })).toBeVisible({ timeout: 15_000 });
    // The first try and 3 more (the page may also have preloaded the file once).
    expect(attempts).toBeGreaterThanOrEqual(4);

    // The list still works without the map; directions say what is missing.
    await page.getByRole("button", { name: "Restaurants (7)" }).click();
    await page.getByRole("list", { name: "Restaurants Locations" }).getByRole("button", { name: /Queen Street Diner/ }).click();
    const dialog = nextDialog(page);
    await page.getByRole("region", { name: "Directions" }).getByRole("button", { name: "Get Directions" }).click();
    expect(await dialog).toBe(
      "Cannot get directions: maps API not loaded. User location not available. Enable location services. Map not initialized.",
    );
  });
});

// Empty states, a single business and each part's failure, on a server of its own with an empty database and
// directions turned off (ROUTER_URL=off). What the map says and asks for in each state does not depend on the width:
// desktop only (the phone's layout of the map and its list is walked through above).
test.describe("map states", { tag: "@desktop-only" }, () => {
  test.describe.configure({ mode: "serial" });
  let app: AppProcess | undefined;
  let base = "";
  let dataDir = "";
  let database: Database | undefined;

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  test.beforeAll(async ({}, testInfo) => {
    dataDir = `${E2E_DATA_DIR}-map-${testInfo.project.name}`;
    app = await startAppProcess({
      script: "tests/e2e/serve-with-geo-fakes.ts",
      dataDir,
      env: { DEMO_CONTENT: "false", LOG_LEVEL: "warn", MAP_STYLE_URL: "offline", ROUTER_URL: "off", AUTH_SECRET: E2E_AUTH_SECRET },
      output: "none",
      ready: { healthz: "localhost" },
      wait: { tries: 100 },
      ifNotReady: "go on",
    });
    base = app.url;
    database = openDatabase({ sqlitePath: path.join(dataDir, "niche.sqlite") });
  });

  test.afterAll(async () => {
    await database?.close();
    await app?.stop();
  });

  test("nothing loaded: the empty texts, and the site's default centre at zoom 15", async ({ page }) => {
    await page.goto(`${base}/map`);
    await expect(page.getByText("No locations loaded.")).toBeVisible();
    await expect(page.getByText("No tags available.")).toBeVisible();
    await expect(page.getByRole("button", { name: "All (0)" })).toBeVisible();
    await mapReady(page);
    await expectCamera(page, { ...DEFAULT_CENTRE, zoom: 15 });
  });

  test("nothing loaded, visitor known: centred on the visitor at zoom 15", async ({ browser }) => {
    const context = await browser.newContext({ geolocation: VISITOR, permissions: ["geolocation"] });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/map`);
      await mapReady(page);
      await expectCamera(page, { lat: VISITOR.latitude, lng: VISITOR.longitude, zoom: 15 });
    } finally {
      await context.close();
    }
  });

  test("one business: centred on it at zoom 18, grey without a category; a filter with no match says so", async ({ page }) => {
    const db = database!.db;
    const cafe = await createCategory(db, { name: "Cafes", color: "#00aa00" });
    await createTag(db, { name: "Quiet" });
    const lone = await createBusiness(db, { name: "Lone Shop", categoryId: null, lat: 43.1001, lng: -79.0702, address: "1 Lone Lane" });

    await page.goto(`${base}/map`);
    await mapReady(page);
    await expectCamera(page, { ...lone, zoom: 18 });
    await page.getByRole("list", { name: "All Locations" }).getByRole("button", { name: /Lone Shop/ }).click();
    // The selected circle (opaque) is drawn over the plain one (at 80%) in the map's next frame.
    await expect.poll(async () => colourAt(page, await pixelOf(page, lone))).toBe("#808080");

    await page.getByRole("button", { name: `${cafe.name} (0)` }).click();
    await expect(page.getByText("No locations match the current filters.")).toBeVisible();
    await page.getByRole("button", { name: "Quiet", exact: true }).click();
    await expect(page.getByText("No locations match the current filters.")).toBeVisible();
  });

  test("directions turned off: the map says the service is not ready; the business page offers only Open in maps", async ({ browser }) => {
    const context = await browser.newContext({ geolocation: VISITOR, permissions: ["geolocation"] });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/map`);
      await mapReady(page);
      await expect(map(page)).toHaveAttribute("data-visitor", `${VISITOR.latitude},${VISITOR.longitude}`);
      await page.getByRole("list", { name: "All Locations" }).getByRole("button", { name: /Lone Shop/ }).click();
      const dialog = nextDialog(page);
      await page.getByTestId("info-window").getByRole("button", { name: "Get Directions" }).click();
      expect(await dialog).toBe("Cannot get directions: Directions service not ready.");

      const lone = await database!.db.selectFrom("business").select("id").where("name", "=", "Lone Shop").executeTakeFirstOrThrow();
      await page.goto(`${base}/business/${lone.id}`);
      // A page of a context of its own does not wait by itself (fixtures.ts): "Show map" needs the page's scripts.
      await untilScriptsRun(page);
      await businessMapReady(page);
      await expect(page.getByRole("link", { name: "Open in maps" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Get Directions" })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("a map left open shows within a minute that a business has closed, and a new business", async ({ page }) => {
    const db = database!.db;
    const roundTheClock = fromOsm("Mo-Su 00:00-24:00");
    const owl = await createBusiness(db, { name: "Night Owl", lat: 43.1005, lng: -79.0705, address: "2 Late Lane", openingHours: storeHours(roundTheClock) });
    await page.clock.install();
    await page.goto(`${base}/map`);
    const list = page.getByRole("list", { name: "All Locations" });
    const owlRow = list.getByRole("button", { name: /Night Owl/ });
    await expect(owlRow).toContainText("Open now");
    let checks = 0;
    page.on("request", (request) => request.url().endsWith(BUSINESSES_GEOJSON_URL) && checks++);
    // A check's answer read to its end: the page makes no other check while one is under way, and a write made while
    // the server is still answering may be read by it in part.
    const answered = () => page.waitForResponse((response) => response.url().endsWith(BUSINESSES_GEOJSON_URL)).then((response) => response.finished());

    // Nothing changed: asked again (the browser revalidates what it kept), the same shown.
    let answer = answered();
    await page.clock.runFor(MAP_REFRESH_MS);
    await answer;
    await expect.poll(() => checks).toBe(1);
    await expect(owlRow).toContainText("Open now");

    // Closed from now on, and a business added, while the page stays open.
    const closedAllWeek = { ...roundTheClock, week: { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] } };
    await db.updateTable("business").set({ openingHours: storeHours(closedAllWeek) }).where("id", "=", owl.id).execute();
    await createBusiness(db, { name: "Early Bird", lat: 43.1008, lng: -79.0708, address: "3 Dawn Road" });
    answer = answered();
    await page.clock.runFor(MAP_REFRESH_MS);
    await answer;
    await expect(owlRow).toContainText("Closed");
    await expect(list.getByRole("button", { name: /Early Bird/ })).toBeVisible();
    // The request's event reaches the test on its own way, not always before the page has drawn the answer.
    await expect.poll(() => checks).toBe(2);
  });

  test("past 2,000 businesses the map asks for each view: the list pages with Show more, a cluster named by its count zooms in", async ({ page }) => {
    // A town of 2,100 on a grid about 150 m apart (decision 0040's threshold is 2,000), added in a few statements.
    const rows = Array.from({ length: 2100 }, (_, i) =>
      buildBusiness({ name: `Grid ${String(i).padStart(4, "0")}`, lat: 43.05 + Math.floor(i / 50) * 0.0015, lng: -79.14 + (i % 50) * 0.002, categoryId: null, attributes: "[]", openingHours: null }),
    );
    for (let i = 0; i < rows.length; i += 300) await database!.db.insertInto("business").values(rows.slice(i, i + 300)).execute();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));

    await page.goto(`${base}/map`);
    await mapReady(page);
    const status = page.getByText(/^Showing \d+ of [\d,]+ in view$/);
    await expect(status).toHaveText(/^Showing 50 of 2,10\d in view$/);
    const list = page.getByRole("list", { name: "All Locations" });
    await expect(list.getByRole("button", { name: /Grid 0000/ })).toBeVisible();
    await page.getByRole("button", { name: "Show more" }).click();
    await expect(status).toHaveText(/^Showing 100 of 2,10\d in view$/);
    await shoot(page, "map-many-businesses");

    const cluster = map(page).getByRole("button", { name: /^[\d,]+ businesses$/ }).first();
    await expect(cluster).toBeVisible();
    await expectNoAxeViolations(page);
    const before = (await camera(page)).zoom;
    await cluster.click();
    await expect.poll(async () => (await camera(page)).zoom).toBeGreaterThan(before);
    // Every business was never downloaded: the map asked for clusters and the list for what is in view.
    expect(asked).toContain("/api/v1/geo/clusters");
    expect(asked).toContain("/api/v1/geo/in-view");
    expect(asked).not.toContain(BUSINESSES_GEOJSON_URL);
  });

  test("each part that fails to load says so", async ({ page }) => {
    // The businesses come from the API: its failure is also a failed request in the console.
    allowConsoleError("status of 500");
    const db = database!.db;
    // Other features' triggers and views over these tables would stop the drops below; this database is thrown away after.
    const { sql } = await import("kysely");
    const objects = await sql<{ name: string; type: string }>`select name, type from sqlite_master where type in ('trigger', 'view') order by type`.execute(db);
    for (const { name, type } of objects.rows) {
      await (type === "trigger" ? sql`drop trigger ${sql.id(name)}` : sql`drop view ${sql.id(name)}`).execute(db);
    }
    // A dropped table is no change of content: each drop is marked as one, or visitors keep the page made before.
    const drop = async (table: string) => {
      await db.schema.dropTable(table).execute();
      await sql`update content_version set version = version + 1`.execute(db);
    };
    await drop("category");
    await page.goto(`${base}/map`);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to load category filters." })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to load tag filters." })).toHaveCount(0);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to load map locations." })).toHaveCount(0);

    await drop("tag");
    await page.goto(`${base}/map`);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to load tag filters." })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to load map locations." })).toHaveCount(0);

    await drop("business_tag");
    await page.goto(`${base}/map`);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to load map locations." })).toBeVisible();
  });
});
