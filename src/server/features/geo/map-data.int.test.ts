import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";
import { createBusiness, createCategory, createTag } from "#server/db/factories.ts";

// A site that has turned directions off; the services take it from the configuration, as the real server does.
const t = setUpTestApp({ env: { ROUTER_URL: "off", MAP_STYLE_URL: "offline" } });

interface Feature {
  type: string;
  id: string;
  geometry: { type: string; coordinates: [number, number] };
  properties: Record<string, unknown>;
}

describe("GET /api/v1/geo/businesses", () => {
  it("answers every business as a GeoJSON point, longitude first, with what the map and its list show", async () => {
    const food = await createCategory(t.database.db, { name: "Json Food", color: "#aa0000" });
    const patio = await createTag(t.database.db, { name: "Json Patio" });
    const cafe = await createBusiness(t.database.db, {
      name: "Json Cafe",
      description: "Espresso & cake",
      address: "1 Json Street",
      categoryId: food.id,
      lat: 43.1012,
      lng: -79.0731,
      tagIds: [patio.id],
      // Stored in any order, with one no longer listed: the map has those listed, in the list's order.
      attributes: JSON.stringify(["patio", "retired-attribute", "step-free-entrance"]),
    });
    const shop = await createBusiness(t.database.db, { name: "Json Shop", categoryId: null, lat: 43.2, lng: -79.1 });

    const response = await t.request("/api/v1/geo/businesses");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    const body = (await response.json()) as { type: string; features: Feature[] };
    expect(body.type).toBe("FeatureCollection");
    expect(body.features.find((f) => f.id === cafe.id)).toEqual({
      type: "Feature",
      id: cafe.id,
      geometry: { type: "Point", coordinates: [-79.0731, 43.1012] },
      properties: {
        name: "Json Cafe",
        description: "Espresso & cake",
        address: "1 Json Street",
        attributes: ["step-free-entrance", "patio"],
        logoUrl: null,
        categoryId: food.id,
        tagIds: [patio.id],
        openNow: null,
      },
    });
    expect(body.features.find((f) => f.id === shop.id)?.properties).toMatchObject({ categoryId: null, tagIds: [], attributes: [] });
    // Open or closed now, in the site's time zone, for businesses whose hours are given.
    const always = await createBusiness(t.database.db, { name: "Json Night Owl", lat: 43.2, lng: -79.1, openingHours: JSON.stringify({ week: { mo: [{ open: "00:00", close: "24:00" }], tu: [{ open: "00:00", close: "24:00" }], we: [{ open: "00:00", close: "24:00" }], th: [{ open: "00:00", close: "24:00" }], fr: [{ open: "00:00", close: "24:00" }], sa: [{ open: "00:00", close: "24:00" }], su: [{ open: "00:00", close: "24:00" }] } }) });
    const never = await createBusiness(t.database.db, { name: "Json Shut", lat: 43.2, lng: -79.1, openingHours: JSON.stringify({ week: { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] } }) });
    const features = ((await (await t.request("/api/v1/geo/businesses")).json()) as { features: Feature[] }).features;
    expect(features.find((f) => f.id === always.id)?.properties).toMatchObject({ openNow: true });
    expect(features.find((f) => f.id === never.id)?.properties).toMatchObject({ openNow: false });
  });

  it("answers 304 to a client holding the current ETag, and the new list once a business changes", async () => {
    const first = await t.request("/api/v1/geo/businesses");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // Kept on the server for visitors who are not signed in, like the other public reads (whether each is open is
    // worked out again after a minute), but browsers check it is current every time (never the public reads' stale
    // use): the map shows what the server has.
    expect(first.headers.get("cache-control")).toBe("no-cache");

    const again = await t.request("/api/v1/geo/businesses", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const added = await createBusiness(t.database.db, { name: "Json Newcomer", lat: 43.15, lng: -79.05 });
    const changed = await t.request("/api/v1/geo/businesses", { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(((await changed.json()) as { features: Feature[] }).features.map((f) => f.id)).toContain(added.id);
  });

  it("is compressed for browsers that accept gzip", async () => {
    const response = await t.request("/api/v1/geo/businesses", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const body = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8")) as { type: string };
    expect(body.type).toBe("FeatureCollection");
  });
});

describe("directions turned off (ROUTER_URL=off)", () => {
  it("refuses routes with 503 and a clear message, and the map config says directions are off", async () => {
    const response = await t.request("/api/v1/geo/route?from=43.1,-79.07&to=43.106651,-79.066782");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: "unavailable", message: "Directions are turned off on this site." } });

    const config = await t.request("/api/v1/geo/map-config");
    expect(((await config.json()) as { directions: boolean }).directions).toBe(false);
  });
});
