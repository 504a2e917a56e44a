// Starts the production server: `npm start` (after `npm run build`).
import path from "node:path";
import { pathToFileURL } from "node:url";
import dotenv from "dotenv";
import { serve } from "@hono/node-server";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createApp, type RenderPage } from "./app.ts";
import { ConfigError, parseEnv, publicUrl } from "./env.ts";
import { openRuntime, prepareDatabase } from "./runtime.ts";
import type { AppContextKey } from "./load-context.ts";

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
  renderPage,
  clientDir: path.relative(process.cwd(), path.join(buildDir, "client")),
  https: publicUrl(env).startsWith("https://"),
});

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info({ port: info.port, url: publicUrl(env) }, "Niche is listening");
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
