// The API of checking in at the door (organizers: administrators and the owners of the host business).
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { CheckInSchema, type CheckInInput } from "#shared/schemas/check-in.ts";

// The service checks the body (after the person is known to organize the event), so refusals come back by field.
const CheckInBody = z.custom<CheckInInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  properties: { code: { type: "string", maxLength: 200 }, at: { type: "string", format: "date-time" } },
});

const organizerErrors = {
  401: errorResponse("Not signed in"),
  403: errorResponse("Not an administrator or an owner of the business hosting the event"),
  404: errorResponse("Registration not found."),
};

const checkIn = createRoute({
  operationId: "checkInRegistration",
  method: "post",
  path: "/registrations/{id}/check-in",
  tags: ["Registrations"],
  summary: "Check a confirmed registration in at the door; checking in again answers the first check-in (organizers only)",
  description:
    "`code` is the check-in code read from the registration's QR code (`niche-registration:<id>:<code>`); when given it must match. `at` is when the check-in was made (a phone that was offline sends it later); a time in the future counts as now.",
  request: { params: IdParamSchema, body: { content: json(CheckInBody), required: false } },
  responses: {
    200: { description: "Checked in (alreadyCheckedIn: it was before, at checkedInAt)", content: json(CheckInSchema) },
    400: errorResponse("This QR code does not belong to this registration."),
    ...organizerErrors,
    409: errorResponse("The registration was cancelled, waits for a place or is not confirmed: it cannot be checked in"),
  },
});

const undoCheckIn = createRoute({
  operationId: "undoRegistrationCheckIn",
  method: "delete",
  path: "/registrations/{id}/check-in",
  tags: ["Registrations"],
  summary: "Take a check-in back (organizers only)",
  description: "Clears a registration's check-in (a tap on the wrong name at the door); one not checked in stays as it is.",
  request: { params: IdParamSchema },
  responses: { 200: { description: "Not checked in", content: json(CheckInSchema) }, ...organizerErrors },
});

export function registerCheckInRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(checkIn, async (c) => c.json(await c.var.services.checkIns.checkIn(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(undoCheckIn, async (c) => c.json(await c.var.services.checkIns.undo(c.var.user, c.req.valid("param").id), 200));
}
