import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { errorResponse, json, LimitQuerySchema } from "#server/api/schemas.ts";
import { adminListRoute, entityWriteRoutes } from "#server/api/entity-routes.ts";
import type { PostInputSchema } from "#shared/schemas/post.ts";
import { AdminPostSchema, PostAuthorSchema, PostSchema } from "#shared/schemas/post.ts";
import { TRANSLATABLE } from "#shared/schemas/translations.ts";

const adminErrors = { 401: errorResponse("You must be logged in to submit a post."), 403: errorResponse("Not an administrator") };
// The service validates the body with the form's own schema (and its messages); documented here as an object.
const PostBody = z.custom<z.input<typeof PostInputSchema>>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description:
    "title, authorUid, content (HTML, sanitized before it is stored), datetime (ISO), link, imagePath, translations (the title and content in the site's other languages, by language: { fr: { title, content } }; blank removes one)",
});
const StoredPostSchema = AdminPostSchema.omit({ contentPreview: true });

const listPosts = createRoute({
  operationId: "listPosts",
  method: "get",
  path: "/posts",
  tags: ["Posts"],
  summary: "News posts, newest first by datetime (content as sanitized HTML), each with its title and content in the site's other languages (translations)",
  request: { query: LimitQuerySchema },
  responses: {
    200: { description: "Posts", content: json(z.array(PostSchema)) },
    400: errorResponse("Invalid query"),
  },
});

const listAdminPosts = adminListRoute({
  operationId: "listAdminPosts",
  path: "/admin/posts",
  tag: "Posts",
  summary: "Every post, newest first, with a 100-character plain-text preview (admins only)",
  description: "Posts",
  item: AdminPostSchema,
  errors: adminErrors,
});

const writes = entityWriteRoutes({
  tag: "Posts",
  path: "/posts",
  name: "Post",
  body: PostBody,
  stored: StoredPostSchema,
  summaries: {
    create: "Add a post; the signed-in admin is recorded as its editor (admins only)",
    update: "Replace a post; a new image replaces (and deletes) the old one (admins only)",
    delete: "Delete a post and its image (admins only)",
  },
  invalid: "Title, Author, Content, and Datetime are required.",
  notFound: "Post not found.",
  errors: adminErrors,
});

const listAuthors = createRoute({
  operationId: "listAuthors",
  method: "get",
  path: "/admin/post-authors",
  tags: ["Posts"],
  summary: "Users who can be named as a post's author, by display name (admins only)",
  middleware: [adminOnly] as const,
  responses: { 200: { description: "Users", content: json(z.array(PostAuthorSchema)) }, ...adminErrors },
});

export function registerPostRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listPosts, async (c) => {
    const { limit } = c.req.valid("query");
    const { posts } = c.var.services;
    return c.json(await posts.withTranslations(await posts.list({ limit })), 200);
  });
  api.openapi(listAdminPosts, async (c) => c.json(await c.var.services.posts.listForAdmin(c.var.user, c.req.valid("query")), 200));
  api.openapi(listAuthors, async (c) => c.json(await c.var.services.posts.authors(c.var.user), 200));
  api.openapi(writes.create, async (c) => {
    const { translations, ...input } = c.req.valid("json") as z.input<typeof PostInputSchema> & { translations?: unknown };
    const { posts } = c.var.services;
    return c.json(await c.var.services.translations.saving("post", posts.translationsInput(translations), TRANSLATABLE.post, () => posts.create(c.var.user, input)), 201);
  });
  api.openapi(writes.update, async (c) => {
    const { translations, ...input } = c.req.valid("json") as z.input<typeof PostInputSchema> & { translations?: unknown };
    const { posts } = c.var.services;
    return c.json(await c.var.services.translations.saving("post", posts.translationsInput(translations), TRANSLATABLE.post, () => posts.update(c.var.user, c.req.valid("param").id, input)), 200);
  });
  api.openapi(writes.delete, async (c) => {
    await c.var.services.posts.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
