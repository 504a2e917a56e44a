// The geocoder and router of a test file's app, a local fake that records what it is asked.
import { afterAll, beforeAll } from "vitest";
import { startFakeGeoServer, type FakeGeoServer } from "../fakes/geo-servers.ts";
import { setUpTestApp, type TestApp } from "./app.ts";

/**
 * The file's app (see `setUpTestApp`) with its providers taken from the configuration, as the real server takes them:
 * the geocoder and router a local fake started before it and closed after it, the map style offline.
 */
export function setUpAppWithFakeGeo(): { t: TestApp; fake: FakeGeoServer } {
  const fake = {} as FakeGeoServer;
  beforeAll(async () => {
    Object.assign(fake, await startFakeGeoServer());
  });
  afterAll(() => fake.close?.());
  const t = setUpTestApp(() => ({ env: { GEOCODER_URL: fake.url, ROUTER_URL: fake.url, MAP_STYLE_URL: "offline" } }));
  return { t, fake };
}
