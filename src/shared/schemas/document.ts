// The association's library: documents as readers and administrators see them, and what the administrators'
// form (and the API) sends.
import { z } from "zod";
import { singleLine } from "../text.ts";
import { keyed, type EntityView } from "./entity.ts";

export const documentMessages = {
  required: "Title, Date and File are required.",
  titleRequired: "Title is required.",
  dateInvalid: "Date must be a date.",
  fileRequired: "File is required.",
  fileNotUpload: "The file is not one of your uploads to the library. Please upload it again.",
  fileInUse: "This file already belongs to another document. Please upload a copy of it for this one.",
  tooManyTags: "At most 20 tags, each at most 40 characters.",
  notFound: "Document not found.",
  mustBeLoggedIn: "You must be signed in to change documents.",
} as const;

/** Who may see a document: members (owners of member businesses and administrators), or everyone. */
export const DOCUMENT_VISIBILITIES = ["members", "public"] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

/** What a document may belong to; it is then listed with that meeting or announcement. */
export const ATTACHMENT_KINDS = ["meeting", "announcement"] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export const AttachedToSchema = z.object({ kind: z.enum(ATTACHMENT_KINDS), id: z.string().trim().min(1).max(100) });
export type AttachedTo = z.infer<typeof AttachedToSchema>;

export const DocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  tags: z.array(z.string()),
  visibility: z.enum(DOCUMENT_VISIBILITIES),
  /** The original file's name, as it is downloaded. */
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Where it is downloaded: /api/v1/documents/{id}/file. */
  url: z.string(),
  attachedTo: AttachedToSchema.nullable(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
});
export type LibraryDocument = z.infer<typeof DocumentSchema>;

/** What administrators also see: the stored file's path (to keep it when saving) and who changed it last. */
export const AdminDocumentSchema = DocumentSchema.extend({ filePath: z.string(), editorUid: z.string().nullable() });
export type AdminDocument = z.infer<typeof AdminDocumentSchema>;

export const DocumentListSchema = z.object({
  items: z.array(DocumentSchema),
  /** Every tag of the documents the reader may see, for the filter. */
  tags: z.array(z.string()),
});
export type DocumentList = z.infer<typeof DocumentListSchema>;

export const DocumentListQuerySchema = z.object({
  /** Only documents with this tag (any case). */
  tag: z.string().max(40).optional(),
  /** Words found in the title, summary or tags. */
  q: z.string().max(200).optional(),
  /** Only the attachments of one meeting or announcement. */
  attachedKind: z.enum(ATTACHMENT_KINDS).optional(),
  attachedId: z.string().max(100).optional(),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;

/** "budget, Bylaws ,budget" or ["budget", "Bylaws"] → ["budget", "Bylaws"]: trimmed, each once (any case). */
export function parseTags(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(",") : [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of list) {
    const tag = singleLine(raw).trim().replace(/\s+/g, " ");
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/**
 * The administrators' form. `filePath` is the document's stored file: its current one or a fresh `document` upload.
 * `attachedTo` is set by the feature a document belongs to (a meeting, an announcement); null for the library alone,
 * left out to keep it as it is.
 */
export const DocumentInputSchema = z.object({
  title: z
    .string({ error: documentMessages.titleRequired })
    .overwrite(singleLine)
    .trim()
    .min(1, { error: documentMessages.titleRequired })
    .max(200),
  summary: z
    .string()
    .max(2000)
    .nullish()
    .transform((value) => value?.trim() ?? ""),
  date: z.iso.date({ error: documentMessages.dateInvalid }),
  tags: z
    .union([z.string().max(2000), z.array(z.string().max(200)).max(100)])
    .nullish()
    .transform((value) => parseTags(value))
    .refine((tags) => tags.length <= 20 && tags.every((t) => t.length <= 40), { error: documentMessages.tooManyTags }),
  visibility: z.enum(DOCUMENT_VISIBILITIES, { error: "Visibility must be Members or Public." }).default("members"),
  filePath: z.string({ error: documentMessages.fileRequired }).trim().min(1, { error: documentMessages.fileRequired }).max(500),
  // Left out, a change keeps what the document belongs to (the Library tab's form does not show it).
  attachedTo: AttachedToSchema.nullable().optional(),
});
export type DocumentInput = z.input<typeof DocumentInputSchema>;

export const VISIBILITY_LABELS: Record<DocumentVisibility, string> = { members: "Members only", public: "Public" };

/** The Library tab's form. */
export const documentView: EntityView = {
  key: "document",
  singular: "Document",
  plural: "Library",
  required: documentMessages.required,
  fields: keyed("document", {
    title: { label: "Title", widget: "text", maxLength: 200 },
    summary: { label: "Summary (optional)", widget: "textarea", rows: 3, maxLength: 2000 },
    date: { label: "Date", widget: "date" },
    tags: { label: "Tags (separated by commas)", widget: "text", maxLength: 2000, placeholder: "budget, bylaws" },
    visibility: {
      label: "Who may see it",
      widget: "radio",
      initial: "members",
      options: [
        { value: "members", label: VISIBILITY_LABELS.members },
        { value: "public", label: "Public (also listed on Resources)" },
      ],
    },
    filePath: { label: "File", widget: "file", upload: "document" },
  }),
};

/** The download's address of a document. */
export const documentFileUrl = (id: string) => `/api/v1/documents/${encodeURIComponent(id)}/file`;
