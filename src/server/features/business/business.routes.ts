import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminErrors, errorResponse, json } from "#server/api/schemas.ts";
import { adminOnly, signedInOnly } from "#server/api/admin-only.ts";
import { RequestCreatedSchema } from "#shared/schemas/owners.ts";
import { businessOwnerOrAdmin } from "#server/api/owner-guards.ts";
import {
  BusinessAdminListQuerySchema,
  BusinessAdminSchema,
  BusinessInputSchema,
  BusinessListQuerySchema,
  BusinessSchema,
} from "#shared/schemas/business.ts";
import { paginatedSchema } from "#shared/schemas/pagination.ts";
import { EventSchema } from "#shared/schemas/event.ts";
import { OfferSchema } from "#shared/schemas/offer.ts";

const IdParam = z.object({ id: z.string().min(1) });
/** A page of a form's list names at most this many businesses. */
const BUSINESS_NAMES_MAX = 100;

const listBusinesses = createRoute({
  operationId: "listBusinesses",
  method: "get",
  path: "/businesses",
  tags: ["Businesses"],
  summary: "Businesses ordered by name, optionally only those with a tag, in a category, open now, or with every attribute named",
  request: { query: BusinessListQuerySchema },
  responses: {
    200: { description: "Businesses", content: { "application/json": { schema: z.array(BusinessSchema) } } },
    400: errorResponse("Invalid query"),
  },
});

const getBusiness = createRoute({
  operationId: "getBusiness",
  method: "get",
  path: "/businesses/{id}",
  tags: ["Businesses"],
  summary: "One business, with its description in the site's other languages (translations)",
  request: { params: IdParam },
  responses: {
    200: { description: "The business", content: { "application/json": { schema: BusinessSchema } } },
    404: errorResponse("Business not found."),
  },
});

const listBusinessEvents = createRoute({
  operationId: "listBusinessEvents",
  method: "get",
  path: "/businesses/{id}/events",
  tags: ["Businesses", "Events"],
  summary: "Events held at a business, newest first",
  request: { params: IdParam },
  responses: {
    200: { description: "Events", content: { "application/json": { schema: z.array(EventSchema) } } },
    404: errorResponse("Business not found."),
  },
});

const listBusinessOffers = createRoute({
  operationId: "listBusinessOffers",
  method: "get",
  path: "/businesses/{id}/offers",
  tags: ["Businesses", "Offers"],
  summary: "A business's offers, newest first",
  request: { params: IdParam },
  responses: {
    200: { description: "Offers", content: { "application/json": { schema: z.array(OfferSchema) } } },
    404: errorResponse("Business not found."),
  },
});

const listBusinessesForAdmin = createRoute({
  operationId: "listBusinessesForAdmin",
  method: "get",
  path: "/admin/businesses",
  tags: ["Businesses"],
  summary: "A page of businesses ordered by name, optionally only names containing q (admins only)",
  middleware: [adminOnly] as const,
  request: { query: BusinessAdminListQuerySchema },
  responses: {
    200: { description: "Businesses", content: json(paginatedSchema(BusinessAdminSchema)) },
    400: errorResponse("Invalid query"),
    ...adminErrors,
  },
});

const businessNamesForAdmin = createRoute({
  operationId: "businessNamesForAdmin",
  method: "get",
  path: "/admin/business-names",
  tags: ["Businesses"],
  summary: "The names of the businesses of these ids, for the pickers of forms that name them (admins only)",
  middleware: [adminOnly] as const,
  request: {
    query: z.object({
      ids: z
        .string()
        .max(4000)
        .transform((value) => [...new Set(value.split(",").filter(Boolean))])
        .refine((ids) => ids.length <= BUSINESS_NAMES_MAX, { error: `at most ${BUSINESS_NAMES_MAX} ids` })
        .openapi({ param: { name: "ids", in: "query" }, description: "Comma-separated business ids; those that are not stored are left out" }),
    }),
  },
  responses: {
    200: { description: "The businesses found, by name", content: json(z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) })) },
    400: errorResponse("Invalid query"),
    ...adminErrors,
  },
});

