// Request and response shapes shared by API routes.
import { z } from "@hono/zod-openapi";

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi("Error");

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

/** `?limit=`: how many items a list answers with at most. */
export const LimitQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().openapi({ description: "At most this many items" }),
});

/** The `{id}` of a path. */
export const IdParamSchema = z.object({ id: z.string().min(1).max(100) });

/** A JSON body or response of the given shape. */
export const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });

/**
 * The 4xx any operation can answer, for those with no other: an address holding a NUL character (%00) is refused
 * before it reaches a route (app.ts).
 */
export const addressErrors = { 400: errorResponse("The address holds a NUL character (%00)") };

/** The answers of an operation for signed-in people only. */
export const signedInErrors = { 401: errorResponse("Not signed in") };

/** The answers of an operation for administrators only. */
export const adminErrors = { ...signedInErrors, 403: errorResponse("Not an administrator") };
