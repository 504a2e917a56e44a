// Announcements from the association to its members, as members and administrators see them, and what the
// administrators' form sends.
import { z } from "zod";
import { checkbox, optionalTimestamp } from "./content-input.ts";
import { singleLine } from "../text.ts";
import { keyed, type EntityView } from "./entity.ts";
import { FallbackLanguagesSchema, TranslationsSchema, translationsInput } from "./translations.ts";

export const announcementMessages = {
  required: "Title and Body are required.",
  titleRequired: "Title is required.",
  bodyRequired: "Body is required.",
  publishAtInvalid: "Publish at must be a date and time.",
  mustBeLoggedIn: "You must be signed in to read announcements.",
  notMember: "Announcements are for members: the owners of member businesses.",
  notFound: "Announcement not found.",
  imageInUse: "This image is already used elsewhere on the site. Please upload a copy of it for this announcement.",
  attachmentsInvalid: "Attach at most 10 files at a time, each uploaded in this form.",
} as const;

/** How many files one save may attach. */
export const MAX_NEW_ATTACHMENTS = 10;

/**
 * Files to attach when saving: fresh `document` uploads by path, each with the title it is listed under (its file
 * name unless changed). The form sends them as JSON text; each becomes a members-only library document of the
 * announcement.
 */
const NewAttachmentsSchema = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .array(z.object({ path: z.string().trim().min(1).max(500), title: z.string().overwrite(singleLine).trim().min(1).max(200) }), { error: announcementMessages.attachmentsInvalid })
    .max(MAX_NEW_ATTACHMENTS, { error: announcementMessages.attachmentsInvalid }),
);

/** Where an announcement stands: a draft (no publication time), scheduled (a time to come), published or archived. */
export const ANNOUNCEMENT_STATUSES = ["draft", "scheduled", "published", "archived"] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** A file attached to an announcement: a library document, downloaded at `url` by those who may read it. */
export const AnnouncementAttachmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
  visibility: z.enum(["members", "public"]),
});
export type AnnouncementAttachment = z.infer<typeof AnnouncementAttachmentSchema>;

export const AnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitized HTML. */
  body: z.string(),
  imageUrl: z.string().nullable(),
  pinned: z.boolean(),
  publishAt: z.string().nullable(),
  archived: z.boolean(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  /** Whether the signed-in person has read it. */
  read: z.boolean(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  /** Its attached documents the reader may read; given with one announcement, not in lists. */
  attachments: z.array(AnnouncementAttachmentSchema).optional(),
  /** Its title and body in the site's other languages: given to administrators, who edit them. */
  translations: TranslationsSchema.optional(),
  lang: FallbackLanguagesSchema.optional(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** What administrators also see: the stored image's path (to keep it when saving) and who changed it last. */
export const AdminAnnouncementSchema = AnnouncementSchema.extend({ imagePath: z.string().nullable(), editorUid: z.string().nullable() });
export type AdminAnnouncement = z.infer<typeof AdminAnnouncementSchema>;

export const AnnouncementListSchema = z.object({
  items: z.array(AnnouncementSchema),
  /** How many of the published ones the signed-in person has not read. */
  unread: z.number().int(),
});
export type AnnouncementList = z.infer<typeof AnnouncementListSchema>;

/** Generous for an announcement, but keeps one request from filling the database. */
export const ANNOUNCEMENT_BODY_MAX_CHARS = 100_000;

/**
 * The administrators' form. `publishAt` is an instant with its zone (the form turns the site's local time into one);
 * empty keeps it a draft. `imagePath` is the stored image it should have: its current one, a fresh upload, or null.
 */
export const AnnouncementInputSchema = z.object({
  title: z
    .string({ error: announcementMessages.titleRequired })
    .overwrite(singleLine)
    .trim()
    .min(1, { error: announcementMessages.titleRequired })
    .max(200),
  body: z.string({ error: announcementMessages.bodyRequired }).trim().min(1, { error: announcementMessages.bodyRequired }).max(ANNOUNCEMENT_BODY_MAX_CHARS),
  pinned: checkbox,
  archived: checkbox,
  publishAt: optionalTimestamp(announcementMessages.publishAtInvalid),
  imagePath: z
    .string()
    .max(500)
    .nullish()
    .transform((value) => value || null),
  attachments: NewAttachmentsSchema.optional(),
});
/** An announcement's title and body in the site's other languages (blank removes one); the body is sanitized as the original's. */
export const AnnouncementTranslationsInputSchema = translationsInput({
  title: z.string().overwrite(singleLine).trim().max(200).nullish().transform((value) => (value ? value : null)),
  body: z.string().trim().max(ANNOUNCEMENT_BODY_MAX_CHARS).nullish().transform((value) => (value ? value : null)),
});

export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;

/** The Announcements tab's form; the time is the site's, as every admin form's. */
export const announcementView: EntityView = {
  key: "announcement",
  singular: "Announcement",
  plural: "Announcements",
  required: announcementMessages.required,
  fields: keyed("announcement", {
    title: { label: "Title", widget: "text", maxLength: 200, translatable: true },
    body: { label: "Body", widget: "richtext", translatable: true },
    publishAt: { label: "Publish at (empty: a draft)", widget: "datetime" },
    pinned: { label: "Pinned on top", widget: "checkbox" },
    archived: { label: "Archived", widget: "checkbox" },
    imagePath: { label: "Image (optional)", widget: "image", upload: "postImage", uploadItemKey: "postId", uploadFailed: () => "Image upload failed. Please try again." },
    attachments: { label: "Attach files (optional)", widget: "attachments", upload: "document" },
  }),
};
