// `npm run dev`: the same server with Vite in middleware mode, so pages hot-reload in the browser.
import http from "node:http";
import dotenv from "dotenv";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createServer } from "vite";
import { createApp, type RenderPage } from "./app.ts";
import { parseDevelopmentEnv, publicUrl } from "./env.ts";
import { openRuntime, prepareDatabase, startJobs } from "./runtime.ts";
import type { AppContextKey } from "./load-context.ts";

dotenv.config({ quiet: true });
const env = parseDevelopmentEnv();
const runtime = await openRuntime(env);
await prepareDatabase(runtime);
startJobs(runtime);

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });

const renderPage: RenderPage = async (request, context) => {
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const contextKey = (build.entry.module as unknown as { appContext: AppContextKey }).appContext;
  const provider = new RouterContextProvider();
  provider.set(contextKey, context);
  return createRequestHandler(build, "development")(request, provider);
};

const app = createApp({ ...runtime, renderPage, development: true });
const listener = getRequestListener(app.fetch);

http
  .createServer((req, res) => vite.middlewares(req, res, () => void listener(req, res)))
  .listen(env.PORT, env.HOST, () => runtime.logger.info({ url: publicUrl(env) }, "Niche dev server ready"));
