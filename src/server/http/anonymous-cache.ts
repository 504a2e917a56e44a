// Pages and public API reads for visitors who are not signed in are the same for everyone until the content
// changes: each is rendered once, kept in a size-bounded LRU, and served again while the content version (a
// counter the database's triggers move on every change of public content, see migration 0050-content-version)
// is the one it was rendered at. Every instance reads that counter before serving, so a change made through one
// instance shows at once on all of them.
//
// Once a kept response has gone out whole, its final headers (security headers and all) are kept with it, and the
// next requests for it are answered straight from Node's request (`serveKept`), before the Hono app: no Request or
// Response objects, no middleware; only the session cookie check, the version read, a fresh nonce and the log line.
import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { getSessionCookie } from "better-auth/cookies";
import type { Context, MiddlewareHandler, Next } from "hono";
import { LRUCache } from "lru-cache";
import type { AppEnv } from "../api/api-env.ts";
import type { RequestLine } from "../logger.ts";
import { COMPRESSIBLE, MIN_COMPRESSED_BYTES } from "./compress.ts";
import { freshNonce, NONCE_LENGTH } from "./nonce.ts";
import { oncePerTurn } from "../lib/once-per-turn.ts";
import type { CacheMetrics } from "../metrics/metrics.ts";
import { mayRedirect } from "./first-visit-language.ts";
import { isLocalizedPath, prefixOf, unprefixed } from "#shared/i18n/languages.ts";

/**
 * Public pages (the site's content) and public API reads: nothing under them depends on who asks, but for sessions.
 * An event's check-in page is its organizers' (the names of who registered), never anyone else's.
 */
const PAGE = /^\/(?:|map|events(?:\/(?!check-in$)[^/]+){0,2}|offers(?:\/[^/]+)?|news(?:\/[^/]+)?|business(?:\/[^/]+)?|tag(?:\/[^/]+)?|category(?:\/[^/]+)?|pages\/[^/]+|contact)$/;
/** A public page in any language: its English path, or that path below a language's prefix (/fr/map). */
function isPage(path: string): boolean {
  return PAGE.test(prefixOf(path) ? unprefixed(path) : path);
}

const API = /^\/api\/v1\/(?:(?:businesses|categories|tags|events|offers|posts|pages|site-settings|search)(?:\/|$)|geo\/(?:businesses|map-data)$)/;

/** Browsers may keep a public read, and use it for a minute while they check it is still current. */
export const PUBLIC_READ_CACHE_CONTROL = "public, max-age=0, stale-while-revalidate=60";

/** Told of each request answered before the app, with the route pattern of the kept response that answered it. */
export type AnsweredLog = (line: RequestLine, route?: string) => void;

export interface AnonymousCacheOptions {
  /**
   * The content version now (see migration 0050-content-version), at once or as a promise; null when it cannot be
   * known, and nothing is cached.
   */
  contentVersion: () => number | null | Promise<number | null>;
  /** Bytes of responses kept at most; the least recently used go first. */
  maxBytes?: number;
  /** What depends on the time (whether a place is open, which events are upcoming) is rendered again after this. */
  ttlMs?: number;
  /** Told of each request answered from the cache (a hit) and each it could hold but rendered anew (a miss). */
  metrics?: CacheMetrics;
}

export interface Entry {
  version: number;
  status: number;
  headers: Record<string, string>;
  /** The body cut where the response's CSP nonce stood: each response gets its own nonce in those places. */
  parts: Buffer[];
  etag: string | null;
  /** The pattern of the route it was rendered for, once it has gone out (its requests are counted under it). */
  route?: string;
  /** The headers it went out with the first time, each cut where the nonce stood; its parts, deflated. */
  wire?: Wire;
}

interface Wire {
  headers: [string, string[]][];
  /** Whether a nonce stands anywhere in it (else it goes out the same each time). */
  nonced: boolean;
  /** Whether it is gzipped for a request that asks. */
  compressible: boolean;
  deflated?: Buffer[];
  /** The headers of a response without a nonce, sent neither gzipped nor as 304. */
  plain?: OutgoingHttpHeaders;
}

