// A tag businesses carry, as clients see it.
import { z } from "zod";
import { messages } from "../messages.ts";
import { keyed, type EntityView } from "./entity.ts";
import { TranslationsSchema, translationsInput } from "./translations.ts";
import { singleLine } from "../text.ts";

export const TagSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  translations: TranslationsSchema.optional(),
});

export type Tag = z.infer<typeof TagSchema>;

const required = { error: messages.tags.nameRequired };

/** What the Tags tab and the Markers form's inline new tag send. Names are unique ignoring case. */
export const TagInputSchema = z.object({
  name: z.string(required).overwrite(singleLine).trim().min(1, required).max(100),
});

export type TagInput = z.input<typeof TagInputSchema>;

/** A tag's name in the site's other languages (blank removes its translation). */
export const TagTranslationsInputSchema = translationsInput({
  name: z.string().overwrite(singleLine).trim().max(100).nullish().transform((value) => (value ? value : null)),
});

/** The Tags tab's form. */
export const tagView: EntityView = {
  key: "tag",
  singular: "Tag",
  plural: "Tags",
  required: messages.tags.nameRequired,
  fields: keyed("tag", { name: { label: "Tag Name", widget: "text", maxLength: 100, translatable: true } }),
};
