import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { signedInErrors } from "#server/api/schemas.ts";
import { requireUser } from "#server/auth/session.ts";
import { ROLES } from "#shared/constants.ts";

const MeSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    photoURL: z.string().nullable(),
    role: z.enum(ROLES),
    emailVerified: z.boolean(),
  })
  .openapi("CurrentUser");

const getMe = createRoute({
  operationId: "getMe",
  method: "get",
  path: "/me",
  tags: ["Account"],
  summary: "The signed-in user",
  responses: {
    200: { description: "The signed-in user", content: { "application/json": { schema: MeSchema } } },
    ...signedInErrors,
  },
});

export function registerMeRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getMe, (c) => c.json(requireUser(c.var.user), 200));
}
