// Builds the geo providers from configuration: open providers by default, Google's when a key is set.
import { publicUrl, type Env } from "../env.ts";
import { GoogleGeocoder, GoogleRouter } from "./google.ts";
import type { Geocoder, Router } from "./geo-types.ts";
import type { MapStyleConfig } from "#shared/map.ts";
import { mapStyleConfig } from "./map-style-config.ts";
import { MapStyleOrigins } from "./map-style-origins.ts";
import { NominatimGeocoder } from "./nominatim.ts";
import { OsrmRouter } from "./osrm.ts";

export interface GeoSetup {
  geocoder: Geocoder;
  /** Null when directions are turned off (ROUTER_URL=off and no Google key): no position leaves the site. */
  router: Router | null;
  mapStyle: MapStyleConfig;
  /** The hosts the map style fetches from, for the Content-Security-Policy. */
  mapOrigins: MapStyleOrigins;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
}

/** Nominatim's usage policy asks for a User-Agent that identifies the application and the site using it. */
export function userAgent(siteUrl: string): string {
  return `Niche/0.1 (+${siteUrl})`;
}

export function geoSetupFromEnv(env: Env): GeoSetup {
  const key = env.GOOGLE_MAPS_API_KEY;
  const USER_AGENT = userAgent(publicUrl(env));
  return {
    geocoder: key ? new GoogleGeocoder({ apiKey: key }) : new NominatimGeocoder({ baseUrl: env.GEOCODER_URL, userAgent: USER_AGENT }),
    router: key
      ? new GoogleRouter({ apiKey: key })
      : env.ROUTER_URL === "off"
        ? null
        : new OsrmRouter({ baseUrl: env.ROUTER_URL, userAgent: USER_AGENT }),
    mapStyle: mapStyleConfig(env.MAP_STYLE_URL),
    mapOrigins: new MapStyleOrigins({ config: mapStyleConfig(env.MAP_STYLE_URL), extraOrigins: env.MAP_EXTRA_ORIGINS, userAgent: USER_AGENT }),
    trustProxy: env.TRUST_PROXY,
  };
}
