// The API of owners' requests: claims, what the signed-in person owns and asked for, and the administrators' decisions.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly, signedInOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse, IdParamSchema, json, signedInErrors } from "#server/api/schemas.ts";
import {
  AddOwnerInputSchema,
  ApproveInputSchema,
  ModerationSettingsSchema,
  MyBusinessesQuerySchema,
  OwnedBusinessSchema,
  OwnerSchema,
  RejectInputSchema,
  RequestCountQuerySchema,
  RequestDetailSchema,
  RequestListQuerySchema,
  RequestSummarySchema,
} from "#shared/schemas/owners.ts";
import type { ClaimInputSchema } from "#shared/schemas/owners.ts";

// The service checks the body with the claim form's own rules and messages.
const ClaimBody = z.custom<z.input<typeof ClaimInputSchema>>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description: "role (the claimant's role at the business), phone, message (optional)",
});
const AnyBody = z.record(z.string(), z.unknown()).openapi({ description: "The same fields as the request's form" });

const claimBusiness = createRoute({
  operationId: "claimBusiness",
  method: "post",
  path: "/businesses/{id}/claims",
  tags: ["Requests"],
  summary: "Claim a business as its owner; an administrator decides",
  middleware: [signedInOnly] as const,
  request: { params: IdParamSchema, body: { required: true, content: json(ClaimBody) } },
  responses: {
    201: { description: "The claim, waiting", content: json(z.object({ id: z.string(), status: z.literal("pending") })) },
    400: errorResponse("Invalid claim"),
    ...signedInErrors,
    403: errorResponse("Email address not verified"),
    404: errorResponse("Business not found."),
    409: errorResponse("Already claimed or owned by this person"),
  },
});

const myBusinesses = createRoute({
  operationId: "listMyBusinesses",
  method: "get",
  path: "/me/businesses",
  tags: ["Requests"],
  summary: "The businesses the signed-in person owns, by name; with include, each with its events and running offers",
  request: { query: MyBusinessesQuerySchema },
  responses: { 200: { description: "Businesses", content: json(z.array(OwnedBusinessSchema)) }, 400: errorResponse("Invalid query"), ...signedInErrors },
});

const myRequests = createRoute({
  operationId: "listMyRequests",
  method: "get",
  path: "/me/requests",
  tags: ["Requests"],
  summary: "The signed-in person's requests, newest first, with their fields",
  responses: { 200: { description: "Requests", content: json(z.array(RequestDetailSchema)) }, ...signedInErrors },
});

const listRequests = createRoute({
  operationId: "listRequests",
  method: "get",
  path: "/requests",
  tags: ["Requests"],
  summary: "Requests, oldest first, optionally of one status and kind, a page at a time (admins only)",
  middleware: [adminOnly] as const,
  request: { query: RequestListQuerySchema },
  responses: { 200: { description: "Requests", content: json(z.array(RequestSummarySchema)) }, 400: errorResponse("Invalid query"), ...adminErrors },
});

const countRequests = createRoute({
  operationId: "countPendingRequests",
  method: "get",
  path: "/requests/pending-count",
  tags: ["Requests"],
  summary: "How many requests wait for a decision, optionally of one kind (admins only)",
  middleware: [adminOnly] as const,
  request: { query: RequestCountQuerySchema },
  responses: { 200: { description: "The number waiting", content: json(z.object({ count: z.number().int() })) }, 400: errorResponse("Invalid query"), ...adminErrors },
});

const getRequest = createRoute({
  operationId: "getRequest",
  method: "get",
  path: "/requests/{id}",
  tags: ["Requests"],
  summary: "One request, field by field: live, requested, and the live value when it was made (admins and the person who asked)",
  request: { params: IdParamSchema },
  responses: { 200: { description: "The request", content: json(RequestDetailSchema) }, ...signedInErrors, 404: errorResponse("Request not found.") },
});

const decided = (summary: string, operationId: string, path: string, body: z.ZodType) =>
  createRoute({
    operationId,
    method: "post",
    path,
    tags: ["Requests"],
    summary,
    middleware: [adminOnly] as const,
    request: { params: IdParamSchema, body: { required: operationId === "rejectRequest", content: json(body) } },
    responses: {
      200: { description: "The request after the decision", content: json(RequestDetailSchema) },
      400: errorResponse("Invalid decision"),
      ...adminErrors,
      404: errorResponse("Request not found."),
      409: errorResponse("Already decided or withdrawn"),
    },
  });

const approveRequest = decided("Approve a request, all its fields or the chosen ones (admins only)", "approveRequest", "/requests/{id}/approve", ApproveInputSchema);
const rejectRequest = decided("Reject a request with a reason the owner is told (admins only)", "rejectRequest", "/requests/{id}/reject", RejectInputSchema);

const withdrawRequest = createRoute({
  operationId: "withdrawRequest",
  method: "post",
  path: "/requests/{id}/withdraw",
  tags: ["Requests"],
  summary: "Withdraw one's own waiting request",
  middleware: [signedInOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The withdrawn request", content: json(RequestDetailSchema) },
    ...signedInErrors,
    403: errorResponse("Email address not verified"),
    404: errorResponse("Request not found."),
    409: errorResponse("Already decided or withdrawn"),
  },
});

