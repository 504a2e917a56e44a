import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { PageInputSchema, PageSchema, PageSummarySchema, RenderedPageSchema } from "#shared/schemas/page.ts";
import { paginatedSchema, PaginationQuerySchema } from "#shared/schemas/pagination.ts";

const SlugParam = z.object({ slug: z.string().min(1).max(200) });
const listPages = createRoute({
  operationId: "listPages",
  method: "get",
  path: "/pages",
  tags: ["Pages"],
  summary: "Pages ordered by name with a 70-character preview (admins only)",
  middleware: [adminOnly] as const,
  request: { query: PaginationQuerySchema },
  responses: {
    200: { description: "Pages", content: json(paginatedSchema(PageSummarySchema)) },
    400: errorResponse("Invalid query"),
    ...adminErrors,
  },
});

const getPage = createRoute({
  operationId: "getPage",
  method: "get",
  path: "/pages/{id}",
  tags: ["Pages"],
  summary: "One page with its stored content, for editing (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The page", content: json(PageSchema) },
    ...adminErrors,
    404: errorResponse("Page not found."),
  },
});

const createPage = createRoute({
  operationId: "createPage",
  method: "post",
  path: "/pages",
  tags: ["Pages"],
  summary: "Add a page; HTML content is sanitized before it is stored (admins only)",
  middleware: [adminOnly] as const,
  request: { body: { required: true, content: json(PageInputSchema) } },
  responses: {
    201: { description: "The new page", content: json(PageSchema) },
    400: errorResponse("Page Name and Permission are required."),
    ...adminErrors,
    409: errorResponse("Another page has the same address"),
  },
});

const updatePage = createRoute({
  operationId: "updatePage",
  method: "put",
  path: "/pages/{id}",
  tags: ["Pages"],
  summary: "Replace a page's name, permission and content (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema, body: { required: true, content: json(PageInputSchema) } },
  responses: {
    200: { description: "The page after the change", content: json(PageSchema) },
    400: errorResponse("Page Name and Permission are required."),
    ...adminErrors,
    404: errorResponse("Page not found."),
    409: errorResponse("Another page has the same address"),
  },
});

const deletePage = createRoute({
  operationId: "deletePage",
  method: "delete",
  path: "/pages/{id}",
  tags: ["Pages"],
  summary: "Delete a page (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    204: { description: "Deleted" },
    ...adminErrors,
    404: errorResponse("Page not found."),
  },
});

const viewPage = createRoute({
  operationId: "viewPage",
  method: "get",
  path: "/pages/by-slug/{slug}",
  tags: ["Pages"],
  summary: "A page as visitors read it (sanitized HTML), if the caller's role allows",
  request: { params: SlugParam },
  responses: {
    200: { description: "The page", content: json(RenderedPageSchema) },
    401: errorResponse("The page is not public: sign in"),
    403: errorResponse("The page needs another role"),
    404: errorResponse("Page not found."),
  },
});

export function registerPageRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listPages, async (c) => c.json(await c.var.services.pages.list(c.var.user, c.req.valid("query")), 200));
  api.openapi(viewPage, async (c) => c.json(await c.var.services.pages.view(c.var.user, c.req.valid("param").slug), 200));
  api.openapi(getPage, async (c) => c.json(await c.var.services.pages.get(c.var.user, c.req.valid("param").id), 200));
  api.openapi(createPage, async (c) => c.json(await c.var.services.pages.create(c.var.user, c.req.valid("json")), 201));
  api.openapi(updatePage, async (c) =>
    c.json(await c.var.services.pages.update(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200),
  );
  api.openapi(deletePage, async (c) => {
    await c.var.services.pages.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
