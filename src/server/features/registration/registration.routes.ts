import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "#server/api/api-env.ts";
import { jsonBody } from "#server/api/entity-routes.ts";
import { errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { AttendeeListSchema, RegistrationCreatedSchema, RegistrationInfoSchema, type RegistrationInput, type RegistrationSettingsInput } from "#shared/schemas/registration.ts";

const DateQuery = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().openapi({ description: "A date of a recurring event (YYYY-MM-DD, its local date)" }) });
const organizerErrors = {
  401: errorResponse("Not signed in"),
  403: errorResponse("Not an administrator or an owner of the business hosting the event"),
  404: errorResponse("Event not found."),
};

// The service checks bodies with the forms' schemas, so refusals come back beside their fields.
const SettingsBody = z.custom<RegistrationSettingsInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description:
    "enabled (boolean); capacity (places, party sizes counted; null for no limit); maxPartySize (1–50); opensAt, closesAt (instants with their zone, or null); questions ([{ id, label, kind: text|choice, options, required }]); waitlist (boolean)",
});
const RegisterBody = z.custom<RegistrationInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description: "name, email, partySize (at most the event's cap), answers ({ questionId: answer }), date (a recurring event's date), altcha (the solved challenge of GET /challenge; anonymous visitors only), language (en or fr: the page's, which the registrant's mail follows)",
});
const CancelBody = z.object({ token: z.string().max(200).optional().openapi({ description: "The secret of the mailed cancel link; not needed by the signed-in person who registered" }) });
const MessageBody = z.custom<{ subject: string; message: string }>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  properties: { subject: { type: "string" }, message: { type: "string" } },
  required: ["subject", "message"],
});

const getRegistration = createRoute({
  operationId: "getEventRegistration",
  method: "get",
  path: "/events/{id}/registration",
  tags: ["Registrations"],
  summary: "An event's (or one date's) registration settings and places left",
  request: { params: IdParamSchema, query: DateQuery },
  responses: { 200: { description: "Settings and availability", content: json(RegistrationInfoSchema) }, 400: errorResponse("The event has no such date."), 404: errorResponse("Event not found.") },
});

const putRegistration = createRoute({
  operationId: "putEventRegistration",
  method: "put",
  path: "/events/{id}/registration",
  tags: ["Registrations"],
  summary: "Set an event's (or one date's) registration; a raised capacity gives places to those waiting (organizers only)",
  request: { params: IdParamSchema, query: DateQuery, body: jsonBody(SettingsBody) },
  responses: { 200: { description: "The settings saved, with availability", content: json(RegistrationInfoSchema) }, 400: errorResponse("Capacity must be a whole number from 1 to 100000, or empty for no limit."), ...organizerErrors },
});

const register = createRoute({
  operationId: "createRegistration",
  method: "post",
  path: "/events/{id}/registrations",
  tags: ["Registrations"],
  summary: "Register for an event (a place, or the waiting list when full); the same answer whether or not the address registered before",
  request: { params: IdParamSchema, body: jsonBody(RegisterBody) },
  responses: {
    201: { description: "The registration and its status", content: json(RegistrationCreatedSchema) },
    400: errorResponse("Name, e-mail and party size are required."),
    404: errorResponse("Event not found."),
    409: errorResponse("Registration for this date is closed."),
    429: errorResponse("Too many registrations from this address or device. Try again in an hour."),
  },
});

const listRegistrations = createRoute({
  operationId: "listEventRegistrations",
  method: "get",
  path: "/events/{id}/registrations",
  tags: ["Registrations"],
  summary: "The registrations of an event (every date, or one with ?date=), with counts (organizers only)",
  request: { params: IdParamSchema, query: DateQuery },
  responses: { 200: { description: "Registrations, oldest first", content: json(AttendeeListSchema) }, 400: errorResponse("The event has no such date."), ...organizerErrors },
});

const cancelRegistration = createRoute({
  operationId: "cancelRegistration",
  method: "post",
  path: "/registrations/{id}/cancel",
  tags: ["Registrations"],
  summary: "Cancel a registration with its mailed link's secret, or as the signed-in person who registered; the place goes to the waiting list",
  request: { params: IdParamSchema, body: jsonBody(CancelBody) },
  responses: {
    200: { description: "Cancelled", content: json(z.object({ id: z.string(), status: z.literal("cancelled") })) },
    400: errorResponse("The request is not valid."),
    404: errorResponse("This cancel link is not valid."),
  },
});

