// Route middleware for admin-only endpoints: refuses before the input is even parsed, so a
// non-admin learns nothing from validation messages. Services check the role again themselves.
import { createMiddleware } from "hono/factory";
import { requireRole } from "../auth/session.ts";
import type { AppEnv } from "./api-env.ts";

export const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireRole(c.var.user, "admin");
  await next();
});
