import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "#server/api/api-env.ts";
import { signedInOnly } from "#server/api/admin-only.ts";
import { adminListRoute, entityWriteRoutes } from "#server/api/entity-routes.ts";
import { errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { requestLanguage } from "#server/http/error-language.ts";
import { languageSettingsOf } from "#shared/i18n/languages.ts";
import { AdminAnnouncementSchema, AnnouncementListSchema, AnnouncementSchema, type AnnouncementInputSchema } from "#shared/schemas/announcement.ts";

const memberErrors = { 401: errorResponse("Not signed in"), 403: errorResponse("Not a member: announcements are for the owners of member businesses and administrators") };
const adminErrors = { 401: errorResponse("Not signed in"), 403: errorResponse("Not an administrator") };
// The service validates the body with the form's own schema (and its messages, per field); documented here as an object.
const AnnouncementBody = z.custom<z.input<typeof AnnouncementInputSchema>>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description:
    "title, body (HTML, sanitized before it is stored), pinned, archived (booleans), publishAt (an instant with its zone; empty or null keeps it a draft), imagePath (an uploaded postImage, or null), translations (the title and body in the site's other languages, by language: { fr: { title, body } }; blank removes one)",
});

const listAnnouncements = createRoute({
  operationId: "listAnnouncements",
  method: "get",
  path: "/announcements",
  tags: ["Announcements"],
  summary: "Published announcements, pinned first, newest first, each read or not by the signed-in member (members only)",
  middleware: [signedInOnly] as const,
  responses: { 200: { description: "Announcements and how many of them are unread", content: json(AnnouncementListSchema) }, ...memberErrors },
});

const listAdminAnnouncements = adminListRoute({
  operationId: "listAdminAnnouncements",
  path: "/admin/announcements",
  tag: "Announcements",
  summary: "Every announcement, drafts, scheduled and archived ones too, with its body as text cut for the list (administrators only)",
  description: "Announcements",
  item: AdminAnnouncementSchema.extend({ bodyPreview: z.string() }),
  errors: adminErrors,
});

const getAnnouncement = createRoute({
  operationId: "getAnnouncement",
  method: "get",
  path: "/announcements/{id}",
  tags: ["Announcements"],
  summary: "One announcement (members: published ones only)",
  middleware: [signedInOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The announcement; administrators also get its image path and editor", content: json(z.union([AdminAnnouncementSchema, AnnouncementSchema])) },
    ...memberErrors,
    404: errorResponse("Announcement not found."),
  },
});

const readAnnouncement = createRoute({
  operationId: "readAnnouncement",
  method: "post",
  path: "/announcements/{id}/read",
  tags: ["Announcements"],
  summary: "Mark a published announcement read by the signed-in member (members only)",
  middleware: [signedInOnly] as const,
  request: { params: IdParamSchema },
  responses: { 204: { description: "Marked read" }, ...memberErrors, 404: errorResponse("Announcement not found.") },
});

const writes = entityWriteRoutes({
  tag: "Announcements",
  path: "/announcements",
  name: "Announcement",
  body: AnnouncementBody,
  stored: AdminAnnouncementSchema,
  summaries: {
    create: "Add an announcement: a draft, scheduled or published at once (administrators only)",
    update: "Replace an announcement: schedule, pin or archive it; a new image replaces the old one (administrators only)",
    delete: "Delete an announcement and its image (administrators only)",
  },
  invalid: "Title and Body are required.",
  notFound: "Announcement not found.",
  errors: adminErrors,
});

/** Members read announcements in their language (their account's, else their choice), else in the originals'. */
async function readerLanguage(c: Context<AppEnv>) {
  return requestLanguage(c, languageSettingsOf(await c.var.services.siteSettings.get()));
}

export function registerAnnouncementRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listAnnouncements, async (c) => c.json(await c.var.services.announcements.list(c.var.user, await readerLanguage(c)), 200));
  api.openapi(listAdminAnnouncements, async (c) => c.json(await c.var.services.announcements.listForAdmin(c.var.user, c.req.valid("query")), 200));
  api.openapi(getAnnouncement, async (c) => c.json(await c.var.services.announcements.get(c.var.user, c.req.valid("param").id, await readerLanguage(c)), 200));
  api.openapi(readAnnouncement, async (c) => {
    await c.var.services.announcements.markRead(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
  api.openapi(writes.create, async (c) => c.json(await c.var.services.announcements.create(c.var.user, c.req.valid("json")), 201));
  api.openapi(writes.update, async (c) => c.json(await c.var.services.announcements.update(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(writes.delete, async (c) => {
    await c.var.services.announcements.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
