import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { errorResponse, LimitQuerySchema } from "#server/api/schemas.ts";
import { adminListRoute, entityWriteRoutes } from "#server/api/entity-routes.ts";
import type { OfferInputSchema } from "#shared/schemas/offer.ts";
import { AdminOfferSchema, OfferSchema } from "#shared/schemas/offer.ts";

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
  description: "businessId, description, type (one of the offer types), price, terms, translations (the description and terms in the site's other languages: { fr: { description, terms } }; blank removes one)",
});

const listAdminOffers = adminListRoute({
  operationId: "listAdminOffers",
  path: "/admin/offers",
  tag: "Offers",
  summary: "Every offer, newest first (admins only)",
  description: "Offers",
  item: AdminOfferSchema,
  errors: adminErrors,
});

const writes = entityWriteRoutes({
  tag: "Offers",
  path: "/offers",
  name: "Offer",
  body: OfferBody,
  stored: AdminOfferSchema.omit({ expired: true }),
  summaries: {
    create: "Add an offer; the business's name is stored with it (admins; owners for their own businesses, through a request)",
    update: "Replace an offer (admins; owners for their own businesses, through a request)",
    delete: "Delete an offer (admins, and owners for their own businesses)",
  },
  invalid: "Business, Description, and Type are required.",
  notFound: "Offer not found.",
  errors: adminErrors,
  byOwners: true,
});

export function registerOfferRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listOffers, async (c) => {
    const { limit } = c.req.valid("query");
    return c.json(await c.var.services.offers.list({ limit }), 200);
  });
  api.openapi(listAdminOffers, async (c) => c.json(await c.var.services.offers.listForAdmin(c.var.user, c.req.valid("query")), 200));
  api.openapi(writes.create, async (c) => {
    const outcome = await c.var.services.requests.saveOffer(c.var.user, null, c.req.valid("json"));
    return "applied" in outcome ? c.json(outcome.applied, 201) : c.json(outcome.request, 202);
  });
  api.openapi(writes.update, async (c) => {
    const outcome = await c.var.services.requests.saveOffer(c.var.user, c.req.valid("param").id, c.req.valid("json"));
    return "applied" in outcome ? c.json(outcome.applied, 200) : c.json(outcome.request, 202);
  });
  api.openapi(writes.delete, async (c) => {
    await c.var.services.requests.deleteOffer(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
