import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { adminListRoute, entityWriteRoutes, jsonBody } from "#server/api/entity-routes.ts";
import { addressErrors, errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import {
  AdminSurveySchema,
  ConfirmOutcomeSchema,
  ResponseOutcomeSchema,
  SurveyDetailSchema,
  SurveyResultsSchema,
  SurveySummarySchema,
  type ResponseInput,
  type SurveyInput,
} from "#shared/schemas/survey.ts";

const adminErrors = { 401: errorResponse("Not signed in"), 403: errorResponse("Not an administrator") };
const viewErrors = { 401: errorResponse("Not signed in (a members' survey)"), 403: errorResponse("Not a member (a members' survey)"), 404: errorResponse("Survey not found.") };

// The service validates the bodies with the forms' own schemas (and their messages, per field); documented here as objects.
const SurveyBody = z.custom<SurveyInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description:
    "title; description; status (draft, open or closed); opensAt and closesAt (instants with their zone; an open survey needs closesAt); audience (members or public); anonymous and showResults (booleans); questions: a list of { id (kept to keep its answers), kind (oneChoice, severalChoices, rating, number, date, shortText, longText), label, help, required, options (choices only, two at least) }",
});
const ResponseBody = z.custom<ResponseInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  properties: { answers: { type: "object", additionalProperties: true }, altcha: { type: "string" }, email: { type: "string", format: "email" } },
  description:
    "answers: by question id, a choice (text), several (a list of texts), a rating 1–5 or a number, a date (YYYY-MM-DD) or a text; altcha: the proof of work's solution (public surveys); email: a visitor's address (public surveys, not signed in), which gets the link that makes the answer count",
  required: ["answers"],
});
const ConfirmBody = z.object({ token: z.string() });

const listSurveys = createRoute({
  operationId: "listSurveys",
  method: "get",
  path: "/surveys",
  tags: ["Surveys"],
  summary: "The surveys the caller may see, newest first: members' and public ones for members (drafts too for administrators), public ones for anyone else",
  responses: { 200: { description: "Surveys, with whether the signed-in person answered", content: json(z.array(SurveySummarySchema)) }, ...addressErrors },
});

const listAdminSurveys = adminListRoute({
  operationId: "listAdminSurveys",
  path: "/admin/surveys",
  tag: "Surveys",
  summary: "Every survey with its questions and number of answers, newest first, a page at a time (administrators only)",
  description: "Surveys",
  item: AdminSurveySchema,
  errors: adminErrors,
});

const getSurvey = createRoute({
  operationId: "getSurvey",
  method: "get",
  path: "/surveys/{id}",
  tags: ["Surveys"],
  summary: "One survey with its questions, and the signed-in person's own answers to a named one",
  request: { params: IdParamSchema },
  responses: { 200: { description: "The survey; administrators also get its status and number of answers", content: json(z.union([AdminSurveySchema, SurveyDetailSchema])) }, ...viewErrors },
});

const respond = createRoute({
  operationId: "respondToSurvey",
  method: "post",
  path: "/surveys/{id}/responses",
  tags: ["Surveys"],
  summary:
    "Answer a survey, or change a named answer while it is open. Members' surveys: members. Public ones: anyone, with the proof of work; a visitor not signed in gives an address and the answer counts once the mailed link is opened (the same reply whether or not that address answered before).",
  request: { params: IdParamSchema, body: jsonBody(ResponseBody) },
  responses: {
    200: { description: "Saved, changed, or waiting for the mailed link", content: json(ResponseOutcomeSchema) },
    400: errorResponse("A missing or wrong answer (beside its question: answers.<question id>), a missing address or proof of work"),
    ...viewErrors,
    409: errorResponse("The survey is not open, or an anonymous survey was already answered by this person"),
  },
});

const confirm = createRoute({
  operationId: "confirmSurveyResponse",
  method: "post",
  path: "/surveys/{id}/responses/confirm",
  tags: ["Surveys"],
  summary: "Make a visitor's answer count with the token of the mailed link (once per address and survey)",
  request: { params: IdParamSchema, body: jsonBody(ConfirmBody) },
  responses: {
    200: { description: "Counted, or this address had already answered", content: json(ConfirmOutcomeSchema) },
    400: errorResponse("The link is not valid or has expired"),
    404: errorResponse("Survey not found."),
    409: errorResponse("The survey is not open"),
  },
});

const results = createRoute({
  operationId: "getSurveyResults",
  method: "get",
  path: "/surveys/{id}/results",
  tags: ["Surveys"],
  summary: "Counts and shares per choice, averages of ratings and numbers, texts listed: live for administrators; for those who answered once it closes, if the survey shows them",
  request: { params: IdParamSchema },
  responses: { 200: { description: "The results", content: json(SurveyResultsSchema) }, ...viewErrors },
});

const exportSurvey = createRoute({
  operationId: "exportSurvey",
  method: "get",
  path: "/exports/surveys/{id}.csv",
  tags: ["Exports"],
  summary: "Every answer to a survey as CSV, one row each (administrators only). Text that a spreadsheet would read as a formula starts with an apostrophe.",
  request: { params: IdParamSchema },
  responses: { 200: { description: "UTF-8 CSV with a header row", content: { "text/csv": { schema: z.string() } } }, ...adminErrors, 404: errorResponse("Survey not found.") },
});

const writes = entityWriteRoutes({
  tag: "Surveys",
  path: "/surveys",
  name: "Survey",
  body: SurveyBody,
  stored: AdminSurveySchema,
  summaries: {
    create: "Build a survey (administrators only)",
    update: "Replace a survey: its questions (which keep their kind once answered), dates, audience and settings (administrators only)",
    delete: "Delete a survey with its answers (administrators only)",
  },
  invalid: "Title and at least one question are required.",
  notFound: "Survey not found.",
  errors: adminErrors,
});

export function registerSurveyRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listSurveys, async (c) => c.json(await c.var.services.surveys.list(c.var.user), 200));
  api.openapi(listAdminSurveys, async (c) => c.json(await c.var.services.surveys.listForAdmin(c.var.user, c.req.valid("query")), 200));
  api.openapi(getSurvey, async (c) => c.json(await c.var.services.surveys.get(c.var.user, c.req.valid("param").id), 200));
  api.openapi(respond, async (c) =>
    c.json(await c.var.services.surveys.respond(c.var.user, c.req.valid("param").id, c.req.valid("json"), (payload) => c.var.signUpChallenge.check(payload)), 200),
  );
  api.openapi(confirm, async (c) => c.json(await c.var.services.surveys.confirm(c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(results, async (c) => c.json(await c.var.services.surveys.results(c.var.user, c.req.valid("param").id), 200));
  // Documented as the others; served by a plain route, since the router reads "{id}.csv" as one parameter's name.
  api.openAPIRegistry.registerPath(exportSurvey);
  api.get("/exports/surveys/:file{[A-Za-z0-9_-]{1,100}\\.csv}", adminOnly, async (c) => {
    const id = c.req.param("file").replace(/\.csv$/, "");
    const { csv } = await c.var.services.surveys.csv(c.var.user, id);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="survey-${id}.csv"`,
      "Cache-Control": "no-store",
    });
  });
  api.openapi(writes.create, async (c) => c.json(await c.var.services.surveys.create(c.var.user, c.req.valid("json")), 201));
  api.openapi(writes.update, async (c) => c.json(await c.var.services.surveys.update(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(writes.delete, async (c) => {
    await c.var.services.surveys.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
