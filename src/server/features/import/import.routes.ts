import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "#server/api/api-env.ts";
import { adminErrors, errorResponse, IdParamSchema, json } from "#server/api/schemas.ts";
import { adminOnly } from "#server/api/admin-only.ts";
import { Validation } from "#server/errors.ts";
import {
  IMPORT_CELL_NAMES,
  IMPORT_LIMITS,
  ImportMappingSchema,
  ImportPreviewSchema,
  importMessages,
} from "#shared/schemas/data-import.ts";

/** Where CSV is posted: its body is CSV or a form with the file, not JSON (app.ts lets it through the JSON guard). */
export const IMPORTS_PATH = "/api/v1/imports";


const option = {
  delimiter: z.enum(["auto", "comma", "semicolon", "tab"]).optional().openapi({ description: "The file's separator; auto detects comma, semicolon or tab" }),
  encoding: z.enum(["auto", "utf-8", "windows-1252", "macintosh"]).optional().openapi({ description: "The file's encoding; auto reads UTF-8 (with or without BOM) or UTF-16 with its BOM, else Windows-1252 or Mac Roman (macintosh), whichever reads as Western text" }),
  createMissing: z.enum(["true", "false"]).optional().openapi({ description: "Create categories and tags the file names that do not exist yet" }),
  mapping: z.string().max(20_000).optional().openapi({ description: 'JSON object: header → field ("name", "category", …, or "" to leave the column out)' }),
};

const ImportQuerySchema = z.object({ ...option, fileName: z.string().max(200).optional() });
const ImportFormSchema = z.object({
  file: z.any().openapi({ type: "string", format: "binary", description: "The CSV file" }),
  ...option,
});

/** The file's size is refused before it is read into memory: the limit plus room for a form's other fields. */
const importBodyLimit = bodyLimit({
  maxSize: IMPORT_LIMITS.bytes + 64 * 1024,
  onError: (c) => c.json({ error: { code: "too_large", message: importMessages.tooLarge, fields: { file: importMessages.tooLarge } } }, 413),
});
/** Only CSV text or a form with the file. */
const csvBodies = createMiddleware<AppEnv>(async (c, next) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!["text/csv", "text/calendar", "text/plain", "multipart/form-data", "application/x-www-form-urlencoded"].includes(type)) {
    return c.json({ error: { code: "unsupported_media_type", message: "Send the file as text/csv (or text/calendar) or as a form field named file (multipart/form-data)." } }, 415);
  }
  await next();
});

function parseMapping(text: string | undefined) {
  if (text === undefined || text === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw Validation("The column mapping is not valid JSON.", { mapping: "The column mapping is not valid JSON." });
  }
  const parsed = ImportMappingSchema.safeParse(value);
  if (!parsed.success) throw Validation("The column mapping names a field that does not exist.", { mapping: "The column mapping names a field that does not exist." });
  return parsed.data;
}

const createImport = createRoute({
  operationId: "createImport",
  method: "post",
  path: "/imports",
  tags: ["Imports"],
  summary: "Read a CSV file of businesses, or an iCalendar file of events, and answer the preview of what applying it would do; nothing else is written (admins only)",
  middleware: [adminOnly, importBodyLimit, csvBodies] as const,
  request: {
    query: ImportQuerySchema,
    // Not "required": the file is checked by the handler, whichever way it came.
    body: {
      content: {
        "text/csv": { schema: z.string().openapi({ description: "The CSV file's bytes" }) },
        "text/calendar": { schema: z.string().openapi({ description: "An iCalendar file: its events are imported (name, start, location, description, URL)" }) },
        "multipart/form-data": { schema: ImportFormSchema },
      },
    },
  },
  responses: {
    201: { description: "The preview: every row, and totals", content: json(ImportPreviewSchema) },
    400: errorResponse("Not a CSV file, no header row, or no column matches a business field"),
    ...adminErrors,
    413: errorResponse("Larger than 10 MB"),
    415: errorResponse("Neither CSV nor a form"),
  },
});

