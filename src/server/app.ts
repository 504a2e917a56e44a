// Builds the whole HTTP app (never listens): security headers, logging, auth, API, files, static assets and pages.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { HttpBindings } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { streamingCompress } from "./http/compress.ts";
import { isPersonPage, personPageKey, personPageKeyOf } from "./http/person-pages.ts";
import { anonymousCache, keepWire, personKey, viewerKey, type KeptFor } from "./http/anonymous-cache.ts";
import { firstVisitLanguage } from "./http/first-visit-language.ts";
import { errorLanguage } from "./http/error-language.ts";
import { languageSettingsOf } from "#shared/i18n/languages.ts";
import { freshNonce } from "./http/nonce.ts";
import type { Auth } from "./auth/auth.ts";
import { getCurrentUser, type CurrentUser } from "./auth/session.ts";
import { handleAuthRequest } from "./auth/auth-http.ts";
import type { Database } from "./db/database.ts";
import { AppError, errorBody } from "./errors.ts";
import { isUnstorableText } from "./db/unstorable-text.ts";
import { answeredLogger, type Logger, type RequestLine } from "./logger.ts";
import { IMMUTABLE, RENAMEABLE, staticFiles } from "./http/static-files.ts";
import type { AppServices } from "./services.ts";
import type { AppEnv } from "./api/api-env.ts";
import { createApi } from "./api-routes.ts";
import { IMPORTS_PATH } from "#server/features/import/index.ts";
import { HITS_PATH, hitsListener } from "#server/features/insights/index.ts";
import { ONE_CLICK_PATH } from "#server/features/subscribers/index.ts";
import { HTTPException, httpExceptionResponse, jsonBodies, sameSiteWrites, verifiedWrites } from "./api/request-guards.ts";
import { createPlainCategoryRoutes } from "#server/features/category/index.ts";
import { UPLOADS_PATH } from "#server/features/uploads/index.ts";
import { createSeoRoutes } from "#server/features/seo/index.ts";
import { createMeetingCalendarRoutes } from "#server/features/meeting/index.ts";
import type { Env } from "./env.ts";
import type { Metrics } from "./metrics/metrics.ts";
import { metricsHandler } from "./metrics/metrics.routes.ts";
import { messages } from "../shared/messages.ts";
import { UPLOAD_RULES } from "#shared/upload-kinds.ts";
import type { AppLoadContext } from "./load-context.ts";

export type RenderPage = (request: Request, context: AppLoadContext) => Promise<Response>;

export interface AppDeps {
  database: Database;
  auth: Auth;
  services: AppServices;
  logger: Logger;
  /** Server-renders a page; absent when only the API is wanted (API tests). */
  renderPage?: RenderPage;
  /** Directory of built browser assets (`build/client`); absent in development, where Vite serves them. */
  clientDir?: string;
  /** Development relaxes the CSP for Vite's hot reload. */
  development?: boolean;
  /** Served over HTTPS: adds HSTS. */
  https?: boolean;
  /** PUBLIC_URL, when set, is the origin of canonical links, the sitemap and calendar feeds (else each request's own). */
  env?: Pick<Env, "PUBLIC_URL"> & Partial<Pick<Env, "SECURITY_CONTACT" | "MAIL_FROM" | "METRICS_TOKEN">>;
  /** Made when METRICS_TOKEN is set: every request is counted, and /metrics serves the figures to whoever brings the token. */
  metrics?: Metrics | undefined;
  /** The pattern of the page route an address falls under (metrics/page-routes.ts), for counting pages by route. */
  pageRoute?: (pathname: string) => string | undefined;
  /** Set while tracing is on (telemetry/tracing.ts): told each request's route pattern, which names its span. */
  traceRoute?: ((request: IncomingMessage, route: string) => void) | undefined;
  /** Where the instance stands for a load balancer (GET /readyz): ready when absent. */
  readiness?: () => Readiness;
}

/** An instance is sent requests once its start's work is done, and no more once it begins to stop (decision 0070). */
export type Readiness = "starting" | "ready" | "stopping";

/** Methods counted as themselves; any other is counted as "other", so that a client cannot add series at will. */
const COUNTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

