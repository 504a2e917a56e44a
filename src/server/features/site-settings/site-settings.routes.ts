import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../api/api-env.ts";
import { SiteSettingsSchema } from "../../../shared/schemas/site-settings.ts";

const getSiteSettings = createRoute({
  operationId: "getSiteSettings",
  method: "get",
  path: "/site-settings",
  tags: ["Site"],
  summary: "The association's name, tagline, contact details, sponsors, hero photos and map defaults",
  responses: {
    200: { description: "Site settings", content: { "application/json": { schema: SiteSettingsSchema } } },
  },
});

export function registerSiteSettingsRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getSiteSettings, async (c) => c.json(await c.var.services.siteSettings.get(), 200));
}

