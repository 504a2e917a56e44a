// The volunteering API: open opportunities for everyone, sign-ups for anyone signed in, and the administrators' writes,
// roster, attendance, messages and CSV export.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly, signedInOnly } from "#server/api/admin-only.ts";
import { adminListRoute, entityWriteRoutes, jsonBody } from "#server/api/entity-routes.ts";
import { addressErrors, adminErrors, errorResponse, IdParamSchema, json, signedInErrors } from "#server/api/schemas.ts";
import {
  AdminOpportunitySchema,
  MySignupSchema,
  OpportunitySchema,
  RosterEntrySchema,
  ShiftSchema,
  SignupResultSchema,
  volunteerMessages as m,
  type AttendanceInput,
  type OpportunityInput,
  type ShiftMessageInput,
} from "#shared/schemas/volunteer.ts";

const TAG = "Volunteering";

// The service validates bodies with the form's own schema (and its messages, per field); documented here as objects.
const OpportunityBody = z.custom<OpportunityInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description:
    "title; description (HTML, sanitized before it is stored); eventId (an event, or null for a standalone opportunity) and occurrenceDate (YYYY-MM-DD, one date of a recurring event, or null); shifts: at least one, each { id (to keep an existing shift; left out for a new one), startsAt and endsAt (instants with their zone), place, placesNeeded (1-1000), requirements (optional) }. Shifts left out are removed with their sign-ups.",
});
const AttendanceBody = z.custom<AttendanceInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  properties: { attended: { type: "boolean" } },
  required: ["attended"],
});
const MessageBody = z.custom<ShiftMessageInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  properties: { subject: { type: "string", maxLength: 200 }, message: { type: "string", maxLength: 10_000 } },
  required: ["subject", "message"],
});

const listOpportunities = createRoute({
  operationId: "listVolunteerOpportunities",
  method: "get",
  path: "/volunteer/opportunities",
  tags: [TAG],
  summary: "The open opportunities (a shift still to start), soonest first, each with its shifts to come and the places taken",
  responses: { 200: { description: "Open opportunities", content: json(z.array(OpportunitySchema)) }, ...addressErrors },
});

const listAdminOpportunities = adminListRoute({
  operationId: "listAdminVolunteerOpportunities",
  path: "/admin/volunteer/opportunities",
  tag: TAG,
  summary: "Every opportunity, newest first, a page at a time, with each shift's roster (administrators only)",
  description: "Opportunities",
  item: AdminOpportunitySchema,
});

const getOpportunity = createRoute({
  operationId: "getVolunteerOpportunity",
  method: "get",
  path: "/volunteer/opportunities/{id}",
  tags: [TAG],
  summary: "One opportunity with all its shifts; administrators also get each shift's roster",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The opportunity", content: json(z.union([AdminOpportunitySchema, OpportunitySchema])) },
    404: errorResponse(m.notFound),
  },
});

const mySignups = createRoute({
  operationId: "listMyVolunteerSignups",
  method: "get",
  path: "/me/volunteer/signups",
  tags: [TAG],
  summary: "The signed-in person's sign-ups for shifts not over yet, soonest first",
  middleware: [signedInOnly] as const,
  responses: { 200: { description: "Sign-ups", content: json(z.array(MySignupSchema)) }, ...signedInErrors },
});

const signUp = createRoute({
  operationId: "signUpForVolunteerShift",
  method: "post",
  path: "/volunteer/shifts/{id}/signups",
  tags: [TAG],
  summary: "Sign up for a shift: confirmed while it has places, else on its waiting list (anyone signed in)",
  middleware: [signedInOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    201: { description: "The sign-up's status and the shift", content: json(SignupResultSchema) },
    ...signedInErrors,
    404: errorResponse(m.shiftNotFound),
    409: errorResponse(`${m.alreadySignedUp} / ${m.shiftPast}`),
  },
});

const cancelSignup = createRoute({
  operationId: "cancelVolunteerSignup",
  method: "delete",
  path: "/volunteer/shifts/{id}/signups/me",
  tags: [TAG],
  summary: "Cancel the signed-in person's sign-up; the first on the waiting list takes a place freed",
  middleware: [signedInOnly] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: "The shift after the cancellation", content: json(ShiftSchema) }, ...signedInErrors, 404: errorResponse(m.signupNotFound) },
});

