import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly, signedInOnly } from "#server/api/admin-only.ts";
import { RequestCreatedSchema } from "#shared/schemas/owners.ts";
import { someOwnerOrAdmin } from "#server/api/owner-guards.ts";
import { errorResponse, IdParamSchema, json, LimitQuerySchema } from "#server/api/schemas.ts";
import type { OfferInputSchema } from "#shared/schemas/offer.ts";
import { AdminOfferSchema, OfferSchema } from "#shared/schemas/offer.ts";
import { paginatedSchema, PaginationQuerySchema } from "#shared/schemas/pagination.ts";

const listOffers = createRoute({
  operationId: "listOffers",
  method: "get",
  path: "/offers",
  tags: ["Offers"],
  summary: "Offers running today (the site's local date, between validFrom and validUntil), newest first",
  request: { query: LimitQuerySchema },
  responses: {
    200: { description: "Offers", content: { "application/json": { schema: z.array(OfferSchema) } } },
    400: errorResponse("Invalid query"),
  },
});

const adminErrors = { 401: errorResponse("You must be logged in to manage offers."), 403: errorResponse("Not an administrator") };
// The service validates the body with the form's own schema (and its messages); documented here as an object.
const OfferBody = z.custom<z.input<typeof OfferInputSchema>>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description: "businessId, description, type (one of the offer types), price, terms",
});

const listAdminOffers = createRoute({
  operationId: "listAdminOffers",
  method: "get",
  path: "/admin/offers",
  tags: ["Offers"],
  summary: "Every offer, newest first (admins only)",
  middleware: [adminOnly] as const,
  request: { query: PaginationQuerySchema },
  responses: { 200: { description: "Offers", content: json(paginatedSchema(AdminOfferSchema)) }, 400: errorResponse("Invalid query"), ...adminErrors },
});

const createOffer = createRoute({
  operationId: "createOffer",
  method: "post",
  path: "/offers",
  tags: ["Offers"],
  summary: "Add an offer; the business's name is stored with it (admins; owners for their own businesses, through a request)",
  middleware: [signedInOnly, someOwnerOrAdmin] as const,
  request: { body: { required: true, content: json(OfferBody) } },
  responses: {
    201: { description: "The new offer", content: json(AdminOfferSchema.omit({ expired: true })) },
    202: { description: "An owner's offer for their business, waiting for an administrator", content: json(RequestCreatedSchema) },
    400: errorResponse("Business, Description, and Type are required."),
    ...adminErrors,
  },
});

const updateOffer = createRoute({
  operationId: "updateOffer",
  method: "put",
  path: "/offers/{id}",
  tags: ["Offers"],
  summary: "Replace an offer (admins; owners for their own businesses, through a request)",
  middleware: [signedInOnly, someOwnerOrAdmin] as const,
  request: { params: IdParamSchema, body: { required: true, content: json(OfferBody) } },
  responses: {
    200: { description: "The offer after the change", content: json(AdminOfferSchema.omit({ expired: true })) },
    202: { description: "An owner's change, waiting for an administrator", content: json(RequestCreatedSchema) },
    400: errorResponse("Business, Description, and Type are required."),
    ...adminErrors,
    404: errorResponse("Offer not found."),
  },
});

const deleteOffer = createRoute({
  operationId: "deleteOffer",
  method: "delete",
  path: "/offers/{id}",
  tags: ["Offers"],
  summary: "Delete an offer (admins; owners for their own businesses, through a request)",
  middleware: [signedInOnly, someOwnerOrAdmin] as const,
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, ...adminErrors, 404: errorResponse("Offer not found.") },
});

export function registerOfferRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listOffers, async (c) => {
    const { limit } = c.req.valid("query");
    return c.json(await c.var.services.offers.list({ limit }), 200);
  });
  api.openapi(listAdminOffers, async (c) => c.json(await c.var.services.offers.listForAdmin(c.var.user, c.req.valid("query")), 200));
  api.openapi(createOffer, async (c) => {
    const outcome = await c.var.services.requests.saveOffer(c.var.user, null, c.req.valid("json"));
    return "applied" in outcome ? c.json(outcome.applied, 201) : c.json(outcome.request, 202);
  });
  api.openapi(updateOffer, async (c) => {
    const outcome = await c.var.services.requests.saveOffer(c.var.user, c.req.valid("param").id, c.req.valid("json"));
    return "applied" in outcome ? c.json(outcome.applied, 200) : c.json(outcome.request, 202);
  });
  api.openapi(deleteOffer, async (c) => {
    await c.var.services.requests.deleteOffer(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
