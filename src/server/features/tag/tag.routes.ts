import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { entityWriteRoutes } from "#server/api/entity-routes.ts";
import { TagInputSchema, TagSchema, TagTranslationsInputSchema } from "#shared/schemas/tag.ts";
import { TRANSLATABLE } from "#shared/schemas/translations.ts";
import { addressErrors } from "#server/api/schemas.ts";

const listTags = createRoute({
  operationId: "listTags",
  method: "get",
  path: "/tags",
  tags: ["Tags"],
  summary: "Every tag, ordered by name, each with its name in the site's other languages (translations)",
  responses: {
    200: { description: "Tags", content: { "application/json": { schema: z.array(TagSchema) } } },
    ...addressErrors,
  },
});

const writes = entityWriteRoutes({
  tag: "Tags",
  path: "/tags",
  name: "Tag",
  body: TagInputSchema.extend({ translations: TagTranslationsInputSchema }),
  stored: TagSchema,
  summaries: {
    create: "Add a tag; names are unique ignoring case (admins only)",
    update: "Rename a tag (admins only)",
    delete: "Delete a tag; businesses lose it (admins only)",
  },
  invalid: "Tag name is required.",
  notFound: "Tag not found.",
  conflict: 'Tag "<tag name>" already exists.',
});

export function registerTagRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listTags, async (c) => c.json(await c.var.services.translations.withAll("tag", await c.var.services.tags.list()), 200));
  api.openapi(writes.create, async (c) => {
    const { translations, ...input } = c.req.valid("json");
    const { tags } = c.var.services;
    return c.json(await c.var.services.translations.saving("tag", translations, TRANSLATABLE.tag, () => tags.create(c.var.user, input)), 201);
  });
  api.openapi(writes.update, async (c) => {
    const { translations, ...input } = c.req.valid("json");
    const { tags } = c.var.services;
    return c.json(await c.var.services.translations.saving("tag", translations, TRANSLATABLE.tag, () => tags.update(c.var.user, c.req.valid("param").id, input)), 200);
  });
  api.openapi(writes.delete, async (c) => {
    await c.var.services.tags.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
