// A browsable API reference: Swagger UI served from our own origin (no CDN, no inline script).
import fs from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./api-env.ts";

const ASSETS = new Map([
  ["swagger-ui.css", "text/css; charset=utf-8"],
  ["swagger-ui-bundle.js", "text/javascript; charset=utf-8"],
]);

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Niche API</title>
<link rel="stylesheet" href="/api/v1/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/v1/docs/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/init.js"></script>
</body>
</html>`;

const init = `window.ui = SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#swagger-ui", deepLinking: true });`;

export function registerDocsRoutes(api: OpenAPIHono<AppEnv>) {
  // The files only, found without loading the package (which reads them all into memory).
  const root = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  api.get("/docs", (c) => c.html(page));
  api.get("/docs/init.js", (c) => c.body(init, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  api.get("/docs/:asset", async (c) => {
    const asset = c.req.param("asset");
    const type = ASSETS.get(asset);
    if (!type) return c.notFound();
    const body = await fs.readFile(path.join(root, asset));
    return c.body(body, 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
  });
}
