import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { clientAddress } from "#server/http/client-address.ts";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "#server/api/api-env.ts";
import { businessOwnerOrAdmin } from "#server/api/owner-guards.ts";
import { answer } from "#server/api/entity-routes.ts";
import { errorResponse } from "#server/api/schemas.ts";
import { NotFound, Validation } from "#server/errors.ts";
import { HitsSchema, insightMessages, InsightsSchema } from "#shared/schemas/insights.ts";

/** A batch of a page's events is small: anything larger is not one. */
const MAX_BODY = 16_384;
/** The API's JSON-only guard lets this path by: a beacon sends its JSON as text/plain, held to MAX_BODY here. */
export const HITS_PATH = "/api/v1/insights/hits";
const hitsLimit = bodyLimit({ maxSize: MAX_BODY, onError: () => { throw Validation(insightMessages.badHits, { events: insightMessages.badHits }); } });

const postHits = createRoute({
  operationId: "countHits",
  method: "post",
  path: "/insights/hits",
  tags: ["Insights"],
  middleware: [hitsLimit] as const,
  summary: "Count what a visitor's page showed and what they clicked",
  description:
    "Sent by the site's pages with navigator.sendBeacon, as the JSON text of the batch (text/plain, so the beacon needs no preflight; a body sent as application/json is read the same way). Bots, Global Privacy Control, Do Not Track and requests no page of the site sent (Sec-Fetch-Site other than same-origin) are answered 204 but not counted.",
  request: {
    body: {
      required: true,
      content: { "text/plain": { schema: HitsSchema } },
    },
  },
  responses: {
    204: { description: "Received (counted or not)" },
    400: errorResponse(insightMessages.badHits),
  },
});

const getInsights = createRoute({
  operationId: "getBusinessInsights",
  method: "get",
  path: "/businesses/{id}/insights",
  tags: ["Insights"],
  summary: "What a business's listing brought over a period, against the period before",
  middleware: [businessOwnerOrAdmin] as const,
  request: {
    params: z.object({ id: z.string().min(1).max(100) }),
    query: z.object({
      from: z.string().optional().openapi({ description: "First day, YYYY-MM-DD (when left out, `days` before `to`)" }),
      days: z.string().optional().openapi({ description: "When `from` is left out, the period's length in days, 1 to 400 (30 when left out too)" }),
      to: z.string().optional().openapi({ description: "Last day, YYYY-MM-DD (today on the site's clock when left out)" }),
    }),
  },
  responses: {
    200: answer("Per-day series per kind, totals against the period before, top search words, and offers' and events' views", InsightsSchema),
    400: errorResponse(insightMessages.badDate),
    401: errorResponse("Not signed in"),
    403: errorResponse("Not an owner of this business nor an administrator"),
    404: errorResponse("Business not found"),
  },
});

const stopReports = createRoute({
  operationId: "stopInsightReports",
  method: "post",
  path: "/insights/stop/{token}",
  tags: ["Insights"],
  summary: "Stop the monthly insights report (the report's one-click link)",
  request: { params: z.object({ token: z.string().min(1).max(100) }) },
  responses: {
    200: answer("The reports are off", z.object({ stopped: z.literal(true) })),
    404: errorResponse("Not a link of a report"),
  },
});

function parseBody(text: string): unknown {
  if (text.length > MAX_BODY) throw Validation(insightMessages.badHits, { events: insightMessages.badHits });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw Validation(insightMessages.badHits, { events: insightMessages.badHits });
  }
}

export function registerInsightRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(postHits, async (c) => {
    await c.var.services.insights.count(parseBody(await c.req.text()), {
      address: clientAddress(c, c.var.services.geo.trustProxy, ""),
      userAgent: c.req.header("user-agent") ?? "",
      site: c.req.header("host") ?? "",
      fetchSite: c.req.header("sec-fetch-site"),
      gpc: c.req.header("sec-gpc"),
      dnt: c.req.header("dnt"),
    });
    return c.body(null, 204);
  });
  api.openapi(stopReports, async (c) => {
    if (!(await c.var.services.insightReport.stop(c.req.valid("param").token))) throw NotFound("This link is not one of a report.");
    return c.json({ stopped: true as const }, 200);
  });
  api.openapi(getInsights, async (c) => {
    const { from, to, days } = c.req.valid("query");
    return c.json(await c.var.services.insights.insights(c.var.user, c.req.param("id"), { from, to, days }), 200);
  });
}

