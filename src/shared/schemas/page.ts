// CMS pages: what the admin form sends, and what the API answers.
import { z } from "zod";
import { PAGE_PERMISSIONS } from "../constants.ts";
import { messages } from "../messages.ts";
import { keyed, type EntityView } from "./entity.ts";
import { singleLine } from "../text.ts";
import { FallbackLanguagesSchema, TranslationsSchema, translationsInput } from "./translations.ts";

export const PAGE_CONTENT_FORMATS = ["html", "markdown"] as const;
export type PageContentFormat = (typeof PAGE_CONTENT_FORMATS)[number];

/** Generous, but keeps one request from filling the database. */
export const PAGE_CONTENT_MAX_CHARS = 200_000;

export const PageInputSchema = z.object({
  name: z.string({ error: messages.pages.required }).overwrite(singleLine).trim().min(1, { error: messages.pages.required }).max(200),
  permission: z.enum(PAGE_PERMISSIONS, { error: messages.pages.required }),
  contentFormat: z.enum(PAGE_CONTENT_FORMATS).default("html"),
  content: z.string().max(PAGE_CONTENT_MAX_CHARS).default(""),
});

/** A page as the admin edits it: the stored content (sanitized HTML, or the Markdown source). */
export const PageSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  permission: z.enum(PAGE_PERMISSIONS),
  contentFormat: z.enum(PAGE_CONTENT_FORMATS),
  content: z.string(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  translations: TranslationsSchema.optional(),
});

/** A row of the admin list: the content only as a short plain-text preview. */
export const PageSummarySchema = PageSchema.omit({ content: true }).extend({ preview: z.string() });

/** A page as visitors see it: sanitized HTML, whatever format it was written in. */
export const RenderedPageSchema = z.object({
  name: z.string(),
  slug: z.string(),
  permission: z.enum(PAGE_PERMISSIONS),
  html: z.string(),
  /** The start of its text, for search engines and link previews. */
  summary: z.string(),
  lastUpdatedAt: z.string(),
  lang: FallbackLanguagesSchema.optional(),
});

/** A page's name and content in the site's other languages (blank removes one), the content in the page's format. */
export const PageTranslationsInputSchema = translationsInput({
  name: z.string().overwrite(singleLine).trim().max(200).nullish().transform((value) => (value ? value : null)),
  content: z.string().trim().max(PAGE_CONTENT_MAX_CHARS).nullish().transform((value) => (value ? value : null)),
});

export type PageInput = z.input<typeof PageInputSchema>;
export type Page = z.infer<typeof PageSchema>;
export type PageSummary = z.infer<typeof PageSummarySchema>;
export type RenderedPage = z.infer<typeof RenderedPageSchema>;

const PERMISSION_LABELS: Record<(typeof PAGE_PERMISSIONS)[number], string> = { public: "Public", user: "Signed-in users", business: "Business", admin: "Admin" };

/** The Pages tab's form. */
export const pageView: EntityView = {
  key: "page",
  singular: "Page",
  plural: "Pages",
  required: messages.pages.required,
  fields: keyed("page", {
    name: { label: "Page Name", widget: "text", maxLength: 200, translatable: true },
    // The spec: a page is public unless the admin chooses otherwise.
    permission: { label: "Permission", widget: "select", initial: "public", options: PAGE_PERMISSIONS.map((value) => ({ value, label: PERMISSION_LABELS[value] })) },
    // Rich text unless the admin chooses Markdown, as the server takes a page sent without one.
    contentFormat: { label: "Content format", widget: "radio", initial: "html", options: [{ value: "html", label: "Rich text" }, { value: "markdown", label: "Markdown" }] },
    content: { label: "Content", widget: "richtext", translatable: true },
  }),
};

export const permissionLabel = (permission: (typeof PAGE_PERMISSIONS)[number]) => PERMISSION_LABELS[permission];
