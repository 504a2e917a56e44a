// The JSON API under /api/v1: how it validates input, and its OpenAPI document and docs page. The features' routes
// are registered on it from above the features (api-routes.ts).
import { OpenAPIHono } from "@hono/zod-openapi";
import { Validation } from "../errors.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import { makeStorable } from "#shared/text.ts";
import type { AppEnv } from "./api-env.ts";
import { registerDocsRoutes } from "./docs.ts";
import { API_TAGS, OPERATION_DESCRIPTIONS } from "./operation-descriptions.ts";

/** The API app, without routes yet. */
export function newApi() {
  return new OpenAPIHono<AppEnv>({
    // Invalid input becomes a 400 whose messages are keyed by field, like every other validation error.
    defaultHook: (result) => {
      // What passed validation is what the handler receives: its text is made storable here, for every operation at
      // once (no NUL, which PostgreSQL refuses, and no lone surrogates), so both databases keep the same text.
      if (result.success) makeStorable(result.data);
      else throw Validation("The request is not valid.", fieldErrors(result.error.issues));
    },
  });
}

export type Api = ReturnType<typeof newApi>;

/** The OpenAPI document of every route registered so far (read once, on first request) and the docs page. */
export function serveApiDocument(api: Api): void {
  let document: ReturnType<typeof openApiDocument> | undefined;
  api.get("/openapi.json", (c) => c.json((document ??= openApiDocument(api))));
  registerDocsRoutes(api);
}

const SESSION = "session";

/**
 * The OpenAPI document, with how each operation is authenticated: an operation that can answer 401 needs the session
 * cookie that sign-in sets; the others are open to anyone (a session may still widen what they show).
 */
function openApiDocument(api: OpenAPIHono<AppEnv>) {
  const document = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Niche API",
      version: "1",
      description: "Public and administrative API of a Niche site: businesses, categories, tags, events, offers, posts and pages, and CSV imports and exports.",
      // package.json's licence, which the document's test holds equal: npm's UNLICENSED, no licence to use the code is
      // granted (the address says what the word means, as there is no licence text to point to).
      license: { name: "UNLICENSED", url: "https://docs.npmjs.com/cli/configuring-npm/package-json#license" },
    },
    tags: API_TAGS,
    // Relative to where the document is served, so it holds for whatever address the site has.
    servers: [{ url: "/api/v1" }],
  });
  document.components = {
    ...document.components,
    securitySchemes: {
      [SESSION]: {
        type: "apiKey",
        in: "cookie",
        name: "better-auth.session_token",
        description: "The session cookie set by signing in at /api/auth/sign-in/email (named __Secure-better-auth.session_token over HTTPS).",
      },
    },
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of ["get", "put", "post", "delete", "patch"] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      operation.security = operation.responses?.["401"] ? [{ [SESSION]: [] }] : [];
      operation.description ??= operation.operationId ? OPERATION_DESCRIPTIONS[operation.operationId] : undefined;
    }
  }
  return document;
}
