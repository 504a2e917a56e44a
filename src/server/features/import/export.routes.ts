import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminErrors } from "#server/api/schemas.ts";
import { adminOnly } from "#server/api/admin-only.ts";

const EXPORTS = {
  businesses: { operationId: "exportBusinesses", summary: "Every business as CSV: all fields, category and tags by name (admins only)" },
  events: { operationId: "exportEvents", summary: "Every event as CSV, its location by business name (admins only)" },
  offers: { operationId: "exportOffers", summary: "Every offer as CSV, with its business's name (admins only)" },
} as const;

export function registerExportRoutes(api: OpenAPIHono<AppEnv>) {
  for (const [name, { operationId, summary }] of Object.entries(EXPORTS) as Array<[keyof typeof EXPORTS, (typeof EXPORTS)[keyof typeof EXPORTS]]>) {
    const route = createRoute({
      operationId,
      method: "get",
      path: `/exports/${name}.csv`,
      tags: ["Exports"],
      summary: `${summary}. Text that a spreadsheet would read as a formula starts with an apostrophe.`,
      middleware: [adminOnly] as const,
      responses: {
        200: { description: "UTF-8 CSV with a header row", content: { "text/csv": { schema: z.string() } } },
        ...adminErrors,
      },
    });
    api.openapi(route, async (c) => {
      const csv = await c.var.services.exports[name](c.var.user);
      const date = new Date().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}-${date}.csv"`,
        "Cache-Control": "no-store",
      });
    });
  }
}
