// POST /api/v1/insights/hits straight from Node's server, before the app (as the anonymous cache's kept pages are):
// a beacon needs none of what the app does for other requests (no session, page cache, compression or per-request
// log line), and every page view sends one, so its path is kept to reading the body, checking it and a map update.
// The answer goes out before the counting. The app's route stays for in-process clients and for what this path
// leaves to it: another address (a query string), and a cross-site request carrying a session cookie (refused there).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError, errorBody, Validation } from "#server/errors.ts";
import type { RequestLine } from "#server/logger.ts";
import { insightMessages } from "#shared/schemas/insights.ts";
import type { HitRequest, InsightService } from "./insight.service.ts";
import { HITS_PATH, MAX_BODY } from "./insight.routes.ts";

export interface HitsListenerOptions {
  insights: Pick<InsightService, "events" | "record">;
  /** Read the visitor's address from X-Forwarded-For (TRUST_PROXY). */
  trustProxy: boolean;
  /** Served over HTTPS: the answer carries HSTS as the app's do. */
  https: boolean;
  /** Told each answered request, for the log's count of answered requests, metrics and tracing. */
  answered: (request: IncomingMessage, line: RequestLine) => void;
  onError: (error: unknown) => void;
}

/** What every answer carries: the API's headers (app.ts), made once. */
function baseHeaders(https: boolean): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": "no-store",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The visitor as the in-memory hash knows them: the proxy's X-Forwarded-For when trusted, else the socket's peer. */
function hitRequest(request: IncomingMessage, trustProxy: boolean): HitRequest {
  const forwarded = trustProxy ? header(request, "x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  return {
    address: forwarded || request.socket.remoteAddress || "",
    userAgent: header(request, "user-agent") ?? "",
    site: header(request, "host") ?? "",
    fetchSite: header(request, "sec-fetch-site"),
    gpc: header(request, "sec-gpc"),
    dnt: header(request, "dnt"),
  };
}

const badHits = () => Validation(insightMessages.badHits, { events: insightMessages.badHits });

/** Answers the hits endpoint and returns true, or returns false having touched nothing (the app answers then). */
export function hitsListener(options: HitsListenerOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  const headers = baseHeaders(options.https);
  return (request, response) => {
    if (request.method !== "POST" || request.url !== HITS_PATH) return false;
    if (request.headers.cookie && header(request, "sec-fetch-site") !== "same-origin") return false;
    const started = performance.now();
    const requestId = header(request, "x-request-id") ?? randomUUID();
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    request.on("error", () => response.destroy());
    request.on("end", () => {
      let status = 204;
      let events: ReturnType<typeof options.insights.events> | undefined;
      let body: string | undefined;
      try {
        if (size > MAX_BODY) throw badHits();
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.concat(chunks, size).toString("utf8"));
        } catch {
          throw badHits();
        }
        events = options.insights.events(parsed);
      } catch (error) {
        const known = error instanceof AppError ? error : badHits();
        status = known.status;
        body = JSON.stringify(errorBody(known));
      }
      if (body === undefined) response.writeHead(status, { ...headers, "x-request-id": requestId }).end();
      else response.writeHead(status, { ...headers, "x-request-id": requestId, "content-type": "application/json" }).end(body);
      options.answered(request, { requestId, method: "POST", path: HITS_PATH, status, ms: Math.round((performance.now() - started) * 10) / 10 });
      if (events) options.insights.record(events, hitRequest(request, options.trustProxy)).catch(options.onError);
    });
    return true;
  };
}
