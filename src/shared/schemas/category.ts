// A business category as clients see it.
import { z } from "zod";
import { DEFAULT_CATEGORY_COLOR } from "../constants.ts";
import { messages } from "../messages.ts";
import { keyed, type EntityView } from "./entity.ts";
import { singleLine } from "../text.ts";
import { TranslationsSchema, translationsInput } from "./translations.ts";

export const CategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  translations: TranslationsSchema.optional(),
});

export type Category = z.infer<typeof CategorySchema>;

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** What the Categories tab sends; the API applies the same rules. */
export const CategoryInputSchema = z.object({
  name: z.string({ error: messages.categories.nameRequired }).overwrite(singleLine).trim().min(1, { error: messages.categories.nameRequired }).max(100),
  color: z
    .string()
    .trim()
    .regex(HEX_COLOR, { error: messages.categories.colorInvalid })
    .transform((value) => value.toLowerCase())
    .default(DEFAULT_CATEGORY_COLOR),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((value) => (value ? value : null)),
});

/** A category's name and description in the site's other languages (a blank name removes its translation). */
export const CategoryTranslationsInputSchema = translationsInput({
  name: z.string().overwrite(singleLine).trim().max(100).nullish().transform((value) => (value ? value : null)),
  description: CategoryInputSchema.shape.description,
});

const fillAll = { error: messages.categories.fillAllFields };

/** The body of the spec's plain POST /api/addCategory (the standalone add-category page): every field required. */
export const PlainCategoryInputSchema = z.object({
  name: z.string(fillAll).overwrite(singleLine).trim().min(1, fillAll).max(100),
  description: z.string(fillAll).trim().min(1, fillAll).max(1000),
  hex_color: z.string(fillAll).trim().min(1, fillAll).regex(HEX_COLOR, { error: messages.categories.colorInvalid }),
});

/** A category as the plain GET /api/getCategories lists it. */
export const PlainCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  hex_color: z.string(),
});

export type CategoryInput = z.input<typeof CategoryInputSchema>;
export type CategoryWriteValues = z.output<typeof CategoryInputSchema>;
export type PlainCategoryInput = z.input<typeof PlainCategoryInputSchema>;
export type PlainCategory = z.infer<typeof PlainCategorySchema>;

/** The Categories tab's form. */
export const categoryView: EntityView = {
  key: "category",
  singular: "Category",
  plural: "Categories",
  required: messages.categories.nameRequired,
  fields: keyed("category", {
    name: { label: "Category Name", widget: "text", maxLength: 100, translatable: true },
    color: { label: "Colour", widget: "color", initial: DEFAULT_CATEGORY_COLOR },
    description: { label: "Description (optional)", widget: "textarea", rows: 2, maxLength: 1000, translatable: true },
  }),
};
