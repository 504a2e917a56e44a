// An offer a business makes, as clients see it, and what the admin form sends.
import { z } from "zod";
import { OFFER_TYPES } from "../constants.ts";
import { messages } from "../messages.ts";
import type { EntityView } from "./entity.ts";

export const OfferSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  businessName: z.string().nullable(),
  description: z.string(),
  price: z.string().nullable(),
  type: z.string(),
  terms: z.string().nullable(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
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

/** The add/edit form. The business's name is stored with the offer by the server, from the business itself. */
export const OfferInputSchema = z.object({
  businessId: z.string(required).trim().min(1, required).max(100),
  description: z.string(required).trim().min(1, required).max(2000),
  type: z.enum(OFFER_TYPES, required),
  price: optionalText(100),
  terms: optionalText(2000),
});

export type OfferInput = z.input<typeof OfferInputSchema>;
export type OfferValues = z.output<typeof OfferInputSchema>;

export const AdminOfferSchema = OfferSchema.extend({ ownerUid: z.string().nullable() });
export type AdminOffer = z.infer<typeof AdminOfferSchema>;

/** The Offers tab's form. */
export const offerView: EntityView = {
  singular: "Offer",
  plural: "Offers",
  required: messages.adminOffers.required,
  fields: {
    businessId: { label: "Business", widget: "combobox", empty: "Select a business", source: "businesses", missing: "Unknown business" },
    type: { label: "Type", widget: "select", empty: "Select a type", options: OFFER_TYPES.map((type) => ({ value: type, label: type })) },
    description: { label: "Description", widget: "textarea", maxLength: 2000 },
    price: { label: "Price (optional)", widget: "text", maxLength: 100 },
    terms: { label: "Terms (optional)", widget: "textarea", rows: 2, maxLength: 2000 },
  },
};
