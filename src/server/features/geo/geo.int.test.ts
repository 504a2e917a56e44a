import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory, createTag } from "#server/db/factories.ts";
import { NO_ROUTE_ORIGIN } from "#tests/fakes/geo-servers.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { setUpAppWithFakeGeo } from "#tests/setup/geo.ts";
import { GoogleGeocoder, GoogleRouter } from "#server/geo-providers/google.ts";
import { GeoRepository } from "./geo.repository.ts";
import { GeoService } from "./geo.service.ts";

const { t, fake } = setUpAppWithFakeGeo();
let admin: string;
beforeAll(async () => {
  admin = (await t.signIn("admin")).cookie;
});

const requestsTo = (prefix: string) => fake.requests.filter((r) => r.path.startsWith(prefix));

describe("GET /api/v1/geo/geocode", () => {
  it("is for administrators only", async () => {
    expect((await t.request("/api/v1/geo/geocode?address=1%20Queen%20St")).status).toBe(401);
    const user = (await t.signIn("user")).cookie;
    expect((await t.request("/api/v1/geo/geocode?address=1%20Queen%20St", { cookie: user })).status).toBe(403);
    const business = (await t.signIn("business")).cookie;
    expect((await t.request("/api/v1/geo/geocode?address=1%20Queen%20St", { cookie: business })).status).toBe(403);
  });

  it("answers the first match's coordinates, with a real User-Agent, and caches the answer", async () => {
    const before = requestsTo("/search").length;
    const response = await t.request("/api/v1/geo/geocode?address=4421%20Queen%20St", { cookie: admin });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.lat).toBeGreaterThan(43);
    expect(body.lng).toBeLessThan(-79);
    expect(body.displayName).toContain("4421 Queen St");
    const upstream = requestsTo("/search");
    expect(upstream).toHaveLength(before + 1);
    expect(upstream.at(-1)!.userAgent).toMatch(/^Niche\/\S+ \(\+http/);
    expect(upstream.at(-1)!.path).toContain("format=jsonv2");

    // Same address, other spacing and case: served from the database cache.
    const again = await t.request("/api/v1/geo/geocode?address=4421%20%20queen%20st", { cookie: admin });
    expect(await again.json()).toEqual(body);
    expect(requestsTo("/search")).toHaveLength(before + 1);
  });

  it("sends at most one request a second to the geocoder", async () => {
    await t.request("/api/v1/geo/geocode?address=1%20Ferry%20St", { cookie: admin });
    await t.request("/api/v1/geo/geocode?address=2%20Ferry%20St", { cookie: admin });
    const [a, b] = requestsTo("/search").slice(-2);
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(990);
  });

  it('says "Could not find location." for an unknown place, "Failed to geocode address." when the geocoder is down', async () => {
    const missing = await t.request("/api/v1/geo/geocode?address=Nowhere%20Lane", { cookie: admin });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe("Could not find location.");
    const down = await t.request("/api/v1/geo/geocode?address=upstream-down", { cookie: admin });
    expect(down.status).toBe(502);
    expect((await down.json()).error.message).toBe("Failed to geocode address.");
    const empty = await t.request("/api/v1/geo/geocode?address=%20", { cookie: admin });
    expect(empty.status).toBe(400);
  });
});