const amendRequest = createRoute({
  operationId: "amendRequest",
  method: "put",
  path: "/requests/{id}",
  tags: ["Requests"],
  summary: "Replace what one's own waiting request asks for",
  middleware: [signedInOnly] as const,
  request: { params: IdParamSchema, body: { required: true, content: json(AnyBody) } },
  responses: {
    200: { description: "The amended request", content: json(RequestDetailSchema) },
    400: errorResponse("Invalid input"),
    ...signedInErrors,
    403: errorResponse("Not allowed"),
    404: errorResponse("Request not found."),
    409: errorResponse("Already decided or withdrawn"),
  },
});

const listOwners = createRoute({
  operationId: "listBusinessOwners",
  method: "get",
  path: "/businesses/{id}/owners",
  tags: ["Requests"],
  summary: "Who owns a business (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: "Owners", content: json(z.array(OwnerSchema)) }, ...adminErrors, 404: errorResponse("Business not found.") },
});

const addOwner = createRoute({
  operationId: "addBusinessOwner",
  method: "post",
  path: "/businesses/{id}/owners",
  tags: ["Requests"],
  summary: "Make the account with this email address an owner of the business (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema, body: { required: true, content: json(AddOwnerInputSchema) } },
  responses: { 200: { description: "Owners", content: json(z.array(OwnerSchema)) }, 400: errorResponse("No such account"), ...adminErrors, 404: errorResponse("Business not found.") },
});

const removeOwner = createRoute({
  operationId: "removeBusinessOwner",
  method: "delete",
  path: "/businesses/{id}/owners/{userId}",
  tags: ["Requests"],
  summary: "Remove an owner of the business (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema.extend({ userId: z.string().min(1).max(100) }) },
  responses: { 204: { description: "Removed" }, ...adminErrors, 404: errorResponse("Not an owner") },
});

const getSettings = createRoute({
  operationId: "getModerationSettings",
  method: "get",
  path: "/moderation-settings",
  tags: ["Requests"],
  summary: "Which owners' changes are approved at once, and where new requests are announced (admins only)",
  middleware: [adminOnly] as const,
  responses: { 200: { description: "Settings", content: json(ModerationSettingsSchema) }, ...adminErrors },
});

const saveSettings = createRoute({
  operationId: "saveModerationSettings",
  method: "put",
  path: "/moderation-settings",
  tags: ["Requests"],
  summary: "Change the moderation settings (admins only)",
  middleware: [adminOnly] as const,
  request: { body: { required: true, content: json(ModerationSettingsSchema) } },
  responses: { 200: { description: "Settings", content: json(ModerationSettingsSchema) }, 400: errorResponse("Invalid settings"), ...adminErrors },
});

export function registerOwnersRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(claimBusiness, async (c) => {
    const { requestId } = await c.var.services.requests.claim(c.var.user, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ id: requestId, status: "pending" as const }, 201);
  });
  api.openapi(myBusinesses, async (c) => {
    const include = new Set(c.req.valid("query").include?.split(","));
    return c.json(await c.var.services.owners.myBusinesses(c.var.user, { events: include.has("events"), offers: include.has("offers") }), 200);
  });
  api.openapi(myRequests, async (c) => c.json(await c.var.services.requestDecisions.mine(c.var.user), 200));
  api.openapi(listRequests, async (c) => c.json(await c.var.services.requestDecisions.list(c.var.user, c.req.valid("query")), 200));
  api.openapi(countRequests, async (c) => c.json({ count: await c.var.services.requestDecisions.countPending(c.var.user, c.req.valid("query").kind) }, 200));
  api.openapi(getRequest, async (c) => c.json(await c.var.services.requestDecisions.get(c.var.user, c.req.valid("param").id), 200));
  api.openapi(approveRequest, async (c) => {
    const body = (c.req.valid("json") ?? {}) as z.infer<typeof ApproveInputSchema>;
    return c.json(await c.var.services.requestDecisions.approve(c.var.user, c.req.valid("param").id, body.fields), 200);
  });
  api.openapi(rejectRequest, async (c) => {
    const body = c.req.valid("json") as z.infer<typeof RejectInputSchema>;
    return c.json(await c.var.services.requestDecisions.reject(c.var.user, c.req.valid("param").id, body.reason), 200);
  });
  api.openapi(withdrawRequest, async (c) => c.json(await c.var.services.requestDecisions.withdraw(c.var.user, c.req.valid("param").id), 200));
  api.openapi(amendRequest, async (c) => c.json(await c.var.services.requests.amend(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(listOwners, async (c) => c.json(await c.var.services.owners.owners(c.var.user, c.req.valid("param").id), 200));
  api.openapi(addOwner, async (c) => c.json(await c.var.services.owners.addOwner(c.var.user, c.req.valid("param").id, c.req.valid("json").email), 200));
  api.openapi(removeOwner, async (c) => {
    const { id, userId } = c.req.valid("param");
    await c.var.services.owners.removeOwner(c.var.user, id, userId);
    return c.body(null, 204);
  });
  api.openapi(getSettings, async (c) => c.json(await c.var.services.moderationSettings.get(c.var.user), 200));
  api.openapi(saveSettings, async (c) => c.json(await c.var.services.moderationSettings.save(c.var.user, c.req.valid("json")), 200));
}