export interface AnonymousCache extends MiddlewareHandler<AppEnv> {
  cache: LRUCache<string, Entry>;
  /**
   * Answers a request from Node's server with a kept response, when one is kept for it and still current, and
   * returns true; else false, and the request goes to the app. Either at once or, where the version is read with a
   * promise, once it is read.
   */
  serveKept(request: IncomingMessage, response: ServerResponse, log: AnsweredLog): boolean | Promise<boolean>;
  /**
   * The same for signed-in visitors' public pages, which differ from one person to the next only in what
   * `viewerOf` names (their role and the header's count, say): each is rendered once per content version for each
   * such kind of visitor, and kept apart from the others'. `viewerOf` is null where the page is not to be kept.
   * Placed after the middleware that knows who is signed in.
   */
  forViewers(viewerOf: (c: Context<AppEnv>) => Promise<Viewer | null>): MiddlewareHandler<AppEnv>;
  /**
   * A person's own pages (decision 0053): kept under `keyOf`'s key, which names the person and all else of them the
   * page shows, and served while `writeVersion` (moved by every write such a page shows) is the one it was rendered
   * at. `keyOf` is null where the request is not to be kept. Placed after the middleware that knows who is signed in.
   */
  forPeople(keyOf: (c: Context<AppEnv>) => string | null, writeVersion: Version): MiddlewareHandler<AppEnv>;
  /**
   * `serveKept` for signed-in visitors: answers from Node's server with the page `forViewers` or `forPeople` kept for
   * them, once `keptFor` has read who asks (their session, on every request) and named the key and version of their
   * page (null: none is kept for them, and the app answers). Always false at once for a request without a session
   * cookie or for an address no signed-in page is kept under.
   */
  serveSignedIn(request: IncomingMessage, response: ServerResponse, log: AnsweredLog, keptFor: KeptFor): false | Promise<boolean>;
}

/** Where a signed-in visitor's page is kept: its key and the version it must have been rendered at. */
export type KeptFor = (cookie: string, path: string, query: string) => Promise<{ key: string; version: Version } | null>;

export type Version = () => number | null | Promise<number | null>;

/** A signed-in visitor, as far as the public pages they are sent differ from others'. */
export interface Viewer {
  /** What their pages depend on: everyone of one kind is sent the same page. */
  kind: string;
  /**
   * What names the person (their id, email, name): a page that shows any of these is sent to them but never kept,
   * so that a page that came to show something of its visitor is never sent to another.
   */
  names: string[];
}

