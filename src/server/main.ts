// The production server, loaded by index.ts once tracing (if asked for) is in place.
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createApp, type Readiness, type RenderPage } from "./app.ts";
import { listen } from "./http/listen.ts";
import { pageRoutePatterns } from "./metrics/page-routes.ts";
import { ConfigError, parseEnv, publicUrl } from "./env.ts";
import { openRuntime, prepareDatabase, startJobs } from "./runtime.ts";
import type { AppContextKey } from "./load-context.ts";
import { SETUP_PATH } from "#server/features/setup/index.ts";

let env;
try {
  env = parseEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Loaded already by index.ts when tracing is on; nothing of OpenTelemetry is loaded otherwise.
const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT ? await import("./telemetry/tracing.ts") : undefined;

const runtime = await openRuntime(env);
const { logger } = runtime;
await prepareDatabase(runtime);
startJobs(runtime);

const buildDir = path.resolve(env.BUILD_DIR);
let build: ServerBuild;
try {
  build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
} catch (error) {
  logger.fatal({ err: error }, "the app is not built: run `npm run build` first");
  process.exit(1);
}

const handler = createRequestHandler(build, env.NODE_ENV === "development" ? "development" : "production");
const contextKey = (build.entry.module as unknown as { appContext: AppContextKey }).appContext;
const renderPage: RenderPage = (request, context) => {
  const provider = new RouterContextProvider();
  provider.set(contextKey, context);
  return handler(request, provider);
};

/** Starting until the map's index of every business is built (or its build failed), stopping once a stop begins. */
let readiness: Readiness = "starting";
const app = createApp({
  ...runtime,
  readiness: () => readiness,
  pageRoute: pageRoutePatterns(build.routes),
  renderPage,
  clientDir: path.relative(process.cwd(), path.join(buildDir, "client")),
  https: publicUrl(env).startsWith("https://"),
  traceRoute: tracing?.traceRoute,
});

// While the site has no administrator, each start logs a fresh one-time link that creates the first one.
const setupToken = await runtime.services.setup.issueToken();
const server = listen(app, { port: env.PORT, hostname: env.HOST }, (info) => {
  const address = publicUrl(env);
  logger.info({ port: info.port, url: address }, `Niche is ready: open ${address}`);
  // The map's index of every business, made before the first map view asks for it (decision 0046).
  runtime.services.mapClusters
    .warm()
    .catch((error: unknown) => logger.warn({ err: error }, "building the map's index failed"))
    .finally(() => {
      if (readiness === "starting") readiness = "ready";
    });
  if (setupToken) {
    const setupUrl = `${address}${SETUP_PATH}?token=${setupToken}`;
    logger.warn({ setupUrl }, `The site has no administrator yet. Create the first one within an hour at ${setupUrl} (or with npm run user:create)`);
  }
});

/** Requests in flight when a stop begins get this long to finish; their connections are then closed. */
const REQUEST_GRACE_MS = 10_000;
/** Past this a stop that hangs (a job that will not stop, a database that does not answer) is ended by force. */
const STOP_LIMIT_MS = 30_000;
let stopping = false;

// Once stopping, each response closes its connection, so that a keep-alive client (or proxy) opens its next one to
// another instance instead of sending it here.
server.prependListener("request", (_request: IncomingMessage, response: ServerResponse) => {
  if (stopping) response.setHeader("Connection", "close");
});

/**
 * Stops taking connections, lets the requests in flight finish (at most REQUEST_GRACE_MS), then the running jobs
 * (runtime.close), and exits 0: a rolling restart loses no request.
 */
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  readiness = "stopping";
  logger.info({ signal }, "shutting down");
  setTimeout(() => {
    logger.error("shutdown did not finish in time");
    process.exit(1);
  }, STOP_LIMIT_MS).unref();
  // Idle keep-alive connections are closed as soon as they are idle, not when they would time out.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const force = setTimeout(() => server.closeAllConnections(), REQUEST_GRACE_MS);
  server.close(() => {
    clearInterval(idle);
    clearTimeout(force);
    Promise.all([runtime.close(), tracing?.stopTracing()]).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
