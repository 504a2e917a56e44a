// Someone else's map style (MAP_STYLE_URL=https://...) in the browser, under our Content-Security-Policy: a local
// stand-in of a hosted provider serves the style from one host and its TileJSON, tiles, glyphs and sprite from a
// second one. Each journey starts its own server pointed at that provider (the shared one draws the offline style).
import type { Page, TestInfo } from "@playwright/test";
import { allowConsoleError, expect, test } from "./fixtures.ts";
import { SERVER_ENV, startAppProcess, type AppProcess } from "./app-process.ts";
import { startFakeTileProvider, type FakeTileProvider } from "../fakes/tile-server.ts";
import { messages } from "#shared/messages.ts";

/** Fixed ports, one block per project, so desktop and phone journeys running side by side never collide. */
function ports(testInfo: TestInfo) {
  const base = testInfo.project.name === "phone" ? 3350 : 3342;
  return { drawnApp: base, brokenApp: base + 1, drawnStyle: base + 2, drawnTiles: base + 3, brokenStyle: base + 4, brokenTiles: base + 5 };
}

/** The production server on a fresh data directory with the demo content, drawing `styleUrl`. */
function startApp(port: number, styleUrl: string, testInfo: TestInfo): Promise<AppProcess> {
  return startAppProcess({
    name: `the server for ${styleUrl}`,
    port,
    dataDir: `/tmp/csp-e2e-${testInfo.project.name}-${port}`,
    env: { ...SERVER_ENV, MAP_STYLE_URL: styleUrl, MAP_EXTRA_ORIGINS: "" },
    ready: { healthz: "localhost" },
    wait: { tries: 300 },
  });
}

/**
 * Collects the requests the page's CSP blocked (Chromium also logs them as console errors, which fail the journey).
 * Only fetches count: zod's feature probe (`Function("")` in a try) reports a harmless blocked eval on every page.
 */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      if (/^https?:/.test(event.blockedURI)) seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

function directive(csp: string, name: string): string[] {
  return csp.match(new RegExp(`(?:^|; )${name} ([^;]*)`))![1]!.split(" ");
}

const map = (page: Page) => page.getByTestId("map");

test.describe("a hosted map style", () => {
  let provider: FakeTileProvider | undefined;
  let app: AppProcess | undefined;

  test.afterEach(async ({ page }) => {
    // The page first: images still loading from a stopped server would fail as console errors.
    await page.close();
    await app?.stop();
    await provider?.close();
    app = undefined;
    provider = undefined;
  });

  test("whose tiles, glyphs and sprite live on another host draws the map, with no CSP violation", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const port = ports(testInfo);
    provider = await startFakeTileProvider({ stylePort: port.drawnStyle, tilePort: port.drawnTiles });
    app = await startApp(port.drawnApp, provider.styleUrl, testInfo);
    const violations = await watchViolations(page);

    const response = await page.goto(`${app.url}/map`);
    expect(response!.status()).toBe(200);
    // The policy the browser received names both of the provider's hosts, read from the style by the server.
    const csp = (await response!.allHeaders())["content-security-policy"]!;
    expect(directive(csp, "connect-src")).toEqual(["'self'", provider.styleOrigin, provider.tileOrigin]);

    await expect(map(page)).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    // The browser (not the server) fetched the vector tiles, the sprite and the glyphs of the cluster counts from the tile host.
    const fromBrowser = (pattern: RegExp) =>
      provider!.requests.filter((r) => r.host === "tiles" && pattern.test(r.path) && !r.userAgent?.startsWith("Niche/")).length;
    await expect.poll(() => fromBrowser(/^\/tiles\/\d+\/\d+\/\d+\.pbf$/)).toBeGreaterThan(0);
    await expect.poll(() => fromBrowser(/^\/sprites\/streets(@2x)?\.(json|png)$/)).toBeGreaterThan(0);
    await expect.poll(() => fromBrowser(/^\/fonts\/[^/]+\/\d+-\d+\.pbf$/)).toBeGreaterThan(0);
    expect(provider.requests.some((r) => r.host === "style" && r.path === "/styles/streets/style.json" && !r.userAgent?.startsWith("Niche/"))).toBe(true);
    await expect(page.getByRole("alert").filter({ hasText: /^Error: / })).toHaveCount(0);
    expect(await violations()).toEqual([]);
  });

  test('whose style answers 500 says "Error: " and what MapLibre reported, and the page still works', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    // The style's failed download is the point of this journey.
    allowConsoleError("the server responded with a status of 500");
    const port = ports(testInfo);
    provider = await startFakeTileProvider({ stylePort: port.brokenStyle, tilePort: port.brokenTiles });
    app = await startApp(port.brokenApp, provider.brokenStyleUrl, testInfo);
    const violations = await watchViolations(page);

    const response = await page.goto(`${app.url}/map`);
    expect(response!.status()).toBe(200);
    // The server could not read the style either, and allows its host alone.
    expect(directive((await response!.allHeaders())["content-security-policy"]!, "connect-src")).toEqual(["'self'", provider.styleOrigin]);

    const alert = page.getByRole("alert").filter({ hasText: /^Error: / });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    const text = (await alert.textContent())!;
    expect(text.startsWith(messages.map.error(""))).toBe(true);
    // MapLibre's report of the failed request: its status and the style's URL.
    expect(text).toContain("Internal Server Error (500)");
    expect(text).toContain(provider.brokenStyleUrl);
    await expect(map(page)).not.toHaveAttribute("data-ready", "true");
    // The request reached the provider: the policy did not block it.
    expect(provider.requests.some((r) => r.path === "/styles/broken/style.json" && !r.userAgent?.startsWith("Niche/"))).toBe(true);
    expect(await violations()).toEqual([]);
    // The rest of the page is there.
    await expect(page.getByRole("heading", { level: 1, name: "Map" })).toBeVisible();
  });
});
