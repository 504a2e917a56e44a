import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse, json, LimitQuerySchema } from "#server/api/schemas.ts";
import { adminListRoute, entityWriteRoutes } from "#server/api/entity-routes.ts";
import type { EventInputSchema, OccurrenceChangeInput } from "#shared/schemas/event.ts";
import { AdminEventSchema, EventSchema } from "#shared/schemas/event.ts";
import { KeysetPaginationQuerySchema } from "#shared/schemas/pagination.ts";

const listEvents = createRoute({
  operationId: "listEvents",
  method: "get",
  path: "/events",
  tags: ["Events"],
  summary: "Upcoming events (eventDate now or later, soonest first) or past events (newest first)",
  request: {
    query: LimitQuerySchema.extend({
      when: z.enum(["upcoming", "past"]).default("upcoming").openapi({ description: "Which events; upcoming by default" }),
    }),
  },
  responses: {
    200: { description: "Events", content: { "application/json": { schema: z.array(EventSchema) } } },
    400: errorResponse("Invalid query"),
  },
});

const getEvent = createRoute({
  operationId: "getEvent",
  method: "get",
  path: "/events/{id}",
  tags: ["Events"],
  summary: "One event",
  request: { params: z.object({ id: z.string().min(1) }) },
  responses: {
    200: { description: "The event", content: { "application/json": { schema: EventSchema } } },
    404: errorResponse("No event with this id"),
  },
});

// The form schema transforms its values; the documented and validated body is its input side.
const EventBody = z.custom<z.input<typeof EventInputSchema>>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description: "name, eventDate (ISO; a series' first date), endDate, allDay, recurrenceRule (RFC 5545 RRULE such as FREQ=MONTHLY;BYDAY=1FR), location (\"outdoor\" or a business id), outdoorLocationDescription, description, ticketsLink, imagePath, translations (the name and description in the site's other languages: { fr: { name, description } }; blank removes one)",
});

const listAdminEvents = adminListRoute({
  operationId: "listAdminEvents",
  path: "/admin/events",
  tag: "Events",
  summary: "Every event, newest first, with a 100-character description preview (admins only)",
  description: "Events",
  item: AdminEventSchema,
  query: KeysetPaginationQuerySchema,
});

const writes = entityWriteRoutes({
  tag: "Events",
  path: "/events",
  name: "Event",
  body: EventBody,
  stored: AdminEventSchema.omit({ locationText: true, descriptionPreview: true }),
  summaries: {
    create: "Add an event; an uploaded image (imagePath) is attached to it (admins; owners for their own businesses, through a request)",
    update: "Replace an event; a new image replaces (and deletes) the old one (admins; owners for their own businesses, through a request)",
    delete: "Delete an event and its image (admins, and owners for their own businesses)",
  },
  invalid: "Event Name, Event Date, and Location Type are required.",
  notFound: "Event not found.",
  byOwners: true,
});

const OccurrenceParams = z.object({ id: z.string().min(1).max(100), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).openapi({ description: "The occurrence's own date in the site's time zone", example: "2026-12-04" }) });
const OccurrenceBody = z.custom<OccurrenceChangeInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description: "cancelled (true to cancel the date), or startDate and endDate (ISO) to move it",
});

const changeOccurrence = createRoute({
  operationId: "changeEventOccurrence",
  method: "put",
  path: "/events/{id}/occurrences/{date}",
  tags: ["Events"],
  summary: "Cancel or move one date of a recurring event, leaving the others as they are (admins only)",
  middleware: [adminOnly] as const,
  request: { params: OccurrenceParams, body: { required: true, content: json(OccurrenceBody) } },
  responses: {
    200: { description: "The date after the change", content: json(EventSchema) },
    400: errorResponse("This date is not in the series."),
    ...adminErrors,
    404: errorResponse("Event not found."),
  },
});

const restoreOccurrence = createRoute({
  operationId: "restoreEventOccurrence",
  method: "delete",
  path: "/events/{id}/occurrences/{date}",
  tags: ["Events"],
  summary: "Put one date of a recurring event back as its rule has it (admins only)",
  middleware: [adminOnly] as const,
  request: { params: OccurrenceParams },
  responses: { 200: { description: "The date as the rule has it", content: json(EventSchema) }, ...adminErrors, 404: errorResponse("Event not found.") },
});

export function registerEventRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(changeOccurrence, async (c) => {
    const { id, date } = c.req.valid("param");
    return c.json(await c.var.services.events.changeOccurrence(c.var.user, id, date, c.req.valid("json")), 200);
  });
  api.openapi(restoreOccurrence, async (c) => {
    const { id, date } = c.req.valid("param");
    return c.json(await c.var.services.events.restoreOccurrence(c.var.user, id, date), 200);
  });
  api.openapi(listEvents, async (c) => {
    const { when, limit } = c.req.valid("query");
    const events = c.var.services.events;
    return c.json(when === "past" ? await events.past({ limit }) : await events.upcoming({ limit }), 200);
  });
  api.openapi(getEvent, async (c) => c.json(await c.var.services.events.get(c.req.valid("param").id), 200));
  api.openapi(listAdminEvents, async (c) => c.json(await c.var.services.events.listForAdmin(c.var.user, c.req.valid("query")), 200));
  api.openapi(writes.create, async (c) => {
    const outcome = await c.var.services.requests.saveEvent(c.var.user, null, c.req.valid("json"));
    return "applied" in outcome ? c.json(outcome.applied, 201) : c.json(outcome.request, 202);
  });
  api.openapi(writes.update, async (c) => {
    const outcome = await c.var.services.requests.saveEvent(c.var.user, c.req.valid("param").id, c.req.valid("json"));
    return "applied" in outcome ? c.json(outcome.applied, 200) : c.json(outcome.request, 202);
  });
  api.openapi(writes.delete, async (c) => {
    await c.var.services.requests.deleteEvent(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