export function anonymousCache(options: AnonymousCacheOptions): AnonymousCache {
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (entry) => entry.parts.reduce((sum, part) => sum + part.length, 256),
    ttl: options.ttlMs ?? 60_000,
  });

  /** Answers with the response kept under `key` while it is current, else renders it and keeps it. */
  const keptOrRendered = async (c: Context<AppEnv>, next: Next, key: string, api: boolean, viewer?: Viewer, versionOf: Version = options.contentVersion) => {
    const nonce = c.var.secureHeadersNonce;
    const version = await versionOf();
    if (version === null) return next();
    const hit = cache.get(key);
    // A new response of its own, not through the context's: the lightest way through the Node adapter.
    if (hit && hit.version === version) {
      options.metrics?.hit();
      const response = respond(c, hit, nonce);
      if (response.status === hit.status) c.set("anonymousEntry", hit);
      return response;
    }

    options.metrics?.miss();
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
    if (!c.get("incomplete") && !viewer?.names.some((name) => mentions(body, name)) && (await versionOf()) === version) {
      cache.set(key, entry);
      c.set("anonymousEntry", entry);
    }
    // The rendered response was read: the context's is replaced with one made of the same bytes.
    c.res = undefined;
    c.res = respond(c, entry, nonce);
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const api = API.test(c.req.path);
    if (c.req.method !== "GET" || !(api || isPage(c.req.path)) || getSessionCookie(c.req.raw.headers)) return next();
    return keptOrRendered(c, next, pathAndQuery(c.req.url), api);
  };

  const forViewers: AnonymousCache["forViewers"] = (viewerOf) => async (c, next) => {
    if (c.req.method !== "GET" || !isPage(c.req.path)) return next();
    const viewer = await viewerOf(c);
    if (viewer === null) return next();
    // Never a request's address: those begin with "/", so the fast path for visitors never finds these.
    return keptOrRendered(c, next, viewerKey(viewer.kind, pathAndQuery(c.req.url)), false, viewer);
  };

  const forPeople: AnonymousCache["forPeople"] = (keyOf, writeVersion) => async (c, next) => {
    if (c.req.method !== "GET") return next();
    const person = keyOf(c);
    if (person === null) return next();
    // Begins with a space: never a request's address, nor a kind of visitor's key.
    return keptOrRendered(c, next, personKey(person, pathAndQuery(c.req.url)), false, { kind: person, names: [] }, writeVersion);
  };

  // The fast path reads the version once per turn of the event loop: requests that arrive together (parsed in one
  // turn) were sent at the same time, and a change committed before any of them was sent is read in a turn before.
  const versionNow = oncePerTurn(options.contentVersion);

  const serveKept: AnonymousCache["serveKept"] = (request, response, log) => {
    if (request.method !== "GET" || !request.url) return false;
    const entry = cache.get(request.url);
    if (!entry?.wire) return false;
    const asked = askedOf(request);
    if (asked.cookie && getSessionCookie(new Headers({ cookie: asked.cookie }))) return false;
    // An English page whose visitor's browser prefers another language may be a first visit to send there.
    if (asked.acceptLanguage && mayRedirect(asked.cookie, asked.acceptLanguage) && isEnglishPage(request.url)) return false;
    const started = performance.now();
    let version: ReturnType<typeof versionNow>;
    try {
      version = versionNow();
    } catch {
      return false;
    }
    const { metrics } = options;
    if (!(version instanceof Promise)) return version === entry.version && counted(sendKept(entry, asked, request, response, log, started), metrics);
    return version.then((now) => now === entry.version && counted(sendKept(entry, asked, request, response, log, started), metrics), () => false);
  };

  const serveSignedIn: AnonymousCache["serveSignedIn"] = (request, response, log, keptFor) => {
    const url = request.url;
    if (request.method !== "GET" || !url) return false;
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const asked = askedOf(request);
    if (!asked.cookie || !getSessionCookie(new Headers({ cookie: asked.cookie }))) return false;
    if (asked.acceptLanguage && mayRedirect(asked.cookie, asked.acceptLanguage) && isEnglishPage(url)) return false;
    const started = performance.now();
    return keptFor(asked.cookie, path, query === -1 ? "" : url.slice(query)).then(async (kept) => {
      if (!kept) return false;
      const entry = cache.get(kept.key);
      if (!entry?.wire) return false;
      if ((await kept.version()) !== entry.version) return false;
      return counted(sendKept(entry, asked, request, response, log, started), options.metrics);
    });
  };

  return Object.assign(middleware, { cache, serveKept, forViewers, forPeople, serveSignedIn });
}

/** The key a signed-in visitor's public page is kept under: never a request's address, which begins with "/". */
export function viewerKey(kind: string, pathAndQuery: string): string {
  return `${kind}\n${pathAndQuery}`;
}

/** The key a person's own page is kept under: begins with a space, never a request's address nor a kind of visitor's key. */
export function personKey(person: string, pathAndQuery: string): string {
  return ` ${person}\n${pathAndQuery}`;
}

/**
 * Whether the text stands in the body as the page would have it: as it is, escaped for HTML, or in JSON (the
 * loaders' data) once or twice over. Texts shorter than 4 characters stand in too many pages to tell anything.
 */
function mentions(body: Buffer, text: string): boolean {
  if (text.length < 4) return false;
  const html = text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
  const json = JSON.stringify(text).slice(1, -1);
  const forms = new Set([text, html, json, JSON.stringify(json).slice(1, -1), json.replace(/[<>&]/g, (char) => `\\u00${char.charCodeAt(0).toString(16)}`)]);
  return [...forms].some((form) => body.includes(form));
}
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** The address's path and query, the key a response is kept under. */
function pathAndQuery(url: string): string {
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
}

