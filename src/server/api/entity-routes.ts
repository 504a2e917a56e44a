// The operations every editable entity of the API has, defined once: its administrators' paged list, and create,
// replace and delete, each with the answers they share (400 with the form's message, 401/403, 404, 409). Events and
// offers are also open to owners, whose writes wait for an administrator (202).
import { createRoute, type RouteConfig, type z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { RequestCreatedSchema } from "#shared/schemas/owners.ts";
import { paginatedSchema, PaginationQuerySchema } from "#shared/schemas/pagination.ts";
import { adminOnly, signedInOnly } from "./admin-only.ts";
import type { AppEnv } from "./api-env.ts";
import { someOwnerOrAdmin } from "./owner-guards.ts";
import { adminErrors, errorResponse, IdParamSchema, json } from "./schemas.ts";

/** A required JSON body of the given shape. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true as const, content: json(schema) });

/** A JSON answer. */
export const answer = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: json(schema) });

export interface EntityRoutesConfig<Path extends string, Body extends z.ZodType, Stored extends z.ZodType, Owners extends boolean> {
  /** The API tag, such as "Tags". */
  tag: string;
  /** The collection's path, such as "/tags"; one item is `{path}/{id}`. */
  path: Path;
  /** The entity's name as operation ids spell it, such as "Tag" (createTag) and its answers say it ("The new tag"). */
  name: string;
  body: Body;
  stored: Stored;
  summaries: { create: string; update: string; delete: string };
  /** The 400's description: the form's message for missing fields. */
  invalid: string;
  notFound: string;
  /** The 409's description, for entities with a unique name. */
  conflict?: string;
  /** The 401 and 403 answers, where the spec words the 401 its own way. */
  errors?: typeof adminErrors;
  /** Owners may write too (events and offers): their writes become requests, answered 202. */
  byOwners?: Owners;
}

/** The create, update and delete operations of an entity. */
export function entityWriteRoutes<Path extends string, Body extends z.ZodType, Stored extends z.ZodType, Owners extends boolean = false>(
  config: EntityRoutesConfig<Path, Body, Stored, Owners>,
) {
  const { tag, path, name, body, stored, summaries, invalid, notFound, conflict, errors = adminErrors, byOwners } = config;
  const lower = name.toLowerCase();
  const middleware: MiddlewareHandler<AppEnv>[] = byOwners ? [signedInOnly, someOwnerOrAdmin] : [adminOnly];
  // Answers only some entities have.
  type Answers = RouteConfig["responses"];
  const conflicts: Answers = conflict ? { 409: errorResponse(conflict) } : {};
  const waiting = (description: string) =>
    (byOwners ? { 202: answer(description, RequestCreatedSchema) } : {}) as Owners extends true ? { 202: ReturnType<typeof answer<typeof RequestCreatedSchema>> } : Answers;
  return {
    create: createRoute({
      operationId: `create${name}`,
      method: "post",
      path,
      tags: [tag],
      summary: summaries.create,
      middleware,
      request: { body: jsonBody(body) },
      responses: {
        201: answer(`The new ${lower}`, stored),
        ...waiting(`An owner's ${lower} for their business, waiting for an administrator`),
        400: errorResponse(invalid),
        ...errors,
        ...conflicts,
      },
    }),
    update: createRoute({
      operationId: `update${name}`,
      method: "put",
      path: `${path}/{id}` as const,
      tags: [tag],
      summary: summaries.update,
      middleware,
      request: { params: IdParamSchema, body: jsonBody(body) },
      responses: {
        200: answer(`The ${lower} after the change`, stored),
        ...waiting("An owner's change, waiting for an administrator"),
        400: errorResponse(invalid),
        ...errors,
        404: errorResponse(notFound),
        ...conflicts,
      },
    }),
    delete: createRoute({
      operationId: `delete${name}`,
      method: "delete",
      path: `${path}/{id}` as const,
      tags: [tag],
      summary: summaries.delete,
      middleware,
      request: { params: IdParamSchema },
      responses: { 204: { description: "Deleted" }, ...errors, 404: errorResponse(notFound) },
    }),
  };
}

/** Administrators' paged list of an entity, such as GET /admin/events. */
export function adminListRoute<Path extends string, Item extends z.ZodType, Query extends z.ZodObject = typeof PaginationQuerySchema>(config: {
  operationId: string;
  path: Path;
  tag: string;
  summary: string;
  description: string;
  item: Item;
  /** The page query, with any filters the list has. */
  query?: Query;
  errors?: typeof adminErrors;
}) {
  const { operationId, path, tag, summary, description, item, query = PaginationQuerySchema as unknown as Query, errors = adminErrors } = config;
  return createRoute({
    operationId,
    method: "get",
    path,
    tags: [tag],
    summary,
    middleware: [adminOnly] as const,
    request: { query },
    responses: { 200: answer(description, paginatedSchema(item)), 400: errorResponse("Invalid query"), ...errors },
  });
}
