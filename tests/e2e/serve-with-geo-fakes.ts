// Starts the end-to-end server with local stand-ins for the geocoder and router, so no journey reaches the
// public services: the fakes listen on free ports and the server is pointed at them before it starts.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startFakeGeoServer } from "../fakes/geo-servers.ts";

const fake = await startFakeGeoServer();
process.env.GEOCODER_URL = fake.url;
// A server started with ROUTER_URL=off keeps directions off.
if (process.env.ROUTER_URL !== "off") process.env.ROUTER_URL = fake.url;
process.env.MAP_STYLE_URL ??= "offline";

// A start that takes far longer than usual says on stderr (which the test runner shows) what it is waiting on.
const started = Date.now();
const watchdog = setInterval(() => {
  console.error(
    `the server on port ${process.env.PORT} is still starting after ${Math.round((Date.now() - started) / 1000)} s; ` +
      `pending: ${process.getActiveResourcesInfo().join(", ")}`,
  );
}, 20_000);
watchdog.unref();
// The built server, as `npm start` runs it.
await import(pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "node/server/index.js")).href);
clearInterval(watchdog);
