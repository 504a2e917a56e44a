// The association's insights for administrators: the page's figures, and each of its tables as CSV.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { answer } from "#server/api/entity-routes.ts";
import { adminErrors, errorResponse } from "#server/api/schemas.ts";
import { InsightOverviewSchema, insightMessages, OVERVIEW_TABLE_NAMES, OVERVIEW_TABLES } from "#shared/schemas/insights.ts";

const daysQuery = z.object({
  days: z.string().optional().openapi({ description: "The period: the last this many days, today included, 1 to 400 (30 when left out; the page offers 30, 90 and 365)" }),
});

const getOverview = createRoute({
  operationId: "getInsightOverview",
  method: "get",
  path: "/insights",
  tags: ["Insights"],
  summary: "The association's insights: visits by day, what was looked at most, and searches that found nothing (admins only)",
  middleware: [adminOnly] as const,
  request: { query: daysQuery },
  responses: {
    200: answer("Page views per day and the period's tables, each the 20 rows counted most", InsightOverviewSchema),
    400: errorResponse(insightMessages.badDays),
    ...adminErrors,
  },
});

export function registerInsightOverviewRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getOverview, async (c) => c.json(await c.var.services.insightOverview.overview(c.var.user, c.req.valid("query")), 200));
  for (const table of OVERVIEW_TABLE_NAMES) {
    const route = createRoute({
      operationId: `exportInsights${table.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase())}`,
      method: "get",
      path: `/exports/insights/${table}.csv`,
      tags: ["Exports"],
      summary: `${OVERVIEW_TABLES[table].title} over the period, as CSV (admins only). Text that a spreadsheet would read as a formula starts with an apostrophe.`,
      middleware: [adminOnly] as const,
      request: { query: daysQuery },
      responses: {
        200: { description: "UTF-8 CSV with a header row", content: { "text/csv": { schema: z.string() } } },
        400: errorResponse(insightMessages.badDays),
        ...adminErrors,
      },
    });
    api.openapi(route, async (c) => {
      const csv = await c.var.services.insightOverview.csv(c.var.user, table, c.req.valid("query"));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="insights-${table}-${new Date().toISOString().slice(0, 10)}.csv"`,
        "Cache-Control": "no-store",
      });
    });
  }
}
