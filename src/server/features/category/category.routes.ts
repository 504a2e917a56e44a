import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { entityWriteRoutes } from "#server/api/entity-routes.ts";
import { Validation } from "#server/errors.ts";
import { CategoryInputSchema, CategorySchema, CategoryTranslationsInputSchema } from "#shared/schemas/category.ts";
import { TRANSLATABLE } from "#shared/schemas/translations.ts";
import { messages } from "#shared/messages.ts";
import { addressErrors } from "#server/api/schemas.ts";

const listCategories = createRoute({
  operationId: "listCategories",
  method: "get",
  path: "/categories",
  tags: ["Categories"],
  summary: "Every category, ordered by name, each with its name and description in the site's other languages (translations)",
  responses: {
    200: { description: "Categories", content: { "application/json": { schema: z.array(CategorySchema) } } },
    ...addressErrors,
  },
});

const writes = entityWriteRoutes({
  tag: "Categories",
  path: "/categories",
  name: "Category",
  body: CategoryInputSchema.extend({ translations: CategoryTranslationsInputSchema }),
  stored: CategorySchema,
  summaries: {
    create: "Add a category (admins only)",
    update: "Rename or recolour a category; its businesses stay in it (admins only)",
    delete: "Delete a category; its businesses are kept without one (admins only)",
  },
  invalid: "Category name is required.",
  notFound: "Category not found.",
  conflict: "Another category has the same name",
});

export function registerCategoryRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listCategories, async (c) => c.json(await c.var.services.translations.withAll("category", await c.var.services.categories.list()), 200));
  api.openapi(writes.create, async (c) => {
    const { translations, ...input } = c.req.valid("json");
    const { categories } = c.var.services;
    return c.json(await c.var.services.translations.saving("category", translations, TRANSLATABLE.category, () => categories.create(c.var.user, input)), 201);
  });
  api.openapi(writes.update, async (c) => {
    const { translations, ...input } = c.req.valid("json");
    const { categories } = c.var.services;
    return c.json(await c.var.services.translations.saving("category", translations, TRANSLATABLE.category, () => categories.update(c.var.user, c.req.valid("param").id, input)), 200);
  });
  api.openapi(writes.delete, async (c) => {
    await c.var.services.categories.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}

/**
 * The spec's two plain endpoints of the add-category page, outside /api/v1: GET /getCategories and
 * POST /addCategory (admins only; bad input is a 400 with a JSON error).
 */
export function createPlainCategoryRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get("/getCategories", async (c) => c.json(await c.var.services.categories.listPlain(), 200));
  routes.post("/addCategory", adminOnly, async (c) => {
    // Only JSON: a cross-site form cannot send it without the browser asking first.
    if (!c.req.header("content-type")?.toLowerCase().startsWith("application/json")) {
      throw Validation(messages.categories.fillAllFields, { _: "The body must be JSON (Content-Type: application/json)." });
    }
    const body: unknown = await c.req.json().catch(() => {
      throw Validation(messages.categories.fillAllFields, { _: "The body is not valid JSON." });
    });
    const input = body !== null && typeof body === "object" && !Array.isArray(body) ? body : {};
    return c.json(await c.var.services.categories.createPlain(c.var.user, input as never), 201);
  });
  return routes;
}
