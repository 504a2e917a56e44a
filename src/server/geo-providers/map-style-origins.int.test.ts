// Someone else's map style (MAP_STYLE_URL=https://...) under our Content-Security-Policy: the server reads the
// style and its TileJSON from a local stand-in of a hosted provider, and the CSP every response carries allows
// the hosts the browser will fetch from. A provider that cannot be read never breaks a page.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "#tests/setup/app.ts";
import { fakeProviderStyle, startFakeTileProvider, type FakeTileProvider } from "#tests/fakes/tile-server.ts";
import { mapStyleConfig } from "./map-style-config.ts";
import { MapStyleOrigins } from "./map-style-origins.ts";

let provider: FakeTileProvider;

beforeAll(async () => {
  provider = await startFakeTileProvider();
});
afterAll(async () => {
  await provider.close();
});

afterEach(() => {
  provider.setStyle(fakeProviderStyle(provider.tileOrigin));
});

/** A test app configured with MAP_STYLE_URL (and MAP_EXTRA_ORIGINS), as the server reads them from its environment. */
async function appWithStyle(url: string, extraOrigins?: string) {
  return createTestApp({ env: { MAP_STYLE_URL: url, ...(extraOrigins ? { MAP_EXTRA_ORIGINS: extraOrigins } : {}) } });
}

function directive(csp: string, name: string): string[] {
  return csp.match(new RegExp(`(?:^|; )${name} ([^;]*)`))![1]!.split(" ");
}

const styleRequests = (path: string) => provider.requests.filter((r) => r.host === "style" && r.path === path);

function warnings() {
  const warned: { fields: Record<string, unknown>; message: string }[] = [];
  return { warned, logger: { warn: (fields: Record<string, unknown>, message: string) => warned.push({ fields, message }) } as never };
}

describe("a hosted style's hosts in the Content-Security-Policy", () => {
  it("allows the style host and the host of its TileJSON, tiles, glyphs and sprite, reading the style once", async () => {
    const before = styleRequests("/styles/streets/style.json").length;
    const t = await appWithStyle(provider.styleUrl);
    try {
      // (The API's JSON has a policy of its own, under which nothing loads.)
      for (const path of ["/healthz", "/api/v1/docs", "/no-such-page"]) {
        const csp = (await t.request(path)).headers.get("content-security-policy")!;
        expect(directive(csp, "connect-src")).toEqual(["'self'", provider.styleOrigin, provider.tileOrigin]);
        expect(directive(csp, "img-src")).toEqual(expect.arrayContaining([provider.styleOrigin, provider.tileOrigin]));
        // The rest of the policy is untouched.
        expect(directive(csp, "script-src")[0]).toBe("'self'");
        expect(csp).toContain("object-src 'none'");
      }
      // Read once, with a User-Agent naming the site, however many responses carried the policy.
      const reads = styleRequests("/styles/streets/style.json").slice(before);
      expect(reads).toHaveLength(1);
      expect(reads[0]!.userAgent).toMatch(/^Niche\/\S+ \(\+http/);
      expect(provider.requests.some((r) => r.host === "tiles" && r.path === "/tiles.json")).toBe(true);
    } finally {
      await t.close();
    }
  });

  it("adds MAP_EXTRA_ORIGINS to what reading the style finds", async () => {
    const t = await appWithStyle(provider.styleUrl, "https://fonts.example.org, https://*.cdn.example.org");
    try {
      const csp = (await t.request("/healthz")).headers.get("content-security-policy")!;
      expect(directive(csp, "connect-src")).toEqual([
        "'self'",
        provider.styleOrigin,
        provider.tileOrigin,
        "https://fonts.example.org",
        "https://*.cdn.example.org",
      ]);
    } finally {
      await t.close();
    }
  });

  it("keeps pages working with the style host alone when the style answers 500", async () => {
    const t = await appWithStyle(provider.brokenStyleUrl);
    try {
      const response = await t.request("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok", database: "ok" });
      const csp = response.headers.get("content-security-policy")!;
      expect(directive(csp, "connect-src")).toEqual(["'self'", provider.styleOrigin]);
    } finally {
      await t.close();
    }
  });

  it("keeps the default and offline styles' policies as they were", async () => {
    const offline = await appWithStyle("offline");
    try {
      expect((await offline.request("/healthz")).headers.get("content-security-policy")).toMatch(/connect-src 'self'(;|$)/);
    } finally {
      await offline.close();
    }
    const byDefault = await createTestApp();
    try {
      const csp = (await byDefault.request("/healthz")).headers.get("content-security-policy")!;
      expect(directive(csp, "connect-src")).toEqual(["'self'", "https://tiles.openfreemap.org"]);
    } finally {
      await byDefault.close();
    }
  });
});