/** The request headers a kept response depends on. */
interface Asked {
  cookie?: string;
  requestId?: string;
  ifNoneMatch?: string;
  acceptEncoding?: string;
  acceptLanguage?: string;
}

function isEnglishPage(url: string): boolean {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  return !prefixOf(path) && isLocalizedPath(path);
}

/** Read from the request's raw headers in one pass, without Node making its header object (which nothing else needs). */
function askedOf(request: IncomingMessage): Asked {
  const asked: Asked = {};
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // Only names of these lengths are looked at, whatever their case.
    if (name.length === 6 && name.toLowerCase() === "cookie") asked.cookie = asked.cookie ? `${asked.cookie}; ${raw[i + 1]}` : raw[i + 1];
    else if (name.length === 12 && name.toLowerCase() === "x-request-id") asked.requestId ??= raw[i + 1];
    else if (name.length === 13 && name.toLowerCase() === "if-none-match") asked.ifNoneMatch = asked.ifNoneMatch ? `${asked.ifNoneMatch}, ${raw[i + 1]}` : raw[i + 1];
    else if (name.length === 15 && name.toLowerCase() === "accept-encoding") asked.acceptEncoding = asked.acceptEncoding ? `${asked.acceptEncoding}, ${raw[i + 1]}` : raw[i + 1];
    else if (name.length === 15 && name.toLowerCase() === "accept-language") asked.acceptLanguage = asked.acceptLanguage ? `${asked.acceptLanguage}, ${raw[i + 1]}` : raw[i + 1];
  }
  return asked;
}

function counted(sent: boolean, metrics: CacheMetrics | undefined): boolean {
  if (sent) metrics?.hit();
  return sent;
}

/** Answers with a kept response; false when nothing was written, and the app should answer instead. */
function sendKept(entry: Entry, asked: Asked, request: IncomingMessage, response: ServerResponse, log: AnsweredLog, started: number): boolean {
  const wire = entry.wire!;
  // Whatever goes wrong here is answered by the app instead, or, once this answer has begun, ends it.
  try {
    const requestId = asked.requestId ?? randomUUID();
    let status = entry.status;
    let headers: OutgoingHttpHeaders;
    let sent: Buffer | null;
    if (entry.etag && matches(asked.ifNoneMatch, entry.etag)) {
      status = 304;
      sent = null;
      headers = wireHeaders(wire, "");
      delete headers["content-type"];
    } else if (wire.compressible && asked.acceptEncoding && /\bgzip\b/.test(asked.acceptEncoding)) {
      const nonce = wire.nonced ? freshNonce() : "";
      headers = wireHeaders(wire, nonce);
      sent = gzipWithNonce((wire.deflated ??= deflateParts(entry.parts)), entry.parts, nonce);
      headers["content-encoding"] = "gzip";
      headers.vary = `${headers.vary ? `${String(headers.vary)}, ` : ""}Accept-Encoding`;
    } else if (wire.nonced) {
      const nonce = freshNonce();
      headers = wireHeaders(wire, nonce);
      sent = join(entry.parts, Buffer.from(nonce));
    } else {
      // The same headers each time but for the two set below: one object, filled in anew for each response (Node
      // reads it whole before `writeHead` returns).
      headers = wire.plain ??= wireHeaders(wire, "");
      sent = entry.parts[0]!;
    }
    headers["x-request-id"] = requestId;
    if (sent) headers["content-length"] = sent.length;
    response.writeHead(status, headers);
    response.end(sent);
    const url = request.url!;
    const query = url.indexOf("?");
    const ms = Math.round((performance.now() - started) * 10) / 10;
    log({ requestId, method: "GET", path: query === -1 ? url : url.slice(0, query), status, ms }, entry.route);
  } catch (error) {
    if (!response.headersSent) return false;
    response.destroy(error as Error);
  }
  return true;
}

/** A kept response's headers with a nonce where it stood. */
function wireHeaders(wire: Wire, nonce: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, parts] of wire.headers) headers[name] = parts.length === 1 ? parts[0] : parts.join(nonce);
  return headers;
}