const messageRegistrants = createRoute({
  operationId: "messageEventRegistrants",
  method: "post",
  path: "/events/{id}/registration/message",
  tags: ["Registrations"],
  summary: "Mail a message to everyone registered for a date (or a one-off event), waiting list included (organizers only)",
  request: { params: IdParamSchema, query: DateQuery, body: jsonBody(MessageBody) },
  responses: { 200: { description: "How many were mailed", content: json(z.object({ sent: z.number().int() })) }, 400: errorResponse("Subject and message are required."), ...organizerErrors },
});

const cancelDate = createRoute({
  operationId: "cancelEventRegistration",
  method: "post",
  path: "/events/{id}/registration/cancel",
  tags: ["Registrations"],
  summary: "Cancel a date (or the event): registration closes and everyone registered is mailed (organizers only)",
  request: { params: IdParamSchema, query: DateQuery },
  responses: { 200: { description: "The closed registration", content: json(RegistrationInfoSchema) }, 400: errorResponse("The event has no such date."), ...organizerErrors },
});

const restoreDate = createRoute({
  operationId: "restoreEventRegistration",
  method: "post",
  path: "/events/{id}/registration/restore",
  tags: ["Registrations"],
  summary: "Reopen the registration of a cancelled date (or event); registrations cancelled with it stay cancelled (organizers only)",
  request: { params: IdParamSchema, query: DateQuery },
  responses: {
    200: { description: "The reopened registration", content: json(RegistrationInfoSchema) },
    400: errorResponse("The event has no such date."),
    409: errorResponse("This date is cancelled in the calendar: restore the date first."),
    ...organizerErrors,
  },
});

const exportRegistrations = createRoute({
  operationId: "exportEventRegistrations",
  method: "get",
  path: "/exports/events/{id}/registrations.csv",
  tags: ["Exports"],
  summary: "An event's registrations as CSV, a column per question (organizers only). Text that a spreadsheet would read as a formula starts with an apostrophe.",
  request: { params: IdParamSchema, query: DateQuery },
  responses: { 200: { description: "UTF-8 CSV with a header row", content: { "text/csv": { schema: z.string() } } }, 400: errorResponse("The event has no such date."), ...organizerErrors },
});

/** The client's address from the socket (never from a header a client could set), for the per-client limit. */
function clientOf(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

export function registerRegistrationRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getRegistration, async (c) => c.json(await c.var.services.registrations.info(c.req.valid("param").id, c.req.valid("query").date), 200));
  api.openapi(putRegistration, async (c) =>
    c.json(await c.var.services.registrations.saveSettings(c.var.user, c.req.valid("param").id, c.req.valid("query").date, c.req.valid("json")), 200),
  );
  api.openapi(register, async (c) => {
    const created = await c.var.services.registrations.register(c.var.user, c.req.valid("param").id, c.req.valid("json"), {
      proofOfWork: (payload) => c.var.signUpChallenge.check(payload),
      client: clientOf(c),
    });
    return c.json(created, 201);
  });
  api.openapi(listRegistrations, async (c) => c.json(await c.var.services.registrations.list(c.var.user, c.req.valid("param").id, c.req.valid("query").date), 200));
  api.openapi(cancelRegistration, async (c) => c.json(await c.var.services.registrations.cancel(c.var.user, c.req.valid("param").id, c.req.valid("json").token), 200));
  api.openapi(messageRegistrants, async (c) =>
    c.json(await c.var.services.registrations.message(c.var.user, c.req.valid("param").id, c.req.valid("query").date, c.req.valid("json")), 200),
  );
  api.openapi(exportRegistrations, async (c) => {
    const { id } = c.req.valid("param");
    const csv = await c.var.services.registrations.csv(c.var.user, id, c.req.valid("query").date);
    return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="registrations-${id}.csv"`, "Cache-Control": "no-store" });
  });
  api.openapi(cancelDate, async (c) => c.json(await c.var.services.registrations.cancelDate(c.var.user, c.req.valid("param").id, c.req.valid("query").date), 200));
  api.openapi(restoreDate, async (c) => c.json(await c.var.services.registrations.restoreDate(c.var.user, c.req.valid("param").id, c.req.valid("query").date), 200));
}
