import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { errorResponse } from "#server/api/schemas.ts";
import { SearchQuerySchema, SearchResponseSchema } from "#shared/schemas/search.ts";

const search = createRoute({
  operationId: "search",
  method: "get",
  path: "/search",
  tags: ["Search"],
  summary: "Businesses, categories, tags, events, offers, posts and library documents matching a text, best first",
  description:
    "Every word must match, by the start of a word, ignoring case and accents, in names, descriptions, addresses, " +
    "category and tag names. When nothing matches as typed, words of 5 or more letters may have one typo. " +
    "Name matches rank first. Under 2 characters nothing is searched (`searched: false`). " +
    "The header's suggestions ask for `types=business,category,tag&limit=10`. Library documents (by title, summary and tags) " +
    "come last: public ones for everyone, members-only ones for members.",
  request: { query: SearchQuerySchema },
  responses: {
    200: { description: "Results, best first", content: { "application/json": { schema: SearchResponseSchema } } },
    400: errorResponse("The query is not valid"),
  },
});

export function registerSearchRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(search, async (c) => {
    const { q, types, limit, language } = c.req.valid("query");
    return c.json(await c.var.services.search.search({ q, types, limit, viewer: c.var.user, ...(language ? { language } : {}) }), 200);
  });
}
