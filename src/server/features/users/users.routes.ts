import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse, IdParamSchema } from "#server/api/schemas.ts";
import { AdminUserSchema, RoleChangeSchema } from "#shared/schemas/admin-user.ts";
import { paginatedSchema, PaginationQuerySchema } from "#shared/schemas/pagination.ts";

const listUsers = createRoute({
  operationId: "listUsers",
  method: "get",
  path: "/users",
  tags: ["Admin"],
  middleware: [adminOnly] as const,
  summary: "Every account, newest first, a page at a time (admins only)",
  request: { query: PaginationQuerySchema },
  responses: {
    200: { description: "Users", content: { "application/json": { schema: paginatedSchema(AdminUserSchema) } } },
    400: errorResponse("Invalid query"),
    ...adminErrors,
  },
});

const setRole = createRoute({
  operationId: "setRole",
  method: "put",
  path: "/users/{id}/role",
  tags: ["Admin"],
  middleware: [adminOnly] as const,
  summary: "Change a user's role among user, business and admin (admins only)",
  request: { params: IdParamSchema, body: { required: true, content: { "application/json": { schema: RoleChangeSchema } } } },
  responses: {
    200: { description: "The user after the change", content: { "application/json": { schema: AdminUserSchema } } },
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
