// A business (the spec's "marker") as clients see it.
import { z } from "zod";
import { messages } from "../messages.ts";
import { inputShape, views, withRules, type EntityView, type FieldDefs } from "./entity.ts";
import { businessFieldViews, PRICE_RANGES } from "../business-fields.ts";
import { KeysetPaginationQuerySchema } from "./pagination.ts";
import { TranslationsSchema, translationsInput } from "./translations.ts";
import { singleLine } from "../text.ts";
import { OpeningHoursFieldSchema, OpeningHoursSchema } from "./opening-hours.ts";
import { SocialLinkSchema, SocialLinksFieldSchema } from "./social-links.ts";
import { AttributesInputSchema, AttributesQuerySchema } from "./business-attributes.ts";
import { ATTRIBUTE_SLUGS } from "../business-attributes.ts";

export const CoordinatesSchema = z.object({ lat: z.number(), lng: z.number() });

const BusinessPhotoRef = z.object({ path: z.string(), url: z.string(), alt: z.string() });

/** One photo of a business's gallery: its stored path, address and text alternative. */
export const BusinessPhotoSchema = z.object({ path: z.string(), url: z.string(), alt: z.string() });
export const MAX_BUSINESS_PHOTOS = 12;

/** The gallery as a form or client sends it, in order: fresh uploads and kept photos by path, each with alt text. */
export const BusinessPhotosFieldSchema = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .array(z.object({ path: z.string().min(1).max(500), alt: z.string().trim().max(300, { error: "Alt text can be at most 300 characters." }) }), { error: "Photos must be a list of { path, alt }." })
    .max(MAX_BUSINESS_PHOTOS, { error: `A business can have at most ${MAX_BUSINESS_PHOTOS} photos.` })
    .superRefine((photos, ctx) => {
      const missing = photos.findIndex((p) => p.alt === "");
      if (missing >= 0) ctx.addIssue({ code: "custom", message: `Photo ${missing + 1} needs alt text: describe it for people who cannot see it.` });
      if (new Set(photos.map((p) => p.path)).size !== photos.length) ctx.addIssue({ code: "custom", message: "The same photo is in the gallery twice." });
    }),
);

export const BusinessListQuerySchema = z.object({
  tagId: z.string().min(1).optional(),
  categoryId: z.string().min(1).optional(),
  /** "true": only those open now; "false": only those known to be closed now. */
  openNow: z.enum(["true", "false"], { error: 'openNow must be "true" or "false".' }).optional(),
  /** Attribute slugs separated by commas (`step-free-entrance,hearing-loop`): only businesses where every one holds. */
  attributes: AttributesQuerySchema.optional().meta({
    description: `Attribute slugs separated by commas: only businesses where every one holds. Known attributes: ${ATTRIBUTE_SLUGS.join(", ")}.`,
    example: "step-free-entrance,hearing-loop",
  }),
});

export type Coordinates = z.infer<typeof CoordinatesSchema>;
export type Business = z.infer<typeof BusinessSchema>;
export type BusinessListQuery = z.output<typeof BusinessListQuerySchema>;

/** Optional free text: blank becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const required = { error: messages.businesses.required };
const between = (limit: number, error: string) => z.number(required).min(-limit, { error }).max(limit, { error });

/**
 * A business's fields, once: what the Markers form and the add-marker page show and send, the API's rules,
 * and which schema.org property of the business page's JSON-LD a field is. How each is shown: business-fields.ts;
 * here each field's rule.
 */
