// The JSON API under /api/v1, with its OpenAPI document and a docs page.
import { OpenAPIHono } from "@hono/zod-openapi";
import { Validation } from "../errors.ts";
import { makeStorable } from "#shared/text.ts";
import type { AppEnv } from "./api-env.ts";
import { registerSiteSettingsRoutes } from "../features/site-settings/site-settings.routes.ts";
import { registerMeRoutes } from "../features/me/me.routes.ts";
import { registerAccountRoutes } from "../features/account/account.routes.ts";
import { registerUploadsRoutes } from "../features/uploads/uploads.routes.ts";
import { registerBusinessRoutes } from "../features/business/business.routes.ts";
import { registerCategoryRoutes } from "../features/category/category.routes.ts";
import { registerTagRoutes } from "../features/tag/tag.routes.ts";
import { registerEventRoutes } from "../features/event/event.routes.ts";
import { registerOfferRoutes } from "../features/offer/offer.routes.ts";
import { registerPostRoutes } from "../features/post/post.routes.ts";
import { registerGeoRoutes } from "../features/geo/geo.routes.ts";
import { registerAuditRoutes } from "../features/audit/audit.routes.ts";
import { registerUsersRoutes } from "../features/users/users.routes.ts";
import { registerPageRoutes } from "../features/page/page.routes.ts";
import { registerSearchRoutes } from "../features/search/search.routes.ts";
import { registerImportRoutes } from "../features/import/import.routes.ts";
import { registerExportRoutes } from "../features/import/export.routes.ts";
import { registerRequestRoutes } from "../features/owners/requests.routes.ts";
import { registerIntakeRoutes } from "../features/intake/intake.routes.ts";
import { registerDocsRoutes } from "./docs.ts";

export function createApi() {
  const api = new OpenAPIHono<AppEnv>({
    // Invalid input becomes a 400 whose messages are keyed by field, like every other validation error.
    defaultHook: (result) => {
      // What passed validation is what the handler receives: its text is made storable here, for every operation at
      // once (no NUL, which PostgreSQL refuses, and no lone surrogates), so both databases keep the same text.
      if (result.success) makeStorable(result.data);
      if (!result.success) {
        const fields: Record<string, string> = {};
        for (const issue of result.error.issues) {
          const key = issue.path.join(".") || "_";
          fields[key] ??= issue.message;
        }
        throw Validation("The request is not valid.", fields);
      }
    },
  });

  registerSiteSettingsRoutes(api);
  registerSearchRoutes(api);
  registerMeRoutes(api);
  registerAccountRoutes(api);
  registerUploadsRoutes(api);
  registerRequestRoutes(api);
  registerBusinessRoutes(api);
  registerCategoryRoutes(api);
  registerTagRoutes(api);
  registerEventRoutes(api);
  registerOfferRoutes(api);
  registerPostRoutes(api);
  registerGeoRoutes(api);
  registerAuditRoutes(api);
  registerUsersRoutes(api);
  registerPageRoutes(api);
  registerImportRoutes(api);
  registerExportRoutes(api);
  registerIntakeRoutes(api);

  let document: ReturnType<typeof openApiDocument> | undefined;
  api.get("/openapi.json", (c) => c.json((document ??= openApiDocument(api))));
  registerDocsRoutes(api);
  return api;
}

export type Api = ReturnType<typeof createApi>;

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
    },
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
    }
  }
  return document;
}
