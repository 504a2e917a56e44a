import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { addressErrors, adminErrors, errorResponse } from "#server/api/schemas.ts";
import { SiteSettingsInputSchema, SiteSettingsWithTranslationsSchema } from "#shared/schemas/site-settings.ts";

const getSiteSettings = createRoute({
  operationId: "getSiteSettings",
  method: "get",
  path: "/site-settings",
  tags: ["Site"],
  summary: "The association's name, tagline, contact details, sponsors, hero photos and map defaults, with the name and tagline in the site's other languages (translations)",
  responses: {
    200: { description: "Site settings", content: { "application/json": { schema: SiteSettingsWithTranslationsSchema } } },
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
    "with the message under the field that names it (heroPhotos.0.url); an uploaded image the settings no longer name is left to the clean-up of unused uploads. " +
    "`translations` holds the association's name and tagline in the offered languages other than the default (a language sent replaces its texts, blank removes one; a language left out keeps its own).",
  middleware: [adminOnly] as const,
  request: { body: { required: true, content: { "application/json": { schema: SiteSettingsInputSchema } } } },
  responses: {
    200: { description: "The saved settings", content: { "application/json": { schema: SiteSettingsWithTranslationsSchema } } },
    400: errorResponse("Invalid settings"),
    ...adminErrors,
  },
});

export function registerSiteSettingsRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getSiteSettings, async (c) => c.json(await c.var.services.siteSettings.withTranslations(), 200));
  api.openapi(saveSiteSettings, async (c) => {
    const { siteSettings } = c.var.services;
    await siteSettings.save(c.var.user, c.req.valid("json"));
    return c.json(await siteSettings.withTranslations(), 200);
  });
}
