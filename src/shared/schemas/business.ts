// A business (the spec's "marker") as clients see it.
import { z } from "zod";
import { messages } from "../messages.ts";
import { PaginationQuerySchema } from "./pagination.ts";
import { singleLine } from "../text.ts";

export const CoordinatesSchema = z.object({ lat: z.number(), lng: z.number() });

export const BusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  categoryId: z.string().nullable(),
  /** The category's name, as the spec's `category` field holds it. */
  category: z.string().nullable(),
  categoryColor: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  coordinates: CoordinatesSchema,
  /** Tag ids. */
  tags: z.array(z.string()),
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
});

export const BusinessListQuerySchema = z.object({
  tagId: z.string().min(1).optional(),
  categoryId: z.string().min(1).optional(),
});

export type Coordinates = z.infer<typeof CoordinatesSchema>;
export type Business = z.infer<typeof BusinessSchema>;
export type BusinessListQuery = z.infer<typeof BusinessListQuerySchema>;

/** Optional free text: blank becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const required = { error: messages.businesses.required };

/** What the Markers form and the add-marker page send; the API applies the same rules. */
export const BusinessInputSchema = z.object({
  name: z.string(required).overwrite(singleLine).trim().min(1, required).max(200),
  categoryId: z.string(required).trim().min(1, required).max(100),
  description: optionalText(5000),
  address: optionalText(500),
  website: optionalText(500).refine((value) => value === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    error: messages.businesses.websiteInvalid,
  }),
  phone: optionalText(50),
  lat: z.number(required).min(-90, { error: messages.businesses.latitudeInvalid }).max(90, { error: messages.businesses.latitudeInvalid }),
  lng: z.number(required).min(-180, { error: messages.businesses.longitudeInvalid }).max(180, { error: messages.businesses.longitudeInvalid }),
  /** Tag ids. */
  tags: z.array(z.string().min(1).max(100)).max(200).default([]),
  /**
   * The logo: the stored path of a fresh upload to attach, null to remove the logo, or left out to keep
   * the current one.
   */
  logoPath: z.string().min(1).max(500).nullish(),
});

/** The admin list: a page of businesses ordered by name, optionally only those whose name contains `q`. */
export const BusinessAdminListQuerySchema = PaginationQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});

export const BusinessAdminSchema = BusinessSchema.extend({ logoStoragePath: z.string().nullable() });

export type BusinessInput = z.input<typeof BusinessInputSchema>;
export type BusinessWriteValues = z.output<typeof BusinessInputSchema>;
export type BusinessAdminListQuery = z.infer<typeof BusinessAdminListQuerySchema>;
export type BusinessAdmin = z.infer<typeof BusinessAdminSchema>;
