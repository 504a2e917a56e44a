import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { adminErrors, errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { DigestPlanSchema, NewsletterPreviewSchema, NewsletterSchema, type NewsletterInput } from "#shared/schemas/newsletter.ts";

const tags = ["Newsletters"];
// The service validates bodies with the form's own schema (and its messages, per field); documented here as objects.
const NewsletterBody = z
  .custom<NewsletterInput>((value) => typeof value === "object" && value !== null)
  .openapi({
    type: "object",
    description:
      'subject, body (HTML, sanitized before it is stored), cards (up to 30 of { "kind": "event" | "offer" | "business", "id" }, shown after the body), topics (subscribers with any of them get it; empty: every subscriber)',
  });
const SendBody = z.object({
  sendAt: z.string().nullish().openapi({ description: "An instant with its zone; left out: now" }),
});
const DigestPlanBody = z
  .strictObject({
    introduction: z.string().optional(),
    skipped: z.boolean().optional(),
  })
  .refine((plan) => plan.introduction !== undefined || plan.skipped !== undefined, { error: "Send an introduction, whether the week is skipped, or both." });
const body = <T extends z.ZodType>(schema: T, required = true) => ({
  required,
  content: json(schema),
});
const notFound = { 404: errorResponse("Newsletter not found.") };

const listNewsletters = createRoute({
  operationId: "listNewsletters",
  method: "get",
  path: "/newsletters",
  tags,
  summary: "Every newsletter and weekly digest, newest first, with its queued, sent and failed counts (administrators only)",
  middleware: [adminOnly] as const,
  responses: {
    200: {
      description: "Newsletters",
      content: json(z.object({ items: z.array(NewsletterSchema) })),
    },
    ...adminErrors,
  },
});

const createNewsletter = createRoute({
  operationId: "createNewsletter",
  method: "post",
  path: "/newsletters",
  tags,
  summary: "Write a newsletter: a draft until it is sent (administrators only)",
  middleware: [adminOnly] as const,
  request: { body: body(NewsletterBody) },
  responses: {
    201: { description: "The new newsletter", content: json(NewsletterSchema) },
    400: errorResponse("Subject is required."),
    ...adminErrors,
  },
});

const getNewsletter = createRoute({
  operationId: "getNewsletter",
  method: "get",
  path: "/newsletters/{id}",
  tags,
  summary: "One newsletter with its queued, sent and failed counts (administrators only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The newsletter", content: json(NewsletterSchema) },
    ...adminErrors,
    ...notFound,
  },
});

const updateNewsletter = createRoute({
  operationId: "updateNewsletter",
  method: "put",
  path: "/newsletters/{id}",
  tags,
  summary: "Replace a newsletter that has not gone yet (administrators only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema, body: body(NewsletterBody) },
  responses: {
    200: { description: "The newsletter", content: json(NewsletterSchema) },
    400: errorResponse("Subject is required."),
    ...adminErrors,
    ...notFound,
    409: errorResponse("This newsletter has already been sent."),
  },
});

const previewNewsletter = createRoute({
  operationId: "previewNewsletter",
  method: "get",
  path: "/newsletters/{id}/preview",
  tags,
  summary: "The newsletter's mail as HTML and as plain text, with sample links in place of each subscriber's own (administrators only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The mail", content: json(NewsletterPreviewSchema) },
    ...adminErrors,
    ...notFound,
  },
});

const testNewsletter = createRoute({
  operationId: "testNewsletter",
  method: "post",
  path: "/newsletters/{id}/test",
  tags,
  summary: "Send the newsletter to the signed-in administrator's own address, at once (administrators only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    200: { description: "Sent", content: json(z.object({ to: z.string() })) },
    ...adminErrors,
    ...notFound,
    503: errorResponse("The site has no mail server configured, so nothing can be sent."),
  },
});

