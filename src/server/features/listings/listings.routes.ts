// The API of listings that stay current: visitors' suggestions, the owners' and administrators' decisions on them, the
// reminder's one-click confirmation, and the administrators' stale listings and reminders.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { answer } from "#server/api/entity-routes.ts";
import { adminErrors, errorResponse, IdParamSchema, json, signedInErrors } from "#server/api/schemas.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { SIGN_UP_CHALLENGE_FIELD } from "#shared/constants.ts";
import {
  AcceptedSuggestionSchema,
  ConfirmInputSchema,
  ConfirmResultSchema,
  RemindInputSchema,
  RemindResultSchema,
  StaleListingsSchema,
  SuggestionListSchema,
  SuggestionSchema,
  type SuggestionInput,
} from "#shared/schemas/listings.ts";

// The service checks the body with the form's own rules, so each message is keyed by its field.
const SuggestionBody = z.custom<SuggestionInput & { altcha?: string }>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description: `kind (hours, phone, website, address, closed or other), value (the correct value: a phone number, an http(s) address…; optional for closed), and ${SIGN_UP_CHALLENGE_FIELD} (the solved proof of work of GET /api/v1/challenge)`,
});

const suggest = createRoute({
  operationId: "suggestListingEdit",
  method: "post",
  path: "/businesses/{id}/suggestions",
  tags: ["Listings"],
  summary: "Suggest an edit to a listing (no account needed)",
  request: { params: IdParamSchema, body: { required: true, content: json(SuggestionBody) } },
  responses: {
    201: answer("The suggestion, waiting", SuggestionSchema),
    400: errorResponse("Invalid suggestion (the messages are keyed by field), or no solved proof of work"),
    404: errorResponse("Business not found."),
    429: errorResponse("Too many suggestions from this client in the last hour"),
  },
});

const businessSuggestions = createRoute({
  operationId: "listBusinessSuggestions",
  method: "get",
  path: "/businesses/{id}/suggestions",
  tags: ["Listings"],
  summary: "A business's waiting suggestions (its owners and administrators)",
  request: { params: IdParamSchema },
  responses: {
    200: answer("Waiting suggestions, oldest first, and whether visitors said it is closed for good on three different days", SuggestionListSchema),
    ...signedInErrors,
    403: errorResponse("Not an owner of this business nor an administrator"),
    404: errorResponse("Business not found."),
  },
});

const mySuggestions = createRoute({
  operationId: "listMySuggestions",
  method: "get",
  path: "/me/suggestions",
  tags: ["Listings"],
  summary: "The waiting suggestions of the businesses the signed-in person owns",
  responses: { 200: answer("Waiting suggestions, oldest first, and which of the businesses visitors said are closed for good on three different days", SuggestionListSchema), ...signedInErrors },
});

const allSuggestions = createRoute({
  operationId: "listSuggestions",
  method: "get",
  path: "/suggestions",
  tags: ["Listings"],
  summary: "Every waiting suggestion (administrators)",
  middleware: [adminOnly] as const,
  responses: { 200: answer("Waiting suggestions, oldest first, and the businesses said to be closed for good on three different days", SuggestionListSchema), ...adminErrors },
});

const decision = (operationId: string, action: string, summary: string, who: string, schema: z.ZodType = SuggestionSchema) =>
  createRoute({
    operationId,
    method: "post",
    path: `/suggestions/{id}/${action}`,
    tags: ["Listings"],
    summary,
    request: { params: IdParamSchema },
    responses: {
      200: answer("The suggestion after the decision", schema),
      ...signedInErrors,
      403: errorResponse(`Not ${who}`),
      404: errorResponse("Suggestion not found."),
      409: errorResponse("Already decided"),
    },
  });
const accept = decision("acceptSuggestion", "accept", "Take a suggestion into the owner's own change (its owners)", "an owner of the business", AcceptedSuggestionSchema);
const dismiss = decision("dismissSuggestion", "dismiss", "Set a suggestion aside (its owners and administrators)", "an owner of the business nor an administrator");
const approve = decision("approveSuggestion", "approve", "Approve a suggestion (administrators)", "an administrator");

const confirm = createRoute({
  operationId: "confirmListing",
  method: "post",
  path: "/listings/confirm",
  tags: ["Listings"],
  summary: "Confirm a listing is still right (the reminder's one-click link; no sign-in)",
  request: { body: { required: true, content: json(ConfirmInputSchema) } },
  responses: {
    200: answer("The listing is checked as of now", ConfirmResultSchema),
    400: errorResponse("No token"),
    404: errorResponse("Not a reminder's link, or older than 30 days"),
  },
});

const stale = createRoute({
  operationId: "listStaleListings",
  method: "get",
  path: "/listings/stale",
  tags: ["Listings"],
  summary: "Listings not checked by an owner within the interval, or without an owner (administrators)",
  middleware: [adminOnly] as const,
  responses: { 200: answer("The interval in days and the stale listings, by name", StaleListingsSchema), ...adminErrors },
});

const remind = createRoute({
  operationId: "remindListingOwners",
  method: "post",
  path: "/listings/remind",
  tags: ["Listings"],
  summary: "Mail the owners of the listings named now (administrators)",
  middleware: [adminOnly] as const,
  request: { body: { required: true, content: json(RemindInputSchema) } },
  responses: { 200: answer("How many listings were reminded, how many mails went, and how many listings have no owner to remind", RemindResultSchema), 400: errorResponse("No listing named"), ...adminErrors },
});

export function registerListingRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(suggest, async (c) => {
    const body = c.req.valid("json") as Record<string, unknown>;
    const proof = await c.var.signUpChallenge.check(body[SIGN_UP_CHALLENGE_FIELD]);
    const client = clientAddress(c, c.var.services.geo.trustProxy);
    return c.json(await c.var.services.suggestions.suggest(c.req.valid("param").id, body, { proof, client }), 201);
  });
  api.openapi(businessSuggestions, async (c) => c.json(await c.var.services.suggestions.ofBusiness(c.var.user, c.req.valid("param").id), 200));
  api.openapi(mySuggestions, async (c) => c.json(await c.var.services.suggestions.mine(c.var.user), 200));
  api.openapi(allSuggestions, async (c) => c.json(await c.var.services.suggestions.waiting(c.var.user), 200));
  api.openapi(accept, async (c) => c.json(await c.var.services.suggestions.accept(c.var.user, c.req.valid("param").id), 200));
  api.openapi(dismiss, async (c) => c.json(await c.var.services.suggestions.dismiss(c.var.user, c.req.valid("param").id), 200));
  api.openapi(approve, async (c) => c.json(await c.var.services.suggestions.approve(c.var.user, c.req.valid("param").id), 200));
  api.openapi(confirm, async (c) => c.json(await c.var.services.freshness.confirm(c.req.valid("json").token), 200));
  api.openapi(stale, async (c) => c.json(await c.var.services.freshness.stale(c.var.user), 200));
  api.openapi(remind, async (c) => c.json(await c.var.services.freshness.remind(c.var.user, c.req.valid("json").businessIds), 200));
}
