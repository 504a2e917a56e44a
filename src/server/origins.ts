// The site's own origins: the only pages allowed to sign in and to write with a session cookie.
import { publicUrl, type Env } from "./env.ts";

/** PUBLIC_URL (or the local address when unset) and TRUSTED_ORIGINS; better-auth and the /api/v1 write check share it. */
export function allowedOrigins(env: Pick<Env, "PUBLIC_URL" | "PORT" | "TRUSTED_ORIGINS">): string[] {
  const extra = env.TRUSTED_ORIGINS.split(",").map((o) => o.trim().replace(/\/$/, "")).filter(Boolean);
  return [...new Set([publicUrl(env as Env), ...extra])];
}

/** Whether an `Origin` header names one of the allowed origins (compared as origins, so case and default ports do not matter). */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    return false;
  }
  return allowed.some((a) => {
    try {
      return new URL(a).origin === normalized;
    } catch {
      return false;
    }
  });
}
