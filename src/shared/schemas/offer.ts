// An offer a business makes, as clients see it, and what the admin form sends.
import { z } from "zod";
import { OFFER_TYPES } from "../constants.ts";
import { messages } from "../messages.ts";
import { keyed, type EntityView } from "./entity.ts";
import { singleLine } from "../text.ts";
import { TranslationsSchema, translationsInput } from "./translations.ts";

export const OfferSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  businessName: z.string().nullable(),
  description: z.string(),
  price: z.string().nullable(),
  type: z.string(),
  terms: z.string().nullable(),
  /** The first and last day it runs, in the site's time zone ("2026-12-04"); null: no limit. */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  couponCode: z.string().nullable(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  /** Its description and terms in the site's other languages, where the reader edits them (admin and owners' lists). */
  translations: TranslationsSchema.optional(),
});

export type Offer = z.infer<typeof OfferSchema>;

const required = { error: messages.adminOffers.required };
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

const optionalDay = z
  .string()
  .trim()
  .nullish()
  .refine((value) => !value || isCalendarDate(value), { error: messages.adminOffers.dateInvalid })
  .transform((value) => value || null);

/** An offer's description and terms in the site's other languages, by the originals' rules (blank removes one). */
export const OfferTranslationsInputSchema = translationsInput({
  description: z.string().trim().max(2000).nullish().transform((value) => value || null),
  terms: optionalText(2000),
});

/** The add/edit form. The business's name is stored with the offer by the server, from the business itself. */
export const OfferInputSchema = z
  .object({
    businessId: z.string(required).trim().min(1, required).max(100),
    description: z.string(required).trim().min(1, required).max(2000),
    type: z.enum(OFFER_TYPES, required),
    price: optionalText(100),
    terms: optionalText(2000),
    validFrom: optionalDay,
    validUntil: optionalDay,
    couponCode: z.string().overwrite(singleLine).trim().max(50).nullish().transform((value) => value || null),
    translations: OfferTranslationsInputSchema,
  })
  .superRefine((value, ctx) => {
    if (value.validFrom && value.validUntil && value.validUntil < value.validFrom) {
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: messages.adminOffers.untilBeforeFrom });
    }
  });

/** "2026-12-04", a day that exists. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether an offer runs on `today` (the site's local date): from its first day through its last. */
export function offerRunsOn(offer: Pick<Offer, "validFrom" | "validUntil">, today: string): boolean {
  return (!offer.validFrom || offer.validFrom <= today) && (!offer.validUntil || offer.validUntil >= today);
}

export type OfferInput = z.input<typeof OfferInputSchema>;
export type OfferValues = z.output<typeof OfferInputSchema>;

/** `expired`: past its last day, so visitors no longer see it. */
export const AdminOfferSchema = OfferSchema.extend({ ownerUid: z.string().nullable(), expired: z.boolean() });
export type AdminOffer = z.infer<typeof AdminOfferSchema>;

/** The Offers tab's form. */
export const offerView: EntityView = {
  key: "offer",
  singular: "Offer",
  plural: "Offers",
  required: messages.adminOffers.required,
  fields: keyed("offer", {
    businessId: { label: "Business", widget: "combobox", empty: "Select a business", source: "businesses", missing: "Unknown business" },
    type: { label: "Type", widget: "select", empty: "Select a type", options: OFFER_TYPES.map((type) => ({ value: type, label: type })) },
    description: { label: "Description", widget: "textarea", maxLength: 2000, translatable: true },
    price: { label: "Price (optional)", widget: "text", maxLength: 100 },
    terms: { label: "Terms (optional)", widget: "textarea", rows: 2, maxLength: 2000, translatable: true },
    validFrom: { label: "Valid from (optional)", widget: "date" },
    validUntil: { label: "Valid until (optional)", widget: "date" },
    couponCode: { label: "Coupon code (optional)", widget: "text", maxLength: 50 },
  }),
};
