import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { mapStyleConfig } from "./map-style-config.ts";
import { MapStyleOrigins, originOf, styleReferences, tileJsonOrigins } from "./map-style-origins.ts";

describe("what a style points the browser at", () => {
  it("collects sprites (one or several), glyphs, TileJSON, tile templates and GeoJSON, image and video URLs", () => {
    const refs = styleReferences({
      version: 8,
      sprite: [
        { id: "default", url: "https://sprites.example.org/streets" },
        { id: "shields", url: "https://shields.example.org/sprite" },
      ],
      glyphs: "https://fonts.example.org/{fontstack}/{range}.pbf",
      sources: {
        vector: { type: "vector", url: "https://api.example.org/tiles/v3/tiles.json?key=abc" },
        raster: { type: "raster", tiles: ["https://a.raster.example.org/{z}/{x}/{y}.png", "https://b.raster.example.org/{z}/{x}/{y}.png"] },
        dem: { type: "raster-dem", url: "https://dem.example.org/terrain.json" },
        points: { type: "geojson", data: "https://data.example.org/points.geojson" },
        inline: { type: "geojson", data: { type: "FeatureCollection", features: [] } },
        picture: { type: "image", url: "https://images.example.org/overlay.png", coordinates: [] },
        film: { type: "video", urls: ["https://video.example.org/a.mp4"], coordinates: [] },
      },
      layers: [],
    });
    expect(refs.origins.sort()).toEqual(
      [
        "https://sprites.example.org",
        "https://shields.example.org",
        "https://fonts.example.org",
        "https://api.example.org",
        "https://a.raster.example.org",
        "https://b.raster.example.org",
        "https://dem.example.org",
        "https://data.example.org",
        "https://images.example.org",
        "https://video.example.org",
      ].sort(),
    );
    // Image sources' url is the image itself, not a TileJSON document.
    expect(refs.tileJsonUrls).toEqual(["https://api.example.org/tiles/v3/tiles.json?key=abc", "https://dem.example.org/terrain.json"]);
  });

  it("reads a single sprite URL, and the tile hosts of a TileJSON document", () => {
    expect(styleReferences({ sprite: "https://cdn.example.org/sprite", sources: {} }).origins).toEqual(["https://cdn.example.org"]);
    expect(tileJsonOrigins({ tiles: ["https://t1.example.org/{z}/{x}/{y}.pbf", "https://t2.example.org:8443/{z}/{x}/{y}.pbf"] })).toEqual([
      "https://t1.example.org",
      "https://t2.example.org:8443",
    ]);
    expect(tileJsonOrigins("not tilejson")).toEqual([]);
  });

  it("unwraps pmtiles:// (read without TileJSON) and leaves out what MapLibre cannot fetch or fetches from our own origin", () => {
    const refs = styleReferences({
      sprite: "/sprites/local",
      glyphs: "mapbox://fonts/mapbox/{fontstack}/{range}.pbf",
      sources: {
        archive: { type: "vector", url: "pmtiles://https://files.example.org/city.pmtiles" },
        mapbox: { type: "vector", url: "mapbox://mapbox.mapbox-streets-v8" },
        sharded: { type: "raster", tiles: ["https://{s}.tile.example.org/{z}/{x}/{y}.png"] },
      },
    });
    expect(refs).toEqual({ origins: ["https://files.example.org"], tileJsonUrls: [] });
    expect(originOf("HTTP://Tiles.Example.org:80/x")).toBe("http://tiles.example.org");
    expect(originOf(42)).toBeNull();
    expect(styleReferences(null)).toEqual({ origins: [], tileJsonUrls: [] });
  });
});

describe("MAP_EXTRA_ORIGINS", () => {
  it("takes comma-separated origins, wildcard subdomains included", () => {
    expect(parseEnv({}).MAP_EXTRA_ORIGINS).toEqual([]);
    expect(parseEnv({ MAP_EXTRA_ORIGINS: " https://Fonts.example.org/, http://127.0.0.1:8080,https://*.tiles.example.org ," }).MAP_EXTRA_ORIGINS).toEqual([
      "https://fonts.example.org",
      "http://127.0.0.1:8080",
      "https://*.tiles.example.org",
    ]);
  });

  it("refuses anything that is not an origin, naming the variable", () => {
    for (const value of ["tiles.example.org", "https://tiles.example.org/path", "ftp://tiles.example.org", "https://a.example.org,nope"]) {
      expect(() => parseEnv({ MAP_EXTRA_ORIGINS: value }), value).toThrow(/MAP_EXTRA_ORIGINS.*expected comma-separated origins/);
    }
  });

  it("adds to the hosts of every style, and our own styles need no reading", async () => {
    const extra = ["https://fonts.example.org"];
    expect(await new MapStyleOrigins({ config: mapStyleConfig(undefined), extraOrigins: extra }).origins()).toEqual([
      "https://tiles.openfreemap.org",
      "https://fonts.example.org",
    ]);
    expect(await new MapStyleOrigins({ config: mapStyleConfig("offline") }).origins()).toEqual([]);
  });
});
