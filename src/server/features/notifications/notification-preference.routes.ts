import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { signedInOnly } from "#server/api/admin-only.ts";
import { jsonBody } from "#server/api/entity-routes.ts";
import { errorResponse, json } from "#server/api/schemas.ts";
import { NotificationPreferencesSchema, type NotificationPreferencesInputSchema } from "#shared/schemas/notification-preferences.ts";

const errors = { 401: errorResponse("Not signed in") };
// The service validates the body with the form's own schema (and its messages, per kind); documented as an object.
const PreferencesBody = z.custom<z.input<typeof NotificationPreferencesInputSchema>>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description:
    'Any of announcements, meetings, minutes, requestsDecided, each "at once", "in a weekly digest" or "off", and insights (the owners\' monthly report), "at once" (monthly) or "off", and freshness (owners\' reminders to check their listing), "at once" or "off"; kinds left out stay as they are',
});

const getNotifications = createRoute({
  operationId: "getNotificationPreferences",
  method: "get",
  path: "/me/notifications",
  tags: ["Account"],
  summary: "How the signed-in person wants to hear of each kind of news",
  middleware: [signedInOnly] as const,
  responses: { 200: { description: "Delivery per kind", content: json(NotificationPreferencesSchema) }, ...errors },
});

const updateNotifications = createRoute({
  operationId: "updateNotificationPreferences",
  method: "put",
  path: "/me/notifications",
  tags: ["Account"],
  summary: "Change how the signed-in person wants to hear of some kinds of news",
  middleware: [signedInOnly] as const,
  request: { body: jsonBody(PreferencesBody) },
  responses: {
    200: { description: "Delivery per kind after the change", content: json(NotificationPreferencesSchema) },
    400: errorResponse("Choose at once, in a weekly digest or off."),
    ...errors,
  },
});

export function registerNotificationPreferenceRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getNotifications, async (c) => c.json(await c.var.services.notificationPreferences.get(c.var.user), 200));
  api.openapi(updateNotifications, async (c) => c.json(await c.var.services.notificationPreferences.update(c.var.user, c.req.valid("json")), 200));
}
