import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { signedInOnly } from "#server/api/admin-only.ts";
import { adminListRoute, entityWriteRoutes, jsonBody } from "#server/api/entity-routes.ts";
import { errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { AdminMeetingDetailSchema, AdminMeetingSchema, MeetingCalendarSchema, MeetingDetailSchema, MeetingListSchema, MeetingSchema, type MeetingCalendarReset, type MeetingInputSchema, type RsvpInput } from "#shared/schemas/meeting.ts";

const memberErrors = { 401: errorResponse("Not signed in"), 403: errorResponse("Not a member: meetings are for the owners of member businesses and administrators") };
const adminErrors = { 401: errorResponse("Not signed in"), 403: errorResponse("Not an administrator") };
// The service validates the body with the form's own schema (and its messages, per field); documented here as an object.
const MeetingBody = z.custom<z.input<typeof MeetingInputSchema>>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description:
    "title; startsAt and endsAt (instants with their zone, the end after the start); place and/or videoLink (an http(s) address), one at least; agenda and minutes (HTML, sanitized before they are stored); cancelled (boolean)",
});

// Checked by the service, so a bad answer is told beside its field as the forms show it.
const RsvpBody = z.custom<RsvpInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  properties: { response: { type: "string", enum: ["yes", "no", "maybe"] } },
  required: ["response"],
});

const ResetBody = z.custom<MeetingCalendarReset>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  properties: { confirm: { type: "boolean", enum: [true] } },
  required: ["confirm"],
});

const listMeetings = createRoute({
  operationId: "listMeetings",
  method: "get",
  path: "/meetings",
  tags: ["Meetings"],
  summary: "Upcoming meetings soonest first, then past ones latest first, each with the signed-in member's answer and the counts (members only)",
  middleware: [signedInOnly] as const,
  responses: { 200: { description: "Upcoming and past meetings", content: json(MeetingListSchema) }, ...memberErrors },
});

const listAdminMeetings = adminListRoute({
  operationId: "listAdminMeetings",
  path: "/admin/meetings",
  tag: "Meetings",
  summary: "Every meeting, latest first, a page at a time (administrators only)",
  description: "Meetings",
  item: AdminMeetingSchema,
  errors: adminErrors,
});

const getMeeting = createRoute({
  operationId: "getMeeting",
  method: "get",
  path: "/meetings/{id}",
  tags: ["Meetings"],
  summary: "One meeting, with who answered what by name and its files (members only)",
  middleware: [signedInOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The meeting with its files; administrators also get its editor", content: json(z.union([AdminMeetingDetailSchema, MeetingDetailSchema])) },
    ...memberErrors,
    404: errorResponse("Meeting not found."),
  },
});

const rsvpMeeting = createRoute({
  operationId: "rsvpMeeting",
  method: "post",
  path: "/meetings/{id}/rsvp",
  tags: ["Meetings"],
  summary: "Answer yes, no or maybe to a meeting, or change the answer (members only)",
  middleware: [signedInOnly] as const,
  request: { params: IdParamSchema, body: jsonBody(RsvpBody) },
  responses: {
    200: { description: "The meeting with the answer counted", content: json(MeetingSchema) },
    400: errorResponse("Answer yes, no or maybe."),
    ...memberErrors,
    404: errorResponse("Meeting not found."),
    409: errorResponse("The meeting is over or cancelled: answers are closed."),
  },
});

const getMeetingCalendar = createRoute({
  operationId: "getMeetingCalendar",
  method: "get",
  path: "/me/meeting-calendar",
  tags: ["Meetings"],
  summary: "The signed-in member's private calendar address of every meeting (members only)",
  middleware: [signedInOnly] as const,
  responses: { 200: { description: "The address", content: json(MeetingCalendarSchema) }, ...memberErrors },
});

const resetMeetingCalendar = createRoute({
  operationId: "resetMeetingCalendar",
  method: "post",
  path: "/me/meeting-calendar/reset",
  tags: ["Meetings"],
  summary: "Give the signed-in member's private calendar a new address; the old one stops working (members only)",
  middleware: [signedInOnly] as const,
  request: { body: jsonBody(ResetBody) },
  responses: { 200: { description: "The new address", content: json(MeetingCalendarSchema) }, 400: errorResponse('Send { "confirm": true } to give the calendar a new address.'), ...memberErrors },
});

const writes = entityWriteRoutes({
  tag: "Meetings",
  path: "/meetings",
  name: "Meeting",
  body: MeetingBody,
  stored: AdminMeetingSchema,
  summaries: {
    create: "Arrange a meeting; the members are told (administrators only)",
    update: "Replace a meeting: change, cancel it or add its minutes; those coming are told of a new time or place (administrators only)",
    delete: "Delete a meeting with its answers and its files (administrators only)",
  },
  invalid: "Title, Starts and Ends are required.",
  notFound: "Meeting not found.",
  errors: adminErrors,
});

export function registerMeetingRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listMeetings, async (c) => c.json(await c.var.services.meetings.list(c.var.user), 200));
  api.openapi(listAdminMeetings, async (c) => c.json(await c.var.services.meetings.listForAdmin(c.var.user, c.req.valid("query")), 200));
  api.openapi(getMeetingCalendar, async (c) => c.json(await c.var.services.meetings.calendarOf(c.var.user), 200));
  api.openapi(resetMeetingCalendar, async (c) => c.json(await c.var.services.meetings.resetCalendar(c.var.user, c.req.valid("json")), 200));
  api.openapi(getMeeting, async (c) => c.json(await c.var.services.meetings.get(c.var.user, c.req.valid("param").id), 200));
  api.openapi(rsvpMeeting, async (c) => c.json(await c.var.services.meetings.rsvp(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(writes.create, async (c) => c.json(await c.var.services.meetings.create(c.var.user, c.req.valid("json")), 201));
  api.openapi(writes.update, async (c) => c.json(await c.var.services.meetings.update(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(writes.delete, async (c) => {
    await c.var.services.meetings.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
