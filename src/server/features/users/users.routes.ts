import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse, IdParamSchema } from "#server/api/schemas.ts";
import { adminListRoute, answer, jsonBody } from "#server/api/entity-routes.ts";
import { AdminUserSchema, RoleChangeSchema } from "#shared/schemas/admin-user.ts";

const listUsers = adminListRoute({
  operationId: "listUsers",
  path: "/users",
  tag: "Admin",
  summary: "Every account, newest first, a page at a time (admins only)",
  description: "Users",
  item: AdminUserSchema,
});

const setRole = createRoute({
  operationId: "setRole",
  method: "put",
  path: "/users/{id}/role",
  tags: ["Admin"],
  middleware: [adminOnly] as const,
  summary: "Change a user's role among user, business and admin (admins only)",
  request: { params: IdParamSchema, body: jsonBody(RoleChangeSchema) },
  responses: {
    200: answer("The user after the change", AdminUserSchema),
    400: errorResponse("Invalid role"),
    ...adminErrors,
    404: errorResponse("No such user"),
    409: errorResponse("The last administrator cannot be demoted"),
  },
});

export function registerUsersRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listUsers, async (c) => c.json(await c.var.services.users.list(c.var.user, c.req.valid("query")), 200));
  api.openapi(setRole, async (c) =>
    c.json(await c.var.services.users.setRole(c.var.user, c.req.valid("param").id, c.req.valid("json").role), 200),
  );
}
