import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse } from "#server/api/schemas.ts";
import { AuditEntrySchema } from "#shared/schemas/audit.ts";
import { paginatedSchema, PaginationQuerySchema } from "#shared/schemas/pagination.ts";

const listAudit = createRoute({
  operationId: "listAudit",
  method: "get",
  path: "/audit-log",
  tags: ["Admin"],
  middleware: [adminOnly] as const,
  summary: "Recent administrative changes, newest first (admins only)",
  request: { query: PaginationQuerySchema.extend({ entityType: z.string().max(40).optional() }) },
  responses: {
    200: { description: "Audit entries", content: { "application/json": { schema: paginatedSchema(AuditEntrySchema) } } },
    400: errorResponse("Invalid query"),
    ...adminErrors,
  },
});

export function registerAuditRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listAudit, async (c) => c.json(await c.var.services.audit.list(c.var.user, c.req.valid("query")), 200));
}
