// A news post as clients see it, and what the admin form sends.
import { z } from "zod";
import { messages } from "../messages.ts";
import { optionalWebAddress, timestampInput } from "./content-input.ts";
import { keyed, type EntityView } from "./entity.ts";
import { singleLine } from "../text.ts";
import { FallbackLanguagesSchema, TranslationsSchema, translationsInput } from "./translations.ts";

export const PostSchema = z.object({
  id: z.string(),
  title: z.string(),
  authorDisplayName: z.string().nullable(),
  content: z.string(),
  datetime: z.string(),
  link: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  translations: TranslationsSchema.optional(),
  lang: FallbackLanguagesSchema.optional(),
});

export type Post = z.infer<typeof PostSchema>;

/** Generous for a news post, but keeps one request from filling the database. */
export const POST_CONTENT_MAX_CHARS = 100_000;

const required = { error: messages.adminPosts.required };

/**
 * The add/edit form. Content is rich text (HTML), sanitized by the server before it is stored.
 * `imagePath` is the stored image the post should have: its current one, a fresh upload, or null.
 */
export const PostInputSchema = z.object({
  title: z.string(required).overwrite(singleLine).trim().min(1, required).max(200),
  authorUid: z.string(required).trim().min(1, required).max(100),
  content: z.string(required).trim().min(1, required).max(POST_CONTENT_MAX_CHARS),
  datetime: timestampInput(messages.adminPosts.required),
  link: optionalWebAddress(messages.adminPosts.linkInvalid),
  imagePath: z
    .string()
    .max(500)
    .nullish()
    .transform((value) => value || null),
});

/** A post's title and content in the site's other languages (blank removes one); the content is sanitized as the original's. */
export const PostTranslationsInputSchema = translationsInput({
  title: z.string().overwrite(singleLine).trim().max(200).nullish().transform((value) => (value ? value : null)),
  content: z.string().trim().max(POST_CONTENT_MAX_CHARS).nullish().transform((value) => (value ? value : null)),
});

export type PostInput = z.input<typeof PostInputSchema>;
export type PostValues = z.output<typeof PostInputSchema>;

/** A row of the admin list: everything editing needs, and the content as plain text cut for the list. */
export const AdminPostSchema = PostSchema.extend({
  authorUid: z.string().nullable(),
  imagePath: z.string().nullable(),
  editorUid: z.string().nullable(),
  contentPreview: z.string(),
});

export type AdminPost = z.infer<typeof AdminPostSchema>;

/** A user who can be named as a post's author. */
export const PostAuthorSchema = z.object({ id: z.string(), displayName: z.string() });
export type PostAuthor = z.infer<typeof PostAuthorSchema>;

/** The Posts tab's form. */
export const postView: EntityView = {
  key: "post",
  singular: "Post",
  plural: "Posts",
  required: messages.adminPosts.required,
  fields: keyed("post", {
    title: { label: "Title", widget: "text", maxLength: 200, translatable: true },
    authorUid: { label: "Author", widget: "select", empty: "Select an author", source: "authors", missing: "(author no longer listed)" },
    datetime: { label: "Datetime", widget: "datetime" },
    content: { label: "Content", widget: "richtext", translatable: true },
    link: { label: "Link (optional)", widget: "url", placeholder: "https://" },
    imagePath: { label: "Post Image", widget: "image", upload: "postImage", uploadItemKey: "postId", uploadFailed: () => messages.adminPosts.imageUploadFailed },
  }),
};
