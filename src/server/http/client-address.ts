// The address a request came from, for per-client limits: the proxy's X-Forwarded-For when the site trusts its
// proxy, else the socket's peer.
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

export function clientAddress(c: Context, trustProxy: boolean, unknown = "unknown"): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? unknown;
  } catch {
    // In-process requests (tests) have no socket.
    return unknown;
  }
}
