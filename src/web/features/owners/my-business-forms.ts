// The forms of /mybusiness: the admin's entity descriptions, narrowed to what an owner may choose.
import { messages } from "#shared/messages.ts";
import { BusinessInputSchema, businessView } from "#shared/schemas/business.ts";
import { EventInputSchema, eventView } from "#shared/schemas/event.ts";
import { OfferInputSchema, offerView } from "#shared/schemas/offer.ts";
import type { FieldView } from "#shared/schemas/entity.ts";
import type { z } from "zod";

export interface OwnerForm {
  views: Record<string, FieldView>;
  schema: z.ZodType;
  required: string;
  /** Where a new one is sent (POST) and an existing one (PUT …/id). */
  path: string;
  /** Fields owners do not send. */
  skip: string[];
  /** The business the form's uploads are for, from its values and hidden fields. */
  uploadFor?: (values: Record<string, unknown>, hidden: Record<string, string>) => string | undefined;
}

/** A proposed listing has no business to upload images for yet: its logo and photos come after approval. */
const images = (views: Record<string, FieldView>) => Object.entries(views).flatMap(([name, view]) => (view.widget === "image" || view.widget === "photos" ? [name] : []));

/** Owners' events are at their own business: the "Outdoor" choice is the association's. */
const ownerEventViews: Record<string, FieldView> = {
  ...eventView.fields,
  location: { ...eventView.fields.location!, label: "Business", options: [], group: undefined },
  // Saved straight away through the registration API (owners organize their events), not sent for approval.
  registration: { label: "Registration", widget: "registration" },
};

export const OWNER_FORMS = {
  listing: { views: businessView.fields, schema: BusinessInputSchema, required: messages.businesses.required, path: "/businesses", skip: [], uploadFor: (_values, hidden) => hidden.id },
  proposal: { views: businessView.fields, schema: BusinessInputSchema, required: messages.businesses.required, path: "/businesses", skip: images(businessView.fields) },
  event: { views: ownerEventViews, schema: EventInputSchema, required: messages.adminEvents.required, path: "/events", skip: [], uploadFor: (values) => (typeof values.location === "string" ? values.location : undefined) },
  offer: { views: offerView.fields, schema: OfferInputSchema, required: messages.adminOffers.required, path: "/offers", skip: [] },
} satisfies Record<string, OwnerForm>;

export type OwnerFormName = keyof typeof OWNER_FORMS;

export const ownerTexts = {
  sent: "Sent for approval. The public page changes once an administrator approves it.",
  applied: "Saved and published.",
  withdrawn: "Your request was withdrawn.",
  deleted: (what: string) => `${what} deleted.`,
  invite: "Find your business in the directory and choose \"Is this your business?\" on its page to claim it, or propose a new listing below.",
};