// The API's JSON is never a document: it gets the strictest policy (shorter than the pages', and no nonce), and
// none of the headers that only documents heed (OWASP's REST Security Cheat Sheet keeps the rest).
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/;
const DOCUMENT_ONLY = ["cross-origin-opener-policy", "origin-agent-cluster", "x-dns-prefetch-control", "x-download-options", "x-permitted-cross-domain-policies", "x-xss-protection"];
function forJson(headers: Headers) {
  headers.set("Content-Security-Policy", API_CSP);
  for (const name of DOCUMENT_ONLY) headers.delete(name);
}

function nonce(c: Context<AppEnv>): string {
  const value = freshNonce();
  c.set("secureHeadersNonce", value);
  return `'nonce-${value}'`;
}
const CHECK_IN_PAGE = /^\/events\/[^/]+\/check-in\/?$/;
const UNSTORABLE_TEXT = "The request contains a character that is not allowed here (such as NUL).";

export function createApp(deps: AppDeps) {
  const { database, auth, services, logger } = deps;
  const siteUrl = deps.env?.PUBLIC_URL?.replace(/\/$/, "");
  const metrics = deps.metrics;
  const app = new Hono<AppEnv>();

  // Handlers the route of a request is told by when their registered path ("*") does not say it.
  const serveClientFile = deps.clientDir
    ? serveStatic({ root: deps.clientDir, precompressed: true, onFound: (_path, c) => c.header("Cache-Control", RENAMEABLE) })
    : undefined;
  const renderPage = deps.renderPage;
  /** The person each request is answered for, once their session has been read (an in-process read takes its page's). */
  const readFor = new WeakMap<Request, CurrentUser | null>();
  /** The API in-process for a page's loaders: only reads, only the API, always as the page's own visitor. */
  const apiFor = (page: Request) => (path: string, init: RequestInit = {}) => {
    const method = (init.method ?? "GET").toUpperCase();
    if (!path.startsWith("/api/") || (method !== "GET" && method !== "HEAD")) throw new Error(`Pages read only the API in-process, not ${method} ${path}`);
    const headers = new Headers(init.headers);
    const cookie = page.headers.get("cookie");
    if (cookie) headers.set("cookie", cookie);
    const request = new Request(new URL(path, page.url), { method, headers });
    // The page's session was read already: each of its reads is answered as that person without reading it again.
    const user = readFor.get(page);
    if (user !== undefined) readFor.set(request, user);
    return Promise.resolve(app.fetch(request));
  };
  const page = renderPage
    ? (c: Context<AppEnv>) =>
        renderPage(c.req.raw, {
          services,
          user: c.var.user,
          unreadAnnouncements: c.var.unreadAnnouncements,
          nonce: c.var.secureHeadersNonce ?? "",
          siteUrl,
          fetch: apiFor(c.req.raw),
          reportError: (error, what) => {
            c.set("incomplete", true);
            logger.error({ err: error, path: c.req.path, what }, "page data failed to load");
          },
          notKept: () => c.set("incomplete", true),
        })
    : undefined;
  const cache = anonymousCache({ contentVersion: () => database.contentVersion(), metrics: metrics?.cache });
  /** The kind of signed-in visitor a public page is kept for: their role and their header's count of unread announcements. */
  const viewerKind = (user: CurrentUser, unread: number | null) => `${user.role} ${unread ?? "-"}`;
  const viewerPages = cache.forViewers(async (c) => {
    const user = c.var.user;
    if (!user) return null;
    const unread = await services.announcements.unreadCount(user);
    c.set("unreadAnnouncements", unread);
    return { kind: viewerKind(user, unread), names: [user.id, user.email, user.displayName] };
  });
  // A person's own pages, kept for them alone while nothing they show was written (decision 0053).
  const writeVersion = () => database.writeVersion();
  const personPages = cache.forPeople(personPageKey, writeVersion);
  const contentVersion = () => database.contentVersion();
  /**
   * Where the page a signed-in request asks for is kept, for answering it before the app: the session read as the app
   * reads it (on every request: a sign-out, a ban or a role change counts at once), then the same key and version
   * `personPages` or `viewerPages` keep it under.
   */
  const keptFor: KeptFor = async (cookie, path, query) => {
    const user = await getCurrentUser(auth, new Headers({ cookie }));
    if (!user) return null;
    if (isPersonPage(path)) {
      const person = personPageKeyOf(user, path, new URLSearchParams(query).has("insights"), cookie);
      return person === null ? null : { key: personKey(person, path + query), version: writeVersion };
    }
    return { key: viewerKey(viewerKind(user, await services.announcements.unreadCount(user)), path + query), version: contentVersion };
  };
  /** The route pattern a request is counted under: a kept response's, the page route's, or the answering handler's. */
  const routeOf = (c: Context<AppEnv>): string => {
    const kept = c.get("anonymousEntry");
    if (kept?.route) return kept.route;
    const answering = matchedRoutes(c)[c.req.routeIndex];
    if (!answering) return "unmatched";
    if (answering.handler === page || answering.handler === viewerPages || answering.handler === personPages) return deps.pageRoute?.(c.req.path) ?? "page";
    if (answering.handler === serveClientFile) return "static";
    return answering.path;
  };

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("x-request-id") ?? randomUUID();
    await next();
    if (c.req.path.startsWith("/api/") && JSON_TYPE.test(c.res.headers.get("content-type") ?? "")) forJson(c.res.headers);
    c.res.headers.set("X-Request-Id", requestId);
    const kept = c.get("anonymousEntry");
    if (kept && c.res.status === kept.status) keepWire(kept, c.res.headers, c.var.secureHeadersNonce);
    const elapsed = performance.now() - started;
    if (metrics || deps.traceRoute) {
      const route = routeOf(c);
      if (kept) kept.route ??= route;
      metrics?.request(COUNTED_METHODS.has(c.req.method) ? c.req.method : "other", route, c.res.status, elapsed / 1000);
      const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
      if (incoming) deps.traceRoute?.(incoming, route);
    }
    const ms = Math.round(elapsed * 10) / 10;
    const level = c.res.status >= 500 ? "error" : "info";
    logger[level]({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
  });

  // The map's style, tiles and glyphs come from the configured provider's hosts. Someone else's style names
  // them only inside its JSON: services.mapOrigins reads it once (only the first request waits), keeps the
  // answer and refreshes it in the background; the headers are rebuilt only when that set changes.
  const securityHeaders = (mapOrigins: string[], compilesWasm: boolean) =>
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [...(deps.development ? ["'self'", "'unsafe-inline'"] : ["'self'", nonce]), ...(compilesWasm ? ["'wasm-unsafe-eval'"] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile pictures from sign-in providers live on their hosts; images cannot run code.
        imgSrc: ["'self'", "data:", "blob:", "https:", ...mapOrigins],
        fontSrc: ["'self'", "data:"],
        connectSrc: [...(deps.development ? ["'self'", "ws:", "wss:"] : ["'self'"]), ...mapOrigins],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
      referrerPolicy: "strict-origin-when-cross-origin",
      xContentTypeOptions: "nosniff",
      xFrameOptions: "DENY",
      crossOriginOpenerPolicy: "same-origin-allow-popups",
      strictTransportSecurity: deps.https ? "max-age=31536000; includeSubDomains" : false,
      // A response that brings its own policy (stored files) keeps it.
      overwrite: false,
    });
  let headers: { key: string; middleware: ReturnType<typeof securityHeaders>; wasm: ReturnType<typeof securityHeaders> } | null = null;
  void services.mapOrigins.origins(logger);
  app.use(async (c, next) => {
    const mapOrigins = await services.mapOrigins.origins(logger);
    const key = mapOrigins.join(" ");
    if (headers?.key !== key) headers = { key, middleware: securityHeaders(mapOrigins, false), wasm: securityHeaders(mapOrigins, true) };
    // The check-in page reads QR codes with a WebAssembly decoder (ZXing): only that page may compile WebAssembly.
    return (CHECK_IN_PAGE.test(c.req.path) ? headers.wasm : headers.middleware)(c, next);
  });

  app.use(streamingCompress());

  // A NUL character in the address names nothing here; refused before it reaches a query (PostgreSQL cannot hold one).
  app.use(async (c, next) => {
    if (!/%00/i.test(c.req.url)) return next();
    const error = { code: "bad_request", message: UNSTORABLE_TEXT };
    return c.req.path.startsWith("/api/") ? c.json({ error }, 400) : c.text(error.message, 400);
  });

  // A first visit to an English page in a browser that prefers French goes to the French page, once.
  app.use(firstVisitLanguage(async () => languageSettingsOf(await services.siteSettings.get())));

  // Visitors who are not signed in get pages and public reads rendered once per change of content (anonymous-cache.ts).
  app.use(cache);

  // A write may change the map: its index of every business is built again ahead of the next map view (decision 0046).
  app.use(async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) services.mapClusters.warmSoon((error) => logger.warn({ err: error }, "building the map's index failed"));
  });

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(errorBody(error), error.status);
    // Raised while reading the request (malformed JSON, a body over the limit): the client's fault, never a 500.
    if (error instanceof HTTPException) return httpExceptionResponse(c, error);
    if (isUnstorableText(error)) return c.json({ error: { code: "bad_request", message: UNSTORABLE_TEXT } }, 400);
    logger.error({ err: error, path: c.req.path }, "unhandled error");
    return c.json({ error: { code: "internal", message: "Something went wrong. Please try again." } }, 500);
  });

  /** Whether the database answers: the process and its database are up (`ok`), else a 503 saying so. */
  const checked = async (c: Context<AppEnv>, ok: "ok" | "ready") => {
    try {
      await database.ping();
      return c.json({ status: ok, database: "ok" }, 200, { "Cache-Control": "no-store" });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      return c.json({ status: "error", database: "unreachable" }, 503, { "Cache-Control": "no-store" });
    }
  };
  app.get("/healthz", (c) => checked(c, "ok"));
  // For a load balancer: 503 while the instance starts (its map's index is built: the first views are then answered
  // from it, not from the database) and once it stops, so that requests go to the instances ready for them.
  app.get("/readyz", (c) => {
    const readiness = deps.readiness?.() ?? "ready";
    return readiness === "ready" ? checked(c, "ready") : c.json({ status: readiness }, 503, { "Cache-Control": "no-store" });
  });

  if (metrics && deps.env?.METRICS_TOKEN) app.get("/metrics", metricsHandler(metrics, deps.env.METRICS_TOKEN));

  app.on(["GET", "POST"], "/api/auth/*", (c) => handleAuthRequest(c, auth, logger));

  app.get("/files/*", async (c) => {
    let fullPath = "";
    try {
      fullPath = decodeURIComponent(c.req.path.slice("/files/".length));
    } catch {
      // A malformed escape names no file.
    }
    // The library's files go out only through their document's download, which checks who may read them.
    const libraryFile = fullPath.startsWith(`${UPLOAD_RULES.document.folder}/`);
    const file = fullPath && !libraryFile ? await services.files.read(fullPath).catch(() => null) : null;
    if (!file) return c.json({ error: { code: "not_found", message: messages.storage.notFound(fullPath) } }, 404);
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": file.contentType,
      "Cache-Control": IMMUTABLE,
      // Uploaded bytes never run as a document on our origin.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });

  if (deps.clientDir) {
    const root = deps.clientDir;
    // What `serveFile` (static-files.ts) leaves to the app: Range requests and MapLibre's worker script.
    // `precompressed`: the .br and .gz files the build writes beside each text asset (vite.config.ts) go out as they are.
    app.use(
      "/assets/*",
      serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header("Cache-Control", IMMUTABLE) }),
    );
    app.use("*", serveClientFile!);
  }

  app.use("*", async (c, next) => {
    c.set("services", services);
    c.set("signUpChallenge", auth.signUpChallenge);
    const known = readFor.get(c.req.raw);
    const user = known !== undefined ? known : await getCurrentUser(auth, c.req.raw.headers);
    readFor.set(c.req.raw, user);
    c.set("user", user);
    await next();
  });

  // The API's error messages in the language of the person who reads them.
  app.use("/api/*", errorLanguage(async () => languageSettingsOf(await services.siteSettings.get())));

  // Signed-in visitors' public pages differ from one person to the next only in the header (the account link of
  // their role, a member's count of unread announcements) and in what their role may see: kept for each such kind
  // of visitor (docs/decisions/0028-signed-in-public-pages.md).
  app.use(viewerPages);
  app.use(personPages);

  const sameSite = sameSiteWrites((origin) => services.origins.isTrusted(origin));
  // RFC 8058's one-click unsubscribe is POSTed by mail clients from anywhere, as a form: its signed token is all it
  // trusts, and it reads no body, so it alone passes by the origin, verified-account and JSON checks.
  const unlessOneClick = (guard: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> => async (c, next) => (c.req.path === ONE_CLICK_PATH ? next() : guard(c, next));
  app.use("/api/v1/*", unlessOneClick(sameSite));
  app.use("/api/v1/*", unlessOneClick(verifiedWrites()));
  app.use("/api/addCategory", sameSite);
  app.use("/api/addCategory", verifiedWrites());
  const guardBodies = jsonBodies();
  // Uploads and CSV imports carry files, and beacons of hits JSON as text/plain, with limits of their own.
  app.use("/api/v1/*", async (c, next) => (c.req.path.startsWith(UPLOADS_PATH) || c.req.path === IMPORTS_PATH || c.req.path === HITS_PATH || c.req.path === ONE_CLICK_PATH ? next() : guardBodies(c, next)));
  // The plain endpoint answers a body of another type itself (400, with the add-category page's message); a JSON
  // body is held to the same size limit as the API's.
  app.use("/api/addCategory", async (c, next) => (/json/i.test(c.req.header("content-type") ?? "") ? guardBodies(c, next) : next()));

  // tus resumable uploads (src/server/features/uploads): every method on the collection and on each upload.
  app.all(UPLOADS_PATH, (c) => services.uploads.handle(c.req.raw, c.var.user));
  app.all(`${UPLOADS_PATH}/*`, (c) => services.uploads.handle(c.req.raw, c.var.user));
  app.route("/api/v1", createApi());
  // The spec's two plain endpoints of the add-category page.
  app.route("/api", createPlainCategoryRoutes());
  app.all("/api/*", (c) => c.json({ error: { code: "not_found", message: "No such API endpoint." } }, 404));

  app.route("/", createSeoRoutes({ siteUrl, security: { contact: deps.env?.SECURITY_CONTACT, mailFrom: deps.env?.MAIL_FROM }, contentVersion }));

  app.route("/", createMeetingCalendarRoutes());

  if (page) app.all("*", page);

  /** Answers from Node's server what the anonymous cache holds, before the app (see anonymous-cache.ts). */
  const logLine = answeredLogger(logger);
  // Counted too: a kept response under the route it was rendered for, one of the build's files as "static".
  const logAnswered = metrics
    ? (line: RequestLine, route = "static") => {
        logLine(line);
        metrics.request(line.method, route, line.status, line.ms / 1000);
      }
    : logLine;
  const traceRoute = deps.traceRoute;
  // Traced, a kept response's span is named by the route it was rendered for, as the app's own are.
  const serveKept = traceRoute
    ? (request: IncomingMessage, response: ServerResponse) =>
        cache.serveKept(request, response, (line, route) => {
          if (route) traceRoute(request, route);
          logAnswered(line, route);
        })
    : (request: IncomingMessage, response: ServerResponse) => cache.serveKept(request, response, logAnswered);
  // A signed-in visitor's kept page, answered the same way once their session is read (before the app, which would
  // read it again only when nothing is kept for them).
  const serveSignedIn = traceRoute
    ? (request: IncomingMessage, response: ServerResponse) =>
        cache.serveSignedIn(
          request,
          response,
          (line, route) => {
            if (route) traceRoute(request, route);
            logAnswered(line, route);
          },
          keptFor,
        )
    : (request: IncomingMessage, response: ServerResponse) => cache.serveSignedIn(request, response, logAnswered, keptFor);
  /** Answers from Node's server the build's files (see static-files.ts); the app's `serveStatic` is for the rest. */
  const serveFile = deps.clientDir ? staticFiles(deps.clientDir, logAnswered) : () => false;
  /** Answers from Node's server the pages' beacons of hits (insight-hits.listener.ts). */
  const serveHits = hitsListener({
    insights: services.insights,
    trustProxy: services.geo.trustProxy,
    https: !!deps.https,
    answered: (request, line) => {
      traceRoute?.(request, HITS_PATH);
      logAnswered(line, HITS_PATH);
    },
    onError: (error) => logger.warn({ err: error }, "hits not counted"),
  });
  return Object.assign(app, { serveKept, serveSignedIn, serveFile, serveHits });
}

export type App = ReturnType<typeof createApp>;