describe("reading a style's hosts", () => {
  it("follows a TileJSON document to the host of its tiles", async () => {
    provider.setStyle({
      version: 8,
      sources: { streets: { type: "vector", url: provider.styleHostTileJsonUrl } },
      layers: [],
    });
    const origins = new MapStyleOrigins({ config: mapStyleConfig(provider.styleUrl) });
    // The tile host is named only inside the TileJSON the style host serves.
    expect(await origins.origins()).toEqual([provider.styleOrigin, provider.tileOrigin]);
  });

  it("picks up a changed style on a later refresh, and keeps the last good hosts when the style cannot be read", async () => {
    const { warned, logger } = warnings();
    const origins = new MapStyleOrigins({ config: mapStyleConfig(provider.styleUrl), refreshMs: 0, retryMs: 0 });
    expect(await origins.origins(logger)).toEqual([provider.styleOrigin, provider.tileOrigin]);

    provider.setStyle({ ...fakeProviderStyle(provider.tileOrigin), glyphs: "https://glyphs.example.org/{fontstack}/{range}.pbf" });
    // Requests keep getting the cached answer while the refresh runs in the background.
    await vi.waitFor(async () => expect(await origins.origins(logger)).toContain("https://glyphs.example.org"));

    provider.setStyle(null);
    const readsBefore = styleRequests("/styles/streets/style.json").length;
    await vi.waitFor(() => expect(warned.length).toBeGreaterThan(0));
    expect(styleRequests("/styles/streets/style.json").length).toBeGreaterThan(readsBefore);
    expect(await origins.origins(logger)).toEqual([provider.styleOrigin, provider.tileOrigin, "https://glyphs.example.org"]);
    expect(warned[0]!.message).toContain("could not read the map style's hosts");
    expect(String(warned[0]!.fields.failures)).toContain("HTTP 500");
  });

  it("gives up on a provider that does not answer within the timeout, allowing the style host", async () => {
    const { warned, logger } = warnings();
    const origins = new MapStyleOrigins({ config: mapStyleConfig(provider.hangingStyleUrl), timeoutMs: 300 });
    const started = Date.now();
    expect(await origins.origins(logger)).toEqual([provider.styleOrigin]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(String(warned[0]!.fields.failures)).toContain("timed out");
  });

  it("keeps what it found when one TileJSON cannot be read, and leaves API keys out of the log", async () => {
    provider.setStyle({
      ...fakeProviderStyle(provider.tileOrigin),
      sources: { missing: { type: "raster", url: `${provider.styleOrigin}/missing.json?key=secret` } },
    });
    const { warned, logger } = warnings();
    const origins = new MapStyleOrigins({ config: mapStyleConfig(`${provider.styleUrl}?key=secret`) });
    expect(await origins.origins(logger)).toEqual([provider.styleOrigin, provider.tileOrigin]);
    expect(JSON.stringify(warned)).toContain("/missing.json: HTTP 404");
    expect(JSON.stringify(warned)).not.toContain("secret");
  });

  it("falls back to the style host when nothing listens there", async () => {
    const { warned, logger } = warnings();
    const origins = new MapStyleOrigins({ config: mapStyleConfig("http://127.0.0.1:9/style.json") });
    expect(await origins.origins(logger)).toEqual(["http://127.0.0.1:9"]);
    expect(String(warned[0]!.fields.failures)).toContain("fetch failed");
  });
});