const getBusinessForAdmin = createRoute({
  operationId: "getBusinessForAdmin",
  method: "get",
  path: "/admin/businesses/{id}",
  tags: ["Businesses"],
  summary: "One business with what only administrators see, for its edit form (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParam },
  responses: {
    200: { description: "The business", content: json(BusinessAdminSchema) },
    ...adminErrors,
    404: errorResponse("Business not found."),
  },
});

const createBusiness = createRoute({
  operationId: "createBusiness",
  method: "post",
  path: "/businesses",
  tags: ["Businesses"],
  summary: "Add a business (admins); anyone else signed in proposes it as a new listing. logoPath is a fresh logo upload to attach",
  middleware: [signedInOnly] as const,
  request: { body: { required: true, content: json(BusinessInputSchema) } },
  responses: {
    201: { description: "The new business", content: json(BusinessAdminSchema) },
    202: { description: "The proposed listing, waiting for an administrator", content: json(RequestCreatedSchema) },
    400: errorResponse("Name, Latitude, Longitude, and Category are required."),
    ...adminErrors,
    404: errorResponse("The logo upload does not exist"),
  },
});

const updateBusiness = createRoute({
  operationId: "updateBusiness",
  method: "put",
  path: "/businesses/{id}",
  tags: ["Businesses"],
  summary: "Replace a business's fields and tags (admins); an owner's change waits for approval. logoPath: a new upload, null to remove, absent to keep",
  middleware: [signedInOnly, businessOwnerOrAdmin] as const,
  request: { params: IdParam, body: { required: true, content: json(BusinessInputSchema) } },
  responses: {
    200: { description: "The business after the change", content: json(BusinessAdminSchema) },
    202: { description: "The owner's change, waiting for an administrator (the public listing is unchanged)", content: json(RequestCreatedSchema) },
    400: errorResponse("Name, Latitude, Longitude, and Category are required."),
    ...adminErrors,
    404: errorResponse("Business not found."),
  },
});

const deleteBusiness = createRoute({
  operationId: "deleteBusiness",
  method: "delete",
  path: "/businesses/{id}",
  tags: ["Businesses"],
  summary: "Delete a business with its offers and logo (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParam },
  responses: {
    204: { description: "Deleted" },
    ...adminErrors,
    404: errorResponse("Business not found."),
  },
});

export function registerBusinessRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listBusinessesForAdmin, async (c) =>
    c.json(await c.var.services.businesses.listPage(c.var.user, c.req.valid("query")), 200),
  );
  api.openapi(businessNamesForAdmin, async (c) => c.json({ items: await c.var.services.businesses.namesOf(c.var.user, c.req.valid("query").ids) }, 200));
  api.openapi(getBusinessForAdmin, async (c) => c.json(await c.var.services.businesses.adminGet(c.var.user, c.req.valid("param").id), 200));
  api.openapi(createBusiness, async (c) => {
    const outcome = await c.var.services.requests.proposeBusiness(c.var.user, c.req.valid("json"));
    return "applied" in outcome ? c.json(outcome.applied, 201) : c.json(outcome.request, 202);
  });
  api.openapi(updateBusiness, async (c) => {
    const outcome = await c.var.services.requests.saveBusiness(c.var.user, c.req.valid("param").id, c.req.valid("json"));
    return "applied" in outcome ? c.json(outcome.applied, 200) : c.json(outcome.request, 202);
  });
  api.openapi(deleteBusiness, async (c) => {
    await c.var.services.businesses.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
  api.openapi(listBusinesses, async (c) => c.json(await c.var.services.businesses.list(c.req.valid("query")), 200));
  api.openapi(getBusiness, async (c) => {
    const { businesses } = c.var.services;
    return c.json(await businesses.withTranslations(await businesses.get(c.req.valid("param").id)), 200);
  });
  api.openapi(listBusinessEvents, async (c) => {
    const { businesses, events } = c.var.services;
    const business = await businesses.get(c.req.valid("param").id);
    return c.json(await events.atBusiness(business.id), 200);
  });
  api.openapi(listBusinessOffers, async (c) => {
    const { businesses, offers } = c.var.services;
    const business = await businesses.get(c.req.valid("param").id);
    return c.json(await offers.atBusiness(business.id), 200);
  });
}
