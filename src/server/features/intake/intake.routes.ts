// The API of the intake form: signed-in people send it; administrators list and export what was sent.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly, signedInOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse, json, signedInErrors } from "#server/api/schemas.ts";
import { paginatedSchema, PaginationQuerySchema } from "#shared/schemas/pagination.ts";
import { IntakeBusinessSchema, IntakeSubmissionSchema, type IntakeInput } from "#shared/schemas/intake.ts";

// The service checks the body with the form's own rules and messages, so each field gets its own.
const IntakeBody = z.custom<IntakeInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description:
    "businessName, ownerName, email, ownerSignature (a typed name) and ownerSignedOn (YYYY-MM-DD) are required; phone, address, links, businessType, objectives (an array), tools, challenges, services, discountPercent (0-100), bogo, freeGift, otherPromotion, representativeSignature, representativeSignedOn, feedback and businessId (one of the sender's businesses) are optional",
});

const submitIntake = createRoute({
  operationId: "submitIntake",
  method: "post",
  path: "/intake",
  tags: ["Intake"],
  summary: "Send the Business Feedback and Consent form, linked to one of the sender's businesses or none",
  middleware: [signedInOnly] as const,
  request: { body: { required: true, content: json(IntakeBody) } },
  responses: {
    201: { description: "Saved", content: json(z.object({ id: z.string() })) },
    400: errorResponse("Invalid answers, with a message per field"),
    ...signedInErrors,
  },
});

const intakeBusinesses = createRoute({
  operationId: "listIntakeBusinesses",
  method: "get",
  path: "/intake/businesses",
  tags: ["Intake"],
  summary: "The businesses the signed-in person owns or has claimed, which a submission may be linked to",
  middleware: [signedInOnly] as const,
  responses: { 200: { description: "Businesses", content: json(z.array(IntakeBusinessSchema)) }, ...signedInErrors },
});

const listIntake = createRoute({
  operationId: "listIntake",
  method: "get",
  path: "/intake",
  tags: ["Intake"],
  summary: "Submissions of the intake form, newest first, a page at a time (admins only)",
  middleware: [adminOnly] as const,
  request: { query: PaginationQuerySchema },
  responses: { 200: { description: "Submissions", content: json(paginatedSchema(IntakeSubmissionSchema)) }, 400: errorResponse("Invalid query"), ...adminErrors },
});

const exportIntake = createRoute({
  operationId: "exportIntake",
  method: "get",
  path: "/exports/intake.csv",
  tags: ["Exports"],
  summary: "Every submission of the intake form as CSV (admins only). Text that a spreadsheet would read as a formula starts with an apostrophe.",
  middleware: [adminOnly] as const,
  responses: { 200: { description: "UTF-8 CSV with a header row", content: { "text/csv": { schema: z.string() } } }, ...adminErrors },
});

export function registerIntakeRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(submitIntake, async (c) => c.json(await c.var.services.intake.submit(c.var.user, c.req.valid("json")), 201));
  api.openapi(intakeBusinesses, async (c) => c.json(await c.var.services.intake.businesses(c.var.user), 200));
  api.openapi(listIntake, async (c) => c.json(await c.var.services.intake.list(c.var.user, c.req.valid("query")), 200));
  api.openapi(exportIntake, async (c) => {
    const csv = await c.var.services.intake.csv(c.var.user);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="intake-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    });
  });
}
