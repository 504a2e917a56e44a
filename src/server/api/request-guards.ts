// Checks every /api request passes before a handler reads it: the body's size and type, and, for writes carried by
// a session cookie, that the page asking is one of the site's own (a cross-site form or script may not write).
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./api-env.ts";
import { messages } from "#shared/messages.ts";

/** JSON bodies larger than this are refused unread; uploads go through tus, which has its own limit. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

function apiError(c: Context, status: 400 | 403 | 413 | 415, code: string, message: string) {
  return c.json({ error: { code, message } }, status);
}

function hasBody(c: Context): boolean {
  const length = c.req.header("content-length");
  if (length !== undefined) return Number(length) > 0;
  if (c.req.header("transfer-encoding") !== undefined) return true;
  // Without either header an HTTP/1.1 request has no body, though the Node adapter still hands over an (empty)
  // stream, as for a browser's DELETE; a Content-Type announces one all the same.
  return c.req.header("content-type") !== undefined;
}

/** Writes with a session cookie must come from the site's own pages: `Sec-Fetch-Site`, else `Origin`, says so. */
export function sameSiteWrites(isTrusted: (origin: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !c.req.header("cookie")) return next();
    const fetchSite = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    // A browser names the page's origin; a client that sends neither header is not a browser page of another site.
    const refused = origin !== undefined ? !isTrusted(origin) : fetchSite !== undefined && fetchSite !== "same-origin";
    if (refused) return apiError(c, 403, "cross_site", "Requests from other sites may not change anything here.");
    return next();
  };
}

/** What an account may still change before its email address is verified: its display name (docs/security.md). */
const UNVERIFIED_MAY_WRITE = new Set([
  "PATCH /api/v1/account",
  // A page's beacon of what it showed: it changes nothing of the account's (and is counted as anyone's would be).
  "POST /api/v1/insights/hits",
]);


/** Until its address is verified an account reads what it may read but changes nothing else (uploads included). */
export function verifiedWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (SAFE_METHODS.has(c.req.method) || !user || user.emailVerified) return next();
    if (UNVERIFIED_MAY_WRITE.has(`${c.req.method} ${c.req.path.replace(/\/$/, "")}`)) return next();
    return apiError(c, 403, "email_not_verified", messages.account.unverifiedRefused);
  };
}

/** JSON bodies only, at most JSON_BODY_LIMIT_BYTES: 415 for another type, 413 for a larger body. */
export function jsonBodies(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: (c) => apiError(c, 413, "too_large", "The request body is too large (at most 1 MB)."),
  });
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !hasBody(c)) return next();
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim();
    if (!JSON_TYPE.test(type)) return apiError(c, 415, "unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
    return limit(c, next);
  };
}

/** The status and JSON answer for an HTTPException raised while reading a request (malformed JSON and the like). */
export function httpExceptionResponse(c: Context, error: HTTPException) {
  const status = error.status >= 400 && error.status < 500 ? error.status : 400;
  return c.json({ error: { code: "bad_request", message: error.message || "The request is not valid." } }, status as 400);
}

export { HTTPException };
