import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "#server/api/api-env.ts";
import { signedInOnly } from "#server/api/admin-only.ts";
import { json, signedInErrors } from "#server/api/schemas.ts";
import { DashboardSchema, OnboardingSchema } from "#shared/schemas/dashboard.ts";
import { cookieLanguage, languageSettingsOf, pageLanguage } from "#shared/i18n/languages.ts";

const getDashboard = createRoute({
  operationId: "getDashboard",
  method: "get",
  path: "/me/dashboard",
  tags: ["Account"],
  summary: "The signed-in person's dashboard: what needs them, and each feature's section (announcements, the next meetings, their businesses and what waits for approval)",
  middleware: [signedInOnly] as const,
  responses: { 200: { description: "Tasks and sections, in the order shown", content: json(DashboardSchema) }, ...signedInErrors },
});

const getOnboarding = createRoute({
  operationId: "getOnboarding",
  method: "get",
  path: "/me/onboarding",
  tags: ["Account"],
  summary: "The signed-in person's onboarding steps, each done or not as their data say, and the step to take next",
  middleware: [signedInOnly] as const,
  responses: { 200: { description: "The steps and the current one", content: json(OnboardingSchema) }, ...signedInErrors },
});

/** The language the person reads their pages in (src/web/root.tsx): their account's, else their cookie's, else the site's. */
async function personLanguage(c: Context<AppEnv>) {
  const settings = languageSettingsOf(await c.var.services.siteSettings.get());
  return pageLanguage("/myqsa/dashboard", settings, c.var.user?.language ?? cookieLanguage(c.req.header("cookie") ?? null));
}

export function registerDashboardRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getDashboard, async (c) => c.json(await c.var.services.dashboard.get(c.var.user, await personLanguage(c)), 200));
  api.openapi(getOnboarding, async (c) => c.json(await c.var.services.onboarding.get(c.var.user, undefined, await personLanguage(c)), 200));
}
