// Storage API beside the tus endpoint: an object's metadata, discarding an unused upload, saving the profile picture.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { errorResponse, signedInErrors } from "#server/api/schemas.ts";
import { signedInOnly } from "#server/api/admin-only.ts";

const StorageObjectSchema = z
  .object({
    bucket: z.string(),
    fullPath: z.string(),
    name: z.string(),
    size: z.number(),
    contentType: z.string(),
    timeCreated: z.string(),
    updated: z.string(),
    md5Hash: z.string(),
    customMetadata: z.record(z.string(), z.string()),
  })
  .openapi("StorageObject");

const PathQuery = z.object({ path: z.string().min(1).max(512).openapi({ example: "markers_logos/cafe_1717171717171.webp" }) });

const getMetadata = createRoute({
  operationId: "getMetadata",
  method: "get",
  path: "/storage/metadata",
  tags: ["Storage"],
  middleware: [signedInOnly] as const,
  summary: "A stored file's metadata (its uploader and administrators only)",
  request: { query: PathQuery },
  responses: {
    200: { description: "The stored object", content: { "application/json": { schema: StorageObjectSchema } } },
    ...signedInErrors,
    403: errorResponse("Neither your upload nor an administrator"),
    404: errorResponse("No such object"),
  },
});

const discardUpload = createRoute({
  operationId: "discardUpload",
  method: "delete",
  path: "/storage/object",
  tags: ["Storage"],
  middleware: [signedInOnly] as const,
  summary: "Delete one of your uploads that nothing uses yet",
  request: { query: PathQuery },
  responses: {
    204: { description: "Deleted" },
    ...signedInErrors,
    403: errorResponse("Not your upload, or already in use"),
    404: errorResponse("No such object"),
  },
});

const saveProfilePicture = createRoute({
  operationId: "saveProfilePicture",
  method: "put",
  path: "/me/profile-picture",
  tags: ["Account"],
  middleware: [signedInOnly] as const,
  summary: "Use an uploaded picture as your profile picture (the previous one is deleted)",
  request: {
    body: { content: { "application/json": { schema: z.object({ fullPath: z.string().min(1).max(512) }) } }, required: true },
  },
  responses: {
    200: { description: "Saved", content: { "application/json": { schema: z.object({ photoURL: z.string() }) } } },
    ...signedInErrors,
    403: errorResponse("Not your upload"),
    404: errorResponse("No such object"),
  },
});

export function registerUploadsRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getMetadata, async (c) => c.json(await c.var.services.files.getMetadataFor(c.var.user, c.req.valid("query").path), 200));
  api.openapi(discardUpload, async (c) => {
    await c.var.services.files.discard({ user: c.var.user, fullPath: c.req.valid("query").path });
    return c.body(null, 204);
  });
  api.openapi(saveProfilePicture, async (c) =>
    c.json(await c.var.services.profilePictures.save(c.var.user, c.req.valid("json").fullPath), 200),
  );
}
