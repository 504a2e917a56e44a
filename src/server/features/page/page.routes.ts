import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { adminListRoute, entityWriteRoutes } from "#server/api/entity-routes.ts";
import { PageInputSchema, PageSchema, PageSummarySchema, PageTranslationsInputSchema, RenderedPageSchema } from "#shared/schemas/page.ts";
import { TRANSLATABLE } from "#shared/schemas/translations.ts";

const SlugParam = z.object({ slug: z.string().min(1).max(200) });
const listPages = adminListRoute({
  operationId: "listPages",
  path: "/pages",
  tag: "Pages",
  summary: "Pages ordered by name with a 70-character preview (admins only)",
  description: "Pages",
  item: PageSummarySchema,
});

const writes = entityWriteRoutes({
  tag: "Pages",
  path: "/pages",
  name: "Page",
  body: PageInputSchema.extend({ translations: PageTranslationsInputSchema }),
  stored: PageSchema,
  summaries: {
    create: "Add a page; HTML content is sanitized before it is stored (admins only)",
    update: "Replace a page's name, permission and content (admins only)",
    delete: "Delete a page (admins only)",
  },
  invalid: "Page Name and Permission are required.",
  notFound: "Page not found.",
  conflict: "Another page has the same address",
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
  api.openapi(writes.create, async (c) => {
    const { translations, ...input } = c.req.valid("json");
    const { pages } = c.var.services;
    return c.json(await c.var.services.translations.saving("page", pages.translationsInput(translations, input.contentFormat), TRANSLATABLE.page, () => pages.create(c.var.user, input)), 201);
  });
  api.openapi(writes.update, async (c) => {
    const { translations, ...input } = c.req.valid("json");
    const { pages } = c.var.services;
    return c.json(await c.var.services.translations.saving("page", pages.translationsInput(translations, input.contentFormat), TRANSLATABLE.page, () => pages.update(c.var.user, c.req.valid("param").id, input)), 200);
  });
  api.openapi(writes.delete, async (c) => {
    await c.var.services.pages.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
