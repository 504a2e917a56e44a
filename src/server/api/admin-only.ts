// Route middleware for admin-only endpoints: refuses before the input is even parsed, so a
// non-admin learns nothing from validation messages. Services check the role again themselves.
import { createMiddleware } from "hono/factory";
import { requireRole, requireUser } from "../auth/session.ts";
import type { AppEnv } from "./api-env.ts";

export const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireRole(c.var.user, "admin");
  await next();
});

/** For endpoints of signed-in users: anonymous requests get 401 before their input is looked at. */
export const signedInOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c.var.user);
  await next();
});