describe("GET /api/v1/geo/route", () => {
  it("answers a driving route as a GeoJSON line from the router", async () => {
    const response = await t.request("/api/v1/geo/route?from=43.1,-79.07&to=43.106651,-79.066782");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("OK");
    expect(body.distanceMeters).toBe(1234.5);
    expect(body.geometry.type).toBe("LineString");
    expect(body.geometry.coordinates[0]).toEqual([-79.07, 43.1]);
    expect(body.geometry.coordinates.at(-1)).toEqual([-79.066782, 43.106651]);
    expect(requestsTo("/route/v1/driving/-79.07,43.1;-79.066782,43.106651")).toHaveLength(1);
  });

  it("passes the router's status on when there is no route", async () => {
    const response = await t.request(`/api/v1/geo/route?from=${NO_ROUTE_ORIGIN.lat},${NO_ROUTE_ORIGIN.lng}&to=43.1,-79.06`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "NoRoute" });
  });

  it("refuses coordinates that are not latitude,longitude", async () => {
    for (const query of ["from=abc&to=43,-79", "from=95,10&to=43,-79", "from=43,-79", "from=43,-79&to=43,-200"]) {
      const response = await t.request(`/api/v1/geo/route?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it("limits each client to 30 routes a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await t.request("/api/v1/geo/route?from=43.2,-79.1&to=43.3,-79.2")).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await t.request("/api/v1/geo/route?from=43.2,-79.1&to=43.3,-79.2");
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.message).toBe("Too many directions requests. Please wait a minute and try again.");
  });
});

describe("Google providers", () => {
  it("geocode and route through Google's answer formats when configured with a key", async () => {
    const geo = new GeoService({
      repository: new GeoRepository(t.database.db),
      geocoder: new GoogleGeocoder({ apiKey: "test-key", baseUrl: fake.url }),
      router: new GoogleRouter({ apiKey: "test-key", baseUrl: fake.url }),
      mapStyle: { kind: "offline" },
      trustProxy: false,
      limits: { geocodeSpacingMs: 0 },
    });
    const adminUser = { id: "a", email: "a@example.com", displayName: "A", photoURL: null, role: "admin" as const, emailVerified: true };
    const place = await geo.geocode(adminUser, "1 Clifton Hill");
    expect(place.displayName).toBe("1 Clifton Hill, Canada");
    expect(requestsTo("/maps/api/geocode/json").at(-1)!.path).toContain("key=test-key");
    await expect(geo.geocode(adminUser, "Nowhere Road")).rejects.toThrow("Could not find location.");

    const route = await geo.route("client-a", { lat: 43.1, lng: -79.07 }, { lat: 43.11, lng: -79.06 });
    expect(route.status).toBe("OK");
    expect(route.route!.coordinates).toEqual([[-79.07, 43.1], [-79.06, 43.1], [-79.06, 43.11]]);
    expect(requestsTo("/maps/api/directions/json").at(-1)!.path).toContain("mode=driving");
    expect(await geo.route("client-a", NO_ROUTE_ORIGIN, { lat: 43.11, lng: -79.06 })).toEqual({ status: "ZERO_RESULTS" });
  });
});

describe("map data", () => {
  it("reads businesses with coordinates and tag ids, categories with counts, and tags", async () => {
    const food = await createCategory(t.database.db, { name: "Geo Food", color: "#ff0000" });
    await createCategory(t.database.db, { name: "Geo Empty", color: "#00ff00" });
    const patio = await createTag(t.database.db, { name: "Geo Patio" });
    const cafe = await createBusiness(t.database.db, { name: "Geo Cafe", categoryId: food.id, lat: 43.1, lng: -79.07, tagIds: [patio.id] });
    await createBusiness(t.database.db, { name: "Geo Diner", categoryId: food.id, lat: 43.2, lng: -79.08 });
    await createBusiness(t.database.db, { name: "Geo Shop", categoryId: null, lat: 43.3, lng: -79.09 });

    const businesses = await t.services.mapData.businesses();
    expect(businesses.find((b) => b.id === cafe.id)).toMatchObject({ name: "Geo Cafe", lat: 43.1, lng: -79.07, categoryId: food.id, tagIds: [patio.id] });
    expect(businesses.find((b) => b.name === "Geo Shop")).toMatchObject({ categoryId: null, tagIds: [] });
    const names = businesses.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const categories = await t.services.mapData.categories();
    expect(categories.find((c) => c.name === "Geo Food")).toMatchObject({ color: "#ff0000", count: 2 });
    expect(categories.find((c) => c.name === "Geo Empty")).toMatchObject({ count: 0 });
    expect(await t.services.mapData.tags()).toContainEqual({ id: patio.id, name: "Geo Patio" });
  });
});

describe("content security policy", () => {
  it("allows the map provider's host only when the style is not offline", async () => {
    const offline = (await t.request("/healthz")).headers.get("content-security-policy")!;
    expect(offline).toMatch(/connect-src 'self'(;|$)/);
    const other = await createTestApp({ env: { MAP_STYLE_URL: "https://tiles.example.org/styles/muted.json" } });
    try {
      const csp = (await other.request("/healthz")).headers.get("content-security-policy")!;
      expect(csp).toContain("connect-src 'self' https://tiles.example.org");
      expect(csp.match(/img-src ([^;]*)/)![1]!.split(" ")).toContain("https://tiles.example.org");
    } finally {
      await other.close();
    }
  });
});