const sendNewsletter = createRoute({
  operationId: "sendNewsletter",
  method: "post",
  path: "/newsletters/{id}/send",
  tags,
  summary: "Send the newsletter now, or at `sendAt`, to the subscribers of its topics (administrators only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema, body: body(SendBody, false) },
  responses: {
    202: {
      description: "Scheduled, or queued to go at once",
      content: json(NewsletterSchema),
    },
    400: errorResponse("Send at must be a date and time."),
    ...adminErrors,
    ...notFound,
    409: errorResponse("This newsletter has already been sent."),
    503: errorResponse("The site has no mail server configured, so nothing can be sent."),
  },
});

const getDigestPlan = createRoute({
  operationId: "getNewsletterDigestPlan",
  method: "get",
  path: "/newsletter-digest",
  tags,
  summary: "When the next weekly digest goes, its introduction, and whether its week is skipped (administrators only)",
  middleware: [adminOnly] as const,
  responses: {
    200: {
      description: "The next digest's plan",
      content: json(DigestPlanSchema),
    },
    ...adminErrors,
  },
});

const saveDigestPlan = createRoute({
  operationId: "saveNewsletterDigestPlan",
  method: "put",
  path: "/newsletter-digest",
  tags,
  summary: "Set the next weekly digest's introduction (HTML, sanitized), or skip its week (administrators only)",
  middleware: [adminOnly] as const,
  request: { body: body(DigestPlanBody) },
  responses: {
    200: {
      description: "The next digest's plan",
      content: json(DigestPlanSchema),
    },
    400: errorResponse("The introduction is too long: at most 20,000 characters."),
    ...adminErrors,
  },
});

const previewDigest = createRoute({
  operationId: "previewNewsletterDigest",
  method: "get",
  path: "/newsletter-digest/preview",
  tags,
  summary: "The next weekly digest as subscribers of these topics would get it; null when it has nothing for them (administrators only)",
  middleware: [adminOnly] as const,
  request: {
    query: z.object({
      topics: z.string().max(5000).optional().openapi({
        description: 'Topics separated by commas ("events,offers,category:<id>"); left out: events, offers and news',
      }),
    }),
  },
  responses: {
    200: {
      description: "The mail, or null",
      content: json(NewsletterPreviewSchema.nullable()),
    },
    400: errorResponse("Choose topics from the list."),
    ...adminErrors,
  },
});

export function registerNewsletterRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listNewsletters, async (c) => c.json({ items: await c.var.services.newsletters.list(c.var.user) }, 200));
  api.openapi(createNewsletter, async (c) => c.json(await c.var.services.newsletters.create(c.var.user, c.req.valid("json")), 201));
  api.openapi(getNewsletter, async (c) => c.json(await c.var.services.newsletters.get(c.var.user, c.req.valid("param").id), 200));
  api.openapi(updateNewsletter, async (c) => c.json(await c.var.services.newsletters.update(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(previewNewsletter, async (c) => c.json(await c.var.services.newsletters.preview(c.var.user, c.req.valid("param").id), 200));
  api.openapi(testNewsletter, async (c) => c.json(await c.var.services.newsletters.test(c.var.user, c.req.valid("param").id), 200));
  api.openapi(sendNewsletter, async (c) => c.json(await c.var.services.newsletters.send(c.var.user, c.req.valid("param").id, c.req.valid("json") ?? {}), 202));
  api.openapi(getDigestPlan, async (c) => c.json(await c.var.services.newsletters.digestPlan(c.var.user), 200));
  api.openapi(saveDigestPlan, async (c) => c.json(await c.var.services.newsletters.saveDigestPlan(c.var.user, c.req.valid("json")), 200));
  api.openapi(previewDigest, async (c) => {
    const topics = c.req.valid("query").topics;
    return c.json(await c.var.services.newsletters.previewDigest(c.var.user, topics === undefined ? undefined : topics.split(",").filter(Boolean)), 200);
  });
}
