// Pages and public API reads for visitors who are not signed in are the same for everyone until the content
// changes: each is rendered once, kept in a size-bounded LRU, and served again while the content version (a
// counter the database's triggers move on every change of public content, see migration 0050-content-version)
// is the one it was rendered at. Every instance reads that counter before serving, so a change made through one
// instance shows at once on all of them.
import { createHash } from "node:crypto";
import { getSessionCookie } from "better-auth/cookies";
import type { Context, MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import type { AppEnv } from "./api/api-env.ts";

/** Public pages (the site's content) and public API reads: nothing under them depends on who asks, but for sessions. */
const PAGE = /^\/(?:|map|events(?:\/[^/]+){0,2}|offers(?:\/[^/]+)?|news(?:\/[^/]+)?|business(?:\/[^/]+)?|tag(?:\/[^/]+)?|category(?:\/[^/]+)?|pages\/[^/]+|contact)$/;
const API = /^\/api\/v1\/(?:businesses|categories|tags|events|offers|posts|pages|site-settings|search)(?:\/|$)/;

/** Browsers may keep a public read, and use it for a minute while they check it is still current. */
export const PUBLIC_READ_CACHE_CONTROL = "public, max-age=0, stale-while-revalidate=60";

export interface AnonymousCacheOptions {
  /** The content version now (see migration 0050-content-version); null when it cannot be known, and nothing is cached. */
  contentVersion: () => Promise<number | null>;
  /** Bytes of responses kept at most; the least recently used go first. */
  maxBytes?: number;
  /** What depends on the time (whether a place is open, which events are upcoming) is rendered again after this. */
  ttlMs?: number;
}

interface Entry {
  version: number;
  status: number;
  headers: Record<string, string>;
  /** The body cut where the response's CSP nonce stood: each response gets its own nonce in those places. */
  parts: Buffer[];
  etag: string | null;
}

export function anonymousCache(options: AnonymousCacheOptions): MiddlewareHandler<AppEnv> & { cache: LRUCache<string, Entry> } {
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (entry) => entry.parts.reduce((sum, part) => sum + part.length, 256),
    ttl: options.ttlMs ?? 60_000,
  });

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const api = API.test(c.req.path);
    if (c.req.method !== "GET" || !(api || PAGE.test(c.req.path)) || getSessionCookie(c.req.raw.headers)) return next();

    const key = c.req.url.slice(c.req.url.indexOf("/", c.req.url.indexOf("//") + 2));
    const nonce = c.var.secureHeadersNonce;
    const version = await options.contentVersion();
    if (version === null) return next();
    const hit = cache.get(key);
    // A new response of its own, not through the context's: the lightest way through the Node adapter.
    if (hit && hit.version === version) return respond(c, hit, nonce);

    await next();
    const response = c.res;
    if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) return;
    if (/no-store|private/.test(response.headers.get("cache-control") ?? "")) return;
    const body = Buffer.from(await response.arrayBuffer());
    const entry: Entry = {
      version,
      status: response.status,
      headers: Object.fromEntries([...response.headers].filter(([name]) => name !== "content-length" && name !== "date")),
      parts: nonce ? split(body, Buffer.from(nonce)) : [body],
      etag: api ? `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` : null,
    };
    // Content that changed while this was rendered may be in it only in part, and a part of the page may have
    // failed to load: such a response is served, not kept.
    if (!c.get("incomplete") && (await options.contentVersion()) === version) cache.set(key, entry);
    // The rendered response was read: the context's is replaced with one made of the same bytes.
    c.res = undefined;
    c.res = respond(c, entry, nonce);
  };
  return Object.assign(middleware, { cache });
}

function respond(c: Context<AppEnv>, entry: Entry, nonce: string | undefined): Response {
  const headers: Record<string, string> = { ...entry.headers, vary: "Cookie" };
  if (entry.etag) {
    headers.etag = entry.etag;
    headers["cache-control"] = PUBLIC_READ_CACHE_CONTROL;
    if (matches(c.req.header("if-none-match"), entry.etag)) {
      delete headers["content-type"];
      return new Response(null, { status: 304, headers });
    }
  }
  const body = entry.parts.length === 1 ? entry.parts[0]! : join(entry.parts, Buffer.from(nonce ?? ""));
  return new Response(body as Uint8Array<ArrayBuffer>, { status: entry.status, headers });
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

function split(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function join(parts: Buffer[], separator: Buffer): Buffer {
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(separator);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}
