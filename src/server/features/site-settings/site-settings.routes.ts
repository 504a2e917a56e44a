import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { addressErrors, adminErrors, errorResponse } from "#server/api/schemas.ts";
import { SiteSettingsSchema } from "#shared/schemas/site-settings.ts";

const getSiteSettings = createRoute({
  operationId: "getSiteSettings",
  method: "get",
  path: "/site-settings",
  tags: ["Site"],
  summary: "The association's name, tagline, contact details, sponsors, hero photos and map defaults",
  responses: {
    200: { description: "Site settings", content: { "application/json": { schema: SiteSettingsSchema } } },
    ...addressErrors,
  },
});

const saveSiteSettings = createRoute({
  operationId: "saveSiteSettings",
  method: "put",
  path: "/site-settings",
  tags: ["Site"],
  summary: "Replace the site settings, all of them at once (admins only)",
  description:
    "The body is the whole settings object, as GET /site-settings answers it: send back the sponsor logos and hero photos to keep them. " +
    "Images are uploaded files (/files/...) or https addresses; sponsor links are http or https addresses. " +
    "Upload the images as kind siteImage. An uploaded image another item already uses (a business's, an event's, a post's) is refused, " +
    "with the message under the field that names it (heroPhotos.0.url); an uploaded image the settings no longer name is left to the clean-up of unused uploads.",
  middleware: [adminOnly] as const,
  request: { body: { required: true, content: { "application/json": { schema: SiteSettingsSchema } } } },
  responses: {
    200: { description: "The saved settings", content: { "application/json": { schema: SiteSettingsSchema } } },
    400: errorResponse("Invalid settings"),
    ...adminErrors,
  },
});

export function registerSiteSettingsRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getSiteSettings, async (c) => c.json(await c.var.services.siteSettings.get(), 200));
  api.openapi(saveSiteSettings, async (c) => c.json(await c.var.services.siteSettings.save(c.var.user, c.req.valid("json")), 200));
}
