// Starts the production server: `npm start` (after `npm run build`).
import path from "node:path";
import { pathToFileURL } from "node:url";
import dotenv from "dotenv";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createApp, type RenderPage } from "./app.ts";
import { listen } from "./http/listen.ts";
import { pageRoutePatterns } from "./metrics/page-routes.ts";
import { ConfigError, parseEnv, publicUrl } from "./env.ts";
import { openRuntime, prepareDatabase } from "./runtime.ts";
import type { AppContextKey } from "./load-context.ts";
import { SETUP_PATH } from "#server/features/setup/index.ts";

dotenv.config({ quiet: true });

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

const runtime = await openRuntime(env);
const { logger } = runtime;
await prepareDatabase(runtime);

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

const app = createApp({
  ...runtime,
  pageRoute: pageRoutePatterns(build.routes),
  renderPage,
  clientDir: path.relative(process.cwd(), path.join(buildDir, "client")),
  https: publicUrl(env).startsWith("https://"),
});

// While the site has no administrator, each start logs a fresh one-time link that creates the first one.
const setupToken = await runtime.services.setup.issueToken();
const server = listen(app, { port: env.PORT, hostname: env.HOST }, (info) => {
  const address = publicUrl(env);
  logger.info({ port: info.port, url: address }, `Niche is ready: open ${address}`);
  if (setupToken) {
    const setupUrl = `${address}${SETUP_PATH}?token=${setupToken}`;
    logger.warn({ setupUrl }, `The site has no administrator yet. Create the first one within an hour at ${setupUrl} (or with npm run user:create)`);
  }
});

function shutdown(signal: string) {
  logger.info({ signal }, "shutting down");
  server.close(() => {
    void runtime.close().then(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
