import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { TagInputSchema, TagSchema } from "#shared/schemas/tag.ts";

const listTags = createRoute({
  operationId: "listTags",
  method: "get",
  path: "/tags",
  tags: ["Tags"],
  summary: "Every tag, ordered by name",
  responses: {
    200: { description: "Tags", content: { "application/json": { schema: z.array(TagSchema) } } },
  },
});

const createTag = createRoute({
  operationId: "createTag",
  method: "post",
  path: "/tags",
  tags: ["Tags"],
  summary: "Add a tag; names are unique ignoring case (admins only)",
  middleware: [adminOnly] as const,
  request: { body: { required: true, content: json(TagInputSchema) } },
  responses: {
    201: { description: "The new tag", content: json(TagSchema) },
    400: errorResponse("Tag name is required."),
    ...adminErrors,
    409: errorResponse('Tag "<tag name>" already exists.'),
  },
});

const updateTag = createRoute({
  operationId: "updateTag",
  method: "put",
  path: "/tags/{id}",
  tags: ["Tags"],
  summary: "Rename a tag (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema, body: { required: true, content: json(TagInputSchema) } },
  responses: {
    200: { description: "The tag after the change", content: json(TagSchema) },
    400: errorResponse("Tag name is required."),
    ...adminErrors,
    404: errorResponse("Tag not found."),
    409: errorResponse('Tag "<tag name>" already exists.'),
  },
});

const deleteTag = createRoute({
  operationId: "deleteTag",
  method: "delete",
  path: "/tags/{id}",
  tags: ["Tags"],
  summary: "Delete a tag; businesses lose it (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    204: { description: "Deleted" },
    ...adminErrors,
    404: errorResponse("Tag not found."),
  },
});

export function registerTagRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listTags, async (c) => c.json(await c.var.services.tags.list(), 200));
  api.openapi(createTag, async (c) => c.json(await c.var.services.tags.create(c.var.user, c.req.valid("json")), 201));
  api.openapi(updateTag, async (c) => c.json(await c.var.services.tags.update(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(deleteTag, async (c) => {
    await c.var.services.tags.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
