// `GET /metrics` for a Prometheus server that brings METRICS_TOKEN as its bearer token.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { Metrics } from "./metrics.ts";

/** SHA-256 of both sides first: equal lengths whatever was sent, so the comparison's time says nothing about the token. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

export function metricsHandler(metrics: Metrics, token: string) {
  const expected = digest(token);
  return async (c: Context) => {
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!timingSafeEqual(digest(presented), expected)) {
      return c.json({ error: { code: "unauthorized", message: "Send the metrics token as Authorization: Bearer <token>." } }, 401, {
        "WWW-Authenticate": 'Bearer realm="metrics"',
        "Cache-Control": "no-store",
      });
    }
    return c.body(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" });
  };
}
