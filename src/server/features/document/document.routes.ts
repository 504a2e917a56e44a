import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminListRoute, entityWriteRoutes } from "#server/api/entity-routes.ts";
import { errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { attachmentDisposition } from "#server/http/content-disposition.ts";
import { AdminDocumentSchema, DocumentListQuerySchema, DocumentListSchema, DocumentSchema, type DocumentInput } from "#shared/schemas/document.ts";

const adminErrors = { 401: errorResponse("Not signed in"), 403: errorResponse("Not an administrator") };
const notFound = errorResponse("Document not found (also a members-only document, to anyone who is not a member).");
// The service validates the body with the form's own schema (and its messages, per field); documented here as an object.
const DocumentBody = z.custom<DocumentInput>((value) => typeof value === "object" && value !== null).openapi({
  type: "object",
  description:
    "title, summary, date (YYYY-MM-DD), tags (a list of words, or one text separated by commas), visibility (members or public), filePath (an uploaded `document` file, or the document's current one), attachedTo ({ kind: meeting or announcement, id }, or null)",
});

const listDocuments = createRoute({
  operationId: "listDocuments",
  method: "get",
  path: "/documents",
  tags: ["Documents"],
  summary: "The library, newest first: public documents for everyone, members-only ones too for members; by tag, by words, or one meeting's or announcement's attachments",
  request: { query: DocumentListQuerySchema },
  responses: { 200: { description: "Documents and the tags of all the reader may see", content: json(DocumentListSchema) }, 400: errorResponse("Invalid query") },
});

const getDocument = createRoute({
  operationId: "getDocument",
  method: "get",
  path: "/documents/{id}",
  tags: ["Documents"],
  summary: "One document (members-only ones for members only)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The document; administrators also get its stored file's path", content: json(z.union([AdminDocumentSchema, DocumentSchema])) },
    404: notFound,
  },
});

const downloadDocument = createRoute({
  operationId: "downloadDocument",
  method: "get",
  path: "/documents/{id}/file",
  tags: ["Documents"],
  summary: "A document's file, as an attachment under its original name (members-only ones for members only)",
  request: { params: IdParamSchema },
  responses: {
    200: {
      description: "The file's bytes, with its type, `Content-Disposition: attachment` and a sandboxing Content-Security-Policy",
      content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
    },
    404: notFound,
  },
});

const listAdminDocuments = adminListRoute({
  operationId: "listAdminDocuments",
  path: "/admin/documents",
  tag: "Documents",
  summary: "Every document of the library, members-only and public, with its stored file's path (administrators only)",
  description: "Documents",
  item: AdminDocumentSchema,
  errors: adminErrors,
});

const writes = entityWriteRoutes({
  tag: "Documents",
  path: "/documents",
  name: "Document",
  body: DocumentBody,
  stored: AdminDocumentSchema,
  summaries: {
    create: "Add a document to the library from an uploaded file (administrators only)",
    update: "Replace a document's details; a new file replaces the old one (administrators only)",
    delete: "Delete a document and its file (administrators only)",
  },
  invalid: "Title, Date and File are required.",
  notFound: "Document not found.",
  errors: adminErrors,
});

export function registerDocumentRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(listDocuments, async (c) => c.json(await c.var.services.documents.list(c.var.user, c.req.valid("query")), 200, { "Cache-Control": "private, no-store" }));
  api.openapi(listAdminDocuments, async (c) => c.json(await c.var.services.documents.listForAdmin(c.var.user, c.req.valid("query")), 200));
  api.openapi(getDocument, async (c) => c.json(await c.var.services.documents.get(c.var.user, c.req.valid("param").id), 200, { "Cache-Control": "private, no-store" }));
  api.openapi(downloadDocument, async (c) => {
    const file = await c.var.services.documents.file(c.var.user, c.req.valid("param").id);
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": attachmentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      // Opened in the browser anyway, the bytes never run as a document of our origin.
      "Content-Security-Policy": "default-src 'none'; sandbox",
      // Members-only files must not stay in a shared cache; public ones are small and rarely read.
      "Cache-Control": "private, no-store",
    });
  });
  api.openapi(writes.create, async (c) => c.json(await c.var.services.documents.create(c.var.user, c.req.valid("json")), 201));
  api.openapi(writes.update, async (c) => c.json(await c.var.services.documents.update(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(writes.delete, async (c) => {
    await c.var.services.documents.delete(c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
