// The built client's files (scripts, styles, the icon) answered straight from Node's server, before the app: sirv
// lists them once at start, with the .br and .gz files the build wrote beside each (vite.config.ts), so a request
// costs a lookup and a file stream instead of the app's middleware, a file-system check per encoding and a web
// stream. A page's first load asks for thirty of them at once.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import sirv from "sirv";
import type { RequestLine } from "./logger.ts";

export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The files outside /assets (the icon) keep their names from one release to the next. */
export const RENAMEABLE = "public, max-age=3600";

/**
 * Answers a GET or HEAD for a file of the build and says so, or returns false at once (nothing written) for the app
 * to answer. Module workers (.mjs, MapLibre's) are left to the app: a worker takes its Content-Security-Policy from
 * its own response, and the app's is the pages' policy.
 */
export function staticFiles(clientDir: string, log: (line: RequestLine) => void): (request: IncomingMessage, response: ServerResponse) => boolean {
  const serve = sirv(clientDir, {
    dev: false,
    etag: false,
    brotli: true,
    gzip: true,
    // No "/about" → about.html guessing: pages are the app's.
    extensions: [],
    setHeaders: (response, pathname) => {
      response.setHeader("Cache-Control", pathname.startsWith("/assets/") ? IMMUTABLE : RENAMEABLE);
      response.setHeader("X-Content-Type-Options", "nosniff");
      response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    },
  });
  return (request, response) => {
    const path = (request.url ?? "").split("?", 1)[0]!;
    if ((request.method !== "GET" && request.method !== "HEAD") || path.endsWith(".mjs")) return false;
    const started = performance.now();
    const requestId = request.headers["x-request-id"]?.toString() ?? randomUUID();
    response.setHeader("X-Request-Id", requestId);
    let found = true;
    // sirv looks its list up synchronously and calls `next` when the file is not in it.
    serve(request, response, () => {
      found = false;
    });
    if (!found) {
      response.removeHeader("X-Request-Id");
      return false;
    }
    response.once("finish", () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      log({ requestId, method: request.method!, path, status: response.statusCode, ms });
    });
    return true;
  };
}
