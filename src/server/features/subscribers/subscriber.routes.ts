// The administrators' subscribers: the list (search, topic, state) with consent records, unsubscribing, the export.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { answer } from "#server/api/entity-routes.ts";
import { adminErrors, errorResponse, IdParamSchema } from "#server/api/schemas.ts";
import { paginatedSchema, PaginationQuerySchema } from "#shared/schemas/pagination.ts";
import { jsonBody } from "#server/api/entity-routes.ts";
import {
  AdminSubscriberSchema,
  SubscriberImportAppliedSchema,
  SubscriberImportPreviewSchema,
  SubscriberListQuerySchema,
} from "#shared/schemas/subscription.ts";

const tag = ["Subscribers"];

const list = createRoute({
  operationId: "listSubscribers",
  method: "get",
  path: "/subscribers",
  tags: tag,
  summary: "Subscribers, newest first, each with its consent records; q searches the address (admins only)",
  middleware: [adminOnly] as const,
  request: { query: PaginationQuerySchema.omit({ sort: true }).extend(SubscriberListQuerySchema.shape) },
  responses: { 200: answer("A page of subscribers", paginatedSchema(AdminSubscriberSchema)), ...adminErrors },
});

const unsubscribe = createRoute({
  operationId: "unsubscribeSubscriber",
  method: "post",
  path: "/subscribers/{id}/unsubscribe",
  tags: tag,
  summary: "Unsubscribe an address (admins only); its consent records stay",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: { 200: answer("The subscriber, unsubscribed", AdminSubscriberSchema), ...adminErrors, 404: errorResponse("No such subscriber") },
});

const exportCsv = createRoute({
  operationId: "exportSubscribers",
  method: "get",
  path: "/exports/subscribers.csv",
  tags: ["Exports"],
  summary:
    "Every subscriber as CSV, one row per consent record (when, which form, the words shown) (admins only). Text that a spreadsheet would read as a formula starts with an apostrophe.",
  middleware: [adminOnly] as const,
  responses: { 200: { description: "UTF-8 CSV with a header row", content: { "text/csv": { schema: z.string() } } }, ...adminErrors },
});

const ImportBody = jsonBody(z.object({ csv: z.string().openapi({ description: "The CSV file's text: columns email, topics, consent_at, consent_source (and consent_text)" }) }));

const previewImport = createRoute({
  operationId: "previewSubscriberImport",
  method: "post",
  path: "/subscriber-imports/preview",
  tags: tag,
  summary: "Read a CSV of subscribers and answer what each row would do, or why it is refused (admins only); nothing is written",
  middleware: [adminOnly] as const,
  request: { body: ImportBody },
  responses: { 200: answer("Each row and the counts", SubscriberImportPreviewSchema), 400: errorResponse("Not a CSV with the needed columns"), ...adminErrors },
});

const applyImport = createRoute({
  operationId: "applySubscriberImport",
  method: "post",
  path: "/subscriber-imports",
  tags: tag,
  summary: "Add the rows of a CSV of subscribers that the preview would add, each with its consent record (admins only)",
  middleware: [adminOnly] as const,
  request: { body: ImportBody },
  responses: { 201: answer("The import's id (for undo) and how many were added", SubscriberImportAppliedSchema), 400: errorResponse("Not a CSV with the needed columns"), ...adminErrors },
});

const undoImport = createRoute({
  operationId: "undoSubscriberImport",
  method: "delete",
  path: "/subscriber-imports/{id}",
  tags: tag,
  summary: "Remove the subscribers an import added, unless they have consented elsewhere since (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: { 200: answer("How many were removed and kept", z.object({ removed: z.number().int(), kept: z.number().int() })), ...adminErrors, 404: errorResponse("No such import, or its subscribers were removed already") },
});

export function registerSubscriberRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(list, async (c) => c.json(await c.var.services.subscribers.list(c.var.user, c.req.valid("query")), 200));
  api.openapi(unsubscribe, async (c) => c.json(await c.var.services.subscribers.unsubscribe(c.var.user, c.req.valid("param").id), 200));
  api.openapi(previewImport, async (c) => c.json(await c.var.services.subscriberImports.preview(c.var.user, c.req.valid("json")), 200));
  api.openapi(applyImport, async (c) => c.json(await c.var.services.subscriberImports.apply(c.var.user, c.req.valid("json")), 201));
  api.openapi(undoImport, async (c) => c.json(await c.var.services.subscriberImports.undo(c.var.user, c.req.valid("param").id), 200));
  api.openapi(exportCsv, async (c) => {
    const csv = await c.var.services.subscribers.exportCsv(c.var.user);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    });
  });
}