/**
 * Keeps the headers a kept response first went out with, for `serveKept`: all but those made for each response
 * and those of its compression, each cut where the response's nonce stood.
 */
export function keepWire(entry: Entry, headers: Headers, nonce: string | undefined) {
  // A cookie set on the way out was set for that request's visitor alone.
  if (entry.wire || headers.has("set-cookie")) return;
  const kept: [string, string[]][] = [];
  for (const [name, value] of headers) {
    if (PER_RESPONSE.has(name)) continue;
    // What the app's compression added is added again by `serveKept` when the request asks for it.
    const lasting = name === "vary" ? value.split(/,\s*/).filter((field) => field.toLowerCase() !== "accept-encoding").join(", ") : value;
    if (lasting) kept.push([name, nonce ? lasting.split(nonce) : [lasting]]);
  }
  const type = headers.get("content-type") ?? "";
  const size = entry.parts.reduce((sum, part) => sum + part.length, 0);
  entry.wire = {
    headers: kept,
    nonced: entry.parts.length > 1 || kept.some(([, parts]) => parts.length > 1),
    compressible: COMPRESSIBLE.test(type) && size >= MIN_COMPRESSED_BYTES,
  };
}
const PER_RESPONSE = new Set(["content-length", "date", "x-request-id", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);

// A body that carries a nonce is compressed once, a part at a time, each part's deflate stream ending byte-aligned
// on a sync flush, so that the parts can be joined with each response's nonce between them, as a stored block, into
// one gzip stream (RFC 1951 3.2.4, RFC 1952). Each part is compressed with what precedes it as its dictionary, the
// nonces standing there as NUL bytes: no text of a page has three of those in a row, so nothing refers back into a
// nonce, and the parts compress about as well as the whole page would. (A body with NUL in it is compressed part by
// part without that dictionary.)
const WINDOW = 32 * 1024;
function deflateParts(parts: Buffer[]): Buffer[] {
  const placeholder = Buffer.alloc(NONCE_LENGTH);
  const withDictionary = !parts.some((part) => part.includes(0));
  let window = Buffer.alloc(0);
  return parts.map((part) => {
    const dictionary = withDictionary && window.length > 0 ? { dictionary: window } : {};
    const deflated = zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH, ...dictionary });
    window = Buffer.concat([window, part, placeholder]).subarray(-WINDOW);
    return deflated;
  });
}
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

function gzipWithNonce(deflated: Buffer[], parts: Buffer[], nonce: string): Buffer {
  const stored = Buffer.from(nonce);
  if (deflated.length > 1 && stored.length !== NONCE_LENGTH) throw new Error("a nonce of another length");
  const block = Buffer.alloc(5);
  block.writeUInt16LE(stored.length, 1);
  block.writeUInt16LE(~stored.length & 0xffff, 3);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  deflated.forEach((part, i) => {
    if (i > 0) {
      pieces.push(block, stored);
      crc = zlib.crc32(stored, crc);
      size += stored.length;
    }
    pieces.push(part);
    crc = zlib.crc32(parts[i]!, crc);
    size += parts[i]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(LAST_BLOCK, trailer);
  return Buffer.concat(pieces);
}

function respond(c: Context<AppEnv>, entry: Entry, nonce: string | undefined): Response {
  const headers: Record<string, string> = { ...entry.headers, vary: "Cookie" };
  if (entry.etag) {
    headers.etag = entry.etag;
    // A read its route has browsers check every time (the map's businesses, whether each is open) stays so.
    if (entry.headers["cache-control"] !== "no-cache") headers["cache-control"] = PUBLIC_READ_CACHE_CONTROL;
    if (matches(c.req.header("if-none-match"), entry.etag)) {
      delete headers["content-type"];
      return new Response(null, { status: 304, headers });
    }
  }
  const body = entry.parts.length === 1 ? entry.parts[0]! : join(entry.parts, Buffer.from(nonce ?? ""));
  return new Response(body as Uint8Array<ArrayBuffer>, { status: entry.status, headers });
}

function matches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (Array.isArray(ifNoneMatch)) ifNoneMatch = ifNoneMatch.join(",");
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