export const businessFields = withRules(businessFieldViews, {
  name: z.string(required).overwrite(singleLine).trim().min(1, required).max(200),
  categoryId: z.string(required).trim().min(1, required).max(100),
  description: optionalText(5000),
  address: optionalText(500),
  streetAddress: optionalText(200),
  addressLocality: optionalText(100),
  addressRegion: optionalText(100),
  postalCode: optionalText(20),
  addressCountry: optionalText(100),
  lat: between(90, messages.businesses.latitudeInvalid),
  lng: between(180, messages.businesses.longitudeInvalid),
  website: optionalText(500).refine((value) => value === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), { error: messages.businesses.websiteInvalid }),
  phone: optionalText(50),
  email: optionalText(254).refine((value) => value === null || z.email().safeParse(value).success, { error: "Email must be an email address, like name@example.com." }),
  priceRange: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || (PRICE_RANGES as readonly string[]).includes(value), { error: "Price range must be $, $$, $$$ or $$$$." }),
  openingHours: OpeningHoursFieldSchema.optional(),
  socialLinks: SocialLinksFieldSchema.optional(),
  photos: BusinessPhotosFieldSchema.optional(),
  attributes: AttributesInputSchema.default([]),
  tags: z.array(z.string().min(1).max(100)).max(200).default([]),
  logoPath: z.string().min(1).max(500).nullish(),
}) satisfies FieldDefs;

type Defs = typeof businessFields;
/** The definition's yes/no fields (`widget: "checkbox"`) that visitors see. */
type YesNoName = { [K in keyof Defs]: Defs[K] extends { widget: "checkbox" } ? (Defs[K] extends { access: "admin" } ? never : K) : never }[keyof Defs];
/** Each yes/no field as clients receive it: false or true (always sent; optional only for clients' own samples). */
const yesNoShape = Object.fromEntries(
  Object.entries(businessFields as FieldDefs).flatMap(([name, def]) => (def.widget === "checkbox" && def.access === "public" ? [[name, z.boolean().optional()]] : [])),
) as { [K in YesNoName]: z.ZodOptional<z.ZodBoolean> };

/** A business (the spec's "marker") as clients see it. */
export const BusinessSchema = z.object({
  ...yesNoShape,
  id: z.string(),
  name: z.string(),
  categoryId: z.string().nullable(),
  /** The category's name, as the spec's `category` field holds it. */
  category: z.string().nullable(),
  categoryColor: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  /** The address in parts (schema.org PostalAddress), each null when not given. */
  streetAddress: z.string().nullable(),
  addressLocality: z.string().nullable(),
  addressRegion: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** The country's name or its two-letter ISO 3166 code. */
  addressCountry: z.string().nullable(),
  /** From $ to $$$$; null when not given. */
  priceRange: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  coordinates: CoordinatesSchema,
  /** Tag ids. */
  tags: z.array(z.string()),
  logoUrl: z.string().nullable(),
  /** Null when no hours are given. */
  openingHours: OpeningHoursSchema.nullable(),
  /** Open at the time of the answer, in the site's time zone; null when the hours for now are not given. */
  openNow: z.boolean().nullable(),
  /** Facebook, Instagram, X, LinkedIn, TikTok, YouTube or other addresses (schema.org sameAs). */
  socialLinks: z.array(SocialLinkSchema),
  /** The gallery, in the order shown (at most 12). */
  photos: z.array(BusinessPhotoRef),
  /** The accessibility and amenity attributes that hold, by slug, in the list's order (src/shared/schemas/business-attributes.ts). */
  attributes: z.array(z.enum(ATTRIBUTE_SLUGS)),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  translations: TranslationsSchema.optional(),
});

/** What the Markers form and the add-marker page send; the API applies the same rules. */
export const BusinessInputSchema = z.object({ ...inputShape(businessFields), translations: translationsInput({ description: businessFields.description.input }) });

export const businessView: EntityView = { key: "business", singular: "Marker", plural: "Markers", fields: views(businessFields, "business"), required: messages.businesses.required };

/** The admin list: a page of businesses ordered by name, optionally only those whose name contains `q`. */
export const BusinessAdminListQuerySchema = KeysetPaginationQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});

export const BusinessAdminSchema = BusinessSchema.extend({ logoStoragePath: z.string().nullable() });

export type BusinessInput = z.input<typeof BusinessInputSchema>;
export type BusinessWriteValues = z.output<typeof BusinessInputSchema>;
export type BusinessAdminListQuery = z.infer<typeof BusinessAdminListQuerySchema>;
export type BusinessAdmin = z.infer<typeof BusinessAdminSchema>;