const createImportFromUrl = createRoute({
  operationId: "createImportFromUrl",
  method: "post",
  path: "/imports/from-url",
  tags: ["Imports"],
  summary: "Read a calendar (or CSV) from a public http(s) address and answer the preview, as for an uploaded file (admins only)",
  middleware: [adminOnly] as const,
  request: { body: { required: true, content: json(z.object({ url: z.string().trim().min(1, { error: "Enter the calendar's address." }).max(2000) })) } },
  responses: {
    201: { description: "The preview", content: json(ImportPreviewSchema) },
    400: errorResponse("Not an http(s) address, a private one, not reachable, or not a calendar or CSV"),
    ...adminErrors,
  },
});

const getImport = createRoute({
  operationId: "getImport",
  method: "get",
  path: "/imports/{id}",
  tags: ["Imports"],
  summary: "An import's preview as it stands now (rows geocoded meanwhile included) (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: "The preview", content: json(ImportPreviewSchema) }, ...adminErrors, 404: errorResponse(importMessages.notFound) },
});

const getGeocoding = createRoute({
  operationId: "getImportGeocoding",
  method: "get",
  path: "/imports/{id}/geocoding",
  tags: ["Imports"],
  summary: "How far the geocoding of an import's rows has come: rows looked up, failed and still waiting (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: "The counts", content: json(ImportPreviewSchema.shape.geocoding) }, ...adminErrors, 404: errorResponse(importMessages.notFound) },
});

const RecentImportSchema = ImportPreviewSchema.omit({ rows: true, missingCategories: true, missingTags: true, summary: true, geocoding: true, keptOnUndo: true });
const listImports = createRoute({
  operationId: "listImports",
  method: "get",
  path: "/imports",
  tags: ["Imports"],
  summary: "The ten newest imports, newest first (admins only)",
  middleware: [adminOnly] as const,
  responses: { 200: { description: "Imports", content: json(z.array(RecentImportSchema)) }, ...adminErrors },
});

const OptionsBody = z.object({
  delimiter: z.enum(["auto", "comma", "semicolon", "tab"]).optional(),
  encoding: z.enum(["auto", "utf-8", "windows-1252", "macintosh"]).optional(),
  createMissing: z.boolean().optional(),
  mapping: ImportMappingSchema.optional(),
});
const updateImport = createRoute({
  operationId: "updateImport",
  method: "put",
  path: "/imports/{id}",
  tags: ["Imports"],
  summary: "Read the file again with another delimiter, encoding or column mapping, or with missing categories and tags created (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema, body: { required: true, content: json(OptionsBody) } },
  responses: {
    200: { description: "The new preview", content: json(ImportPreviewSchema) },
    400: errorResponse("The options are not valid, or no column matches"),
    ...adminErrors,
    404: errorResponse(importMessages.notFound),
    409: errorResponse(importMessages.notPreview),
  },
});

// A row is named by its line in the file, which blank lines and multi-line cells can put well past the row limit.
const RowParam = z.object({ id: z.string().min(1).max(100), line: z.coerce.number().int().min(1).max(IMPORT_LIMITS.bytes) });
// A cell holds at most what a row's fix form sends back: a long series' moved dates run to a few thousand characters.
const RowBody = z.object({ cells: z.partialRecord(z.enum(IMPORT_CELL_NAMES), z.string().max(20_000)) });
const updateImportRow = createRoute({
  operationId: "updateImportRow",
  method: "put",
  path: "/imports/{id}/rows/{line}",
  tags: ["Imports"],
  summary: "Correct cells of one row before applying; a row left without coordinates is geocoded again (admins only)",
  middleware: [adminOnly] as const,
  request: { params: RowParam, body: { required: true, content: json(RowBody) } },
  responses: {
    200: { description: "The new preview", content: json(ImportPreviewSchema) },
    400: errorResponse("The cells are not valid"),
    ...adminErrors,
    404: errorResponse(importMessages.notFound),
    409: errorResponse(importMessages.notPreview),
  },
});

