import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminListRoute } from "#server/api/entity-routes.ts";
import { AuditEntrySchema } from "#shared/schemas/audit.ts";
import { PaginationQuerySchema } from "#shared/schemas/pagination.ts";

const listAudit = adminListRoute({
  operationId: "listAudit",
  path: "/audit-log",
  tag: "Admin",
  summary: "Recent administrative changes, newest first (admins only)",
  description: "Audit entries",
  item: AuditEntrySchema,
  query: PaginationQuerySchema.extend({ entityType: z.string().max(40).optional() }),
});

export function registerAuditRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listAudit, async (c) => c.json(await c.var.services.audit.list(c.var.user, c.req.valid("query")), 200));
}
