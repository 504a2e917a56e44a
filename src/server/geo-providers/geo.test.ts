import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { geoSetupFromEnv } from "./geo-config.ts";
import { decodePolyline } from "./google.ts";
import { encodePolyline } from "#tests/fakes/geo-servers.ts";
import { mapStyleConfig, mapStyleOrigins, OPENFREEMAP } from "./map-style-config.ts";

describe("map style configuration", () => {
  it("defaults to our muted style over OpenFreeMap's keyless tiles, with its attribution", () => {
    const config = mapStyleConfig(undefined);
    expect(config).toEqual({ kind: "vector", tilesUrl: OPENFREEMAP.tilesUrl, glyphsUrl: OPENFREEMAP.glyphsUrl, attribution: OPENFREEMAP.attribution });
    expect(OPENFREEMAP.attribution).toContain("OpenFreeMap");
    expect(OPENFREEMAP.attribution).toContain("OpenStreetMap");
    expect(mapStyleOrigins(config)).toEqual(["https://tiles.openfreemap.org"]);
  });

  it("offline needs no outside host", () => {
    expect(mapStyleConfig("offline")).toEqual({ kind: "offline" });
    expect(mapStyleOrigins(mapStyleConfig("offline"))).toEqual([]);
  });

  it("another style URL or a PMTiles archive allows its own host", () => {
    expect(mapStyleOrigins(mapStyleConfig("https://api.maptiler.com/maps/streets/style.json?key=abc"))).toEqual(["https://api.maptiler.com"]);
    const pmtiles = mapStyleConfig("pmtiles://https://files.example.org/city.pmtiles");
    expect(pmtiles.kind).toBe("vector");
    expect(mapStyleOrigins(pmtiles)).toEqual(["https://files.example.org"]);
  });

  it("refuses a style value that is neither offline nor a URL, naming the variable", () => {
    expect(() => parseEnv({ MAP_STYLE_URL: "streets" })).toThrow(/MAP_STYLE_URL: expected offline/);
    expect(() => parseEnv({ ROUTER_URL: "not a url" })).toThrow(/ROUTER_URL/);
  });
});

describe("providers", () => {
  it("uses Nominatim and OSRM by default and Google when a key is set", () => {
    const open = geoSetupFromEnv(parseEnv({}));
    expect([open.geocoder.name, open.router?.name]).toEqual(["nominatim", "osrm"]);
    const google = geoSetupFromEnv(parseEnv({ GOOGLE_MAPS_API_KEY: "k" }));
    expect([google.geocoder.name, google.router?.name]).toEqual(["google", "google"]);
  });

  it("turns directions off with ROUTER_URL=off, unless Google's key is set", () => {
    expect(geoSetupFromEnv(parseEnv({ ROUTER_URL: "off" })).router).toBeNull();
    expect(geoSetupFromEnv(parseEnv({ ROUTER_URL: "off", GOOGLE_MAPS_API_KEY: "k" })).router?.name).toBe("google");
  });

  it("decodes Google's encoded polylines", () => {
    // The example from Google's polyline algorithm documentation.
    expect(decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ]);
    const line: [number, number][] = [[-79.06678, 43.10665], [-79.0612, 43.1101]];
    expect(decodePolyline(encodePolyline(line))).toEqual(line);
  });
});