const applyImport = createRoute({
  operationId: "applyImport",
  method: "post",
  path: "/imports/{id}/apply",
  tags: ["Imports"],
  summary: "Write every row in one transaction, or nothing; businesses missing from the file are kept (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The import, applied", content: json(ImportPreviewSchema) },
    400: errorResponse("Some rows have errors"),
    ...adminErrors,
    404: errorResponse(importMessages.notFound),
    409: errorResponse("Already applied, still geocoding, or a write failed (nothing was changed)"),
  },
});

const undoImport = createRoute({
  operationId: "undoImport",
  method: "post",
  path: "/imports/{id}/undo",
  tags: ["Imports"],
  summary:
    "Restore what the import changed and remove what it added, within 7 days of applying it; a field or a series' date changed since, an added business changed since or given offers, events, owners or photos, or an added event changed since, with dates moved or cancelled or an owner's request waiting, is kept and listed in keptOnUndo (admins only)",
  middleware: [adminOnly] as const,
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The import, undone", content: json(ImportPreviewSchema) },
    ...adminErrors,
    404: errorResponse(importMessages.notFound),
    409: errorResponse("Not applied, already undone, or applied more than 7 days ago"),
  },
});

export function registerImportRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(createImport, async (c) => {
    const query = c.req.valid("query");
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    let bytes: Uint8Array;
    let fileName = query.fileName ?? "import.csv";
    let fields: Partial<Record<keyof typeof option, string | undefined>> = query;
    if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
      const form = await c.req.parseBody();
      const file = form.file;
      if (!(file instanceof File)) throw Validation(importMessages.noFile, { file: importMessages.noFile });
      bytes = new Uint8Array(await file.arrayBuffer());
      fileName = file.name || fileName;
      const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
      fields = { delimiter: text("delimiter") ?? query.delimiter, encoding: text("encoding") ?? query.encoding, createMissing: text("createMissing") ?? query.createMissing, mapping: text("mapping") ?? query.mapping };
    } else {
      bytes = new Uint8Array(await c.req.arrayBuffer());
    }
    const preview = await c.var.services.imports.create(c.var.user, { name: fileName, bytes }, {
      delimiter: fields.delimiter as "auto" | undefined,
      encoding: fields.encoding as "auto" | undefined,
      createMissing: (fields.createMissing ?? "false") as "true" | "false",
      mapping: parseMapping(fields.mapping),
    });
    return c.json(preview, 201);
  });
  api.openapi(createImportFromUrl, async (c) => c.json(await c.var.services.imports.createFromUrl(c.var.user, c.req.valid("json").url), 201));
  api.openapi(listImports, async (c) => c.json(await c.var.services.imports.listRecent(c.var.user), 200));
  api.openapi(getImport, async (c) => c.json(await c.var.services.imports.get(c.var.user, c.req.valid("param").id), 200));
  api.openapi(getGeocoding, async (c) => c.json(await c.var.services.imports.geocodingProgress(c.var.user, c.req.valid("param").id), 200));
  api.openapi(updateImport, async (c) => c.json(await c.var.services.imports.reconfigure(c.var.user, c.req.valid("param").id, c.req.valid("json")), 200));
  api.openapi(updateImportRow, async (c) => {
    const { id, line } = c.req.valid("param");
    return c.json(await c.var.services.imports.updateRow(c.var.user, id, line, c.req.valid("json").cells), 200);
  });
  api.openapi(applyImport, async (c) => c.json(await c.var.services.imports.apply(c.var.user, c.req.valid("param").id), 200));
  api.openapi(undoImport, async (c) => c.json(await c.var.services.imports.undo(c.var.user, c.req.valid("param").id, c.var.services.files), 200));
}
