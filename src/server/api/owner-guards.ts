// Guards for operations open to administrators and business owners: anyone else is refused before their input is read.
import { createMiddleware } from "hono/factory";
import { requireUser } from "#server/auth/session.ts";
import type { AppEnv } from "./api-env.ts";

/** Administrators, and owners of the business in the path. */
export const businessOwnerOrAdmin = createMiddleware<AppEnv>(async (c, next) => {
  await c.var.services.owners.requireOwnerOrAdmin(requireUser(c.var.user), c.req.param("id") ?? "");
  await next();
});

/** Administrators, and owners of some business (events and offers). */
export const someOwnerOrAdmin = createMiddleware<AppEnv>(async (c, next) => {
  await c.var.services.owners.requireOwnerOrAdmin(requireUser(c.var.user));
  await next();
});