const setAttendance = createRoute({
  operationId: "setVolunteerAttendance",
  method: "put",
  path: "/volunteer/signups/{id}/attendance",
  tags: [TAG],
  summary: "Mark whether a volunteer came (administrators only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema, body: jsonBody(AttendanceBody) },
  responses: { 200: { description: "The roster entry", content: json(RosterEntrySchema) }, 400: errorResponse(m.attendanceInvalid), ...adminErrors, 404: errorResponse(m.signupNotFound) },
});

const messageShift = createRoute({
  operationId: "messageVolunteerShift",
  method: "post",
  path: "/volunteer/shifts/{id}/messages",
  tags: [TAG],
  summary: "Mail a message to a shift's confirmed volunteers, each on their own (administrators only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema, body: jsonBody(MessageBody) },
  responses: {
    200: { description: "How many were mailed", content: json(z.object({ sent: z.number().int() })) },
    400: errorResponse(`${m.subjectRequired} / ${m.messageRequired}`),
    ...adminErrors,
    404: errorResponse(m.shiftNotFound),
  },
});

const exportRoster = createRoute({
  operationId: "exportVolunteerShiftRoster",
  method: "get",
  path: "/exports/volunteer/shifts/{id}.csv",
  tags: ["Exports"],
  summary:
    "One shift's roster as CSV: confirmed volunteers then the waiting list, in the order they signed up, with whether each came (admins only). Text that a spreadsheet would read as a formula starts with an apostrophe.",
  request: { params: IdParamSchema },
  responses: { 200: { description: "UTF-8 CSV with a header row", content: { "text/csv": { schema: z.string() } } }, ...adminErrors, 404: errorResponse(m.shiftNotFound) },
});

const writes = entityWriteRoutes({
  tag: TAG,
  path: "/volunteer/opportunities",
  name: "VolunteerOpportunity",
  body: OpportunityBody,
  stored: AdminOpportunitySchema,
  summaries: {
    create: "Add an opportunity with its shifts (administrators only)",
    update: "Replace an opportunity and its shifts; shifts left out are removed with their sign-ups (administrators only)",
    delete: "Delete an opportunity with its shifts and sign-ups (administrators only)",
  },
  invalid: m.required,
  notFound: m.notFound,
});

export function registerVolunteerRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listOpportunities, async (c) => c.json(await c.var.services.volunteering.listOpen(c.var.user), 200));
  api.openapi(listAdminOpportunities, async (c) => c.json(await c.var.services.volunteering.listForAdmin(c.var.user, c.req.valid("query")), 200));
  api.openapi(mySignups, async (c) => c.json(await c.var.services.volunteering.mine(c.var.user), 200));
  api.openapi(getOpportunity, async (c) => c.json(await c.var.services.volunteering.get(c.var.user, c.req.valid("param").id), 200));
  api.openapi(signUp, async (c) => c.json(await c.var.services.volunteering.signUp(c.var.user, c.req.valid("param").id), 201));
  api.openapi(cancelSignup, async (c) => c.json(await c.var.services.volunteering.cancel(c.var.user, c.req.valid("param").id), 200));
  api.openapi(setAttendance, async (c) => c.json(await c.var.services.volunteering.setAttendance(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(messageShift, async (c) => c.json(await c.var.services.volunteering.message(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  // Documented as {id}.csv; Hono reads a path parameter up to the next slash, so the handler takes the file name whole.
  api.openAPIRegistry.registerPath(exportRoster);
  api.get("/exports/volunteer/shifts/:file{[A-Za-z0-9_-]{1,100}\\.csv}", adminOnly, async (c) => {
    const { csv, name } = await c.var.services.volunteering.rosterCsv(c.var.user, c.req.param("file").replace(/\.csv$/, ""));
    return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}.csv"`, "Cache-Control": "no-store" });
  });
  api.openapi(writes.create, async (c) => c.json(await c.var.services.volunteering.create(c.var.user, c.req.valid("json")), 201));
  api.openapi(writes.update, async (c) => c.json(await c.var.services.volunteering.update(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(writes.delete, async (c) => {
    await c.var.services.volunteering.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
