import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { Validation } from "#server/errors.ts";
import { CategoryInputSchema, CategorySchema } from "#shared/schemas/category.ts";
import { messages } from "#shared/messages.ts";

const listCategories = createRoute({
  operationId: "listCategories",
  method: "get",
  path: "/categories",
  tags: ["Categories"],
  summary: "Every category, ordered by name",
  responses: {
    200: { description: "Categories", content: { "application/json": { schema: z.array(CategorySchema) } } },
  },
});

const createCategory = createRoute({
  operationId: "createCategory",
  method: "post",
  path: "/categories",
  tags: ["Categories"],
  summary: "Add a category (admins only)",
  middleware: [adminOnly] as const,
  request: { body: { required: true, content: json(CategoryInputSchema) } },
  responses: {
    201: { description: "The new category", content: json(CategorySchema) },
    400: errorResponse("Category name is required."),
    ...adminErrors,
    409: errorResponse("Another category has the same name"),
  },
});

const updateCategory = createRoute({
  operationId: "updateCategory",
  method: "put",
  path: "/categories/{id}",
  tags: ["Categories"],
  summary: "Rename or recolour a category; its businesses stay in it (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema, body: { required: true, content: json(CategoryInputSchema) } },
  responses: {
    200: { description: "The category after the change", content: json(CategorySchema) },
    400: errorResponse("Category name is required."),
    ...adminErrors,
    404: errorResponse("Category not found."),
    409: errorResponse("Another category has the same name"),
  },
});

const deleteCategory = createRoute({
  operationId: "deleteCategory",
  method: "delete",
  path: "/categories/{id}",
  tags: ["Categories"],
  summary: "Delete a category; its businesses are kept without one (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    204: { description: "Deleted" },
    ...adminErrors,
    404: errorResponse("Category not found."),
  },
});

export function registerCategoryRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listCategories, async (c) => c.json(await c.var.services.categories.list(), 200));
  api.openapi(createCategory, async (c) => c.json(await c.var.services.categories.create(c.var.user, c.req.valid("json")), 201));
  api.openapi(updateCategory, async (c) =>
    c.json(await c.var.services.categories.update(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200),
  );
  api.openapi(deleteCategory, async (c) => {
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
