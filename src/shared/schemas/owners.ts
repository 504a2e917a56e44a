// Owners' requests (claims, proposed listings, listing changes, events and offers) as clients see them,
// and what owners and administrators send to make and decide them.
import { z } from "zod";
import { singleLine } from "../text.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { field, inputShape, views, type FieldDefs } from "./entity.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./pagination.ts";
import { BusinessSchema } from "./business.ts";
import { EventSchema } from "./event.ts";
import { OfferSchema } from "./offer.ts";

export const REQUEST_KINDS = ["claim", "new-listing", "listing-change", "event", "offer"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  claim: "Claim",
  "new-listing": "New listing",
  "listing-change": "Listing change",
  event: "Event",
  offer: "Offer",
};

export const requestMessages = {
  claimRoleRequired: "Your role at the business is required.",
  claimPhoneRequired: "A phone number is required.",
  alreadyClaimed: "You have already claimed this business; an administrator will decide soon.",
  alreadyOwner: "You already own this business.",
  notYourBusiness: "Choose one of your own businesses.",
  businessDeleted: "The business was deleted, so this request was closed.",
  eventDeleted: "The event was deleted, so this request was closed.",
  offerDeleted: "The offer was deleted, so this request was closed.",
  ownerRemoved: "You no longer own this business, so this request was closed.",
  ownerRemovedOthers: (email: string) => `${email} no longer owns this business, so the change waiting under their name was closed. Send your part of it again from My Business if it is still wanted.`,
  notPending: "This request has already been decided or withdrawn.",
  reasonRequired: "Say why the request is rejected.",
  noFieldsChosen: "Choose at least one field to approve.",
  unknownField: "That field is not part of this request.",
  ownYourRequest: "Administrators do not decide their own requests.",
  noSuchUser: "No account has that email address.",
  notYourImage: "This image is not one you uploaded for your business. Upload it again.",
  domainMatches: "e-mail domain matches the website",
} as const;

/** The claim form: who the person is at the business, and how the association can reach them. */
export const claimFields = {
  role: field(z.string({ error: requestMessages.claimRoleRequired }).overwrite(singleLine).trim().min(1, requestMessages.claimRoleRequired).max(100), {
    label: "Your role at the business",
    widget: "text",
    maxLength: 100,
    placeholder: "Owner, manager, …",
  }),
  phone: field(z.string({ error: requestMessages.claimPhoneRequired }).overwrite(singleLine).trim().min(1, requestMessages.claimPhoneRequired).max(50), {
    label: "Phone number",
    widget: "tel",
    maxLength: 50,
  }),
  message: field(
    z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((value) => value || null),
    { label: "Message (optional)", widget: "textarea", rows: 3, maxLength: 2000 },
  ),
} satisfies FieldDefs;

export const ClaimInputSchema = z.object(inputShape(claimFields));
export type ClaimInput = z.input<typeof ClaimInputSchema>;
export const claimView = { key: "claim", singular: "Claim", plural: "Claims", fields: views(claimFields, "claim"), required: requestMessages.claimRoleRequired };

export const RequestListQuerySchema = z.object({
  status: z.enum(REQUEST_STATUSES).optional(),
  kind: z.enum(REQUEST_KINDS).optional(),
  page: z.coerce.number().int().min(1).optional().meta({ description: "The page of the list to give, from 1; the first 500 requests when left out" }),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().meta({ description: `Requests on a page (${DEFAULT_PAGE_SIZE} when left out)` }),
});
export type RequestListQuery = z.infer<typeof RequestListQuerySchema>;
export const RequestCountQuerySchema = z.object({ kind: z.enum(REQUEST_KINDS).optional() });

/** What GET /me/businesses may add to each business: "events", "offers" or both, comma-separated. */
export const MyBusinessesQuerySchema = z.object({
  include: z
    .string()
    .regex(/^(events|offers)(,(events|offers))?$/, 'Give "events", "offers" or "events,offers".')
    .optional()
    .meta({ description: "Adds each business's events (as GET /businesses/{id}/events) and running offers (as GET /businesses/{id}/offers)", example: "events,offers" }),
});

/** A business its owner manages, with its events and offers when they were asked for. */
export const OwnedBusinessSchema = BusinessSchema.extend({ events: z.array(EventSchema).optional(), offers: z.array(OfferSchema).optional() });
export type OwnedBusiness = z.infer<typeof OwnedBusinessSchema>;

export const RequestSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(REQUEST_KINDS),
  businessId: z.string().nullable(),
  businessName: z.string(),
  /** The event or offer an edit is for; null for a new one. */
  targetId: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  reason: z.string().nullable(),
  requesterEmail: z.string().nullable().meta({
    description: "The e-mail address of the person who asked, for administrators and for that person; null for the other owners of the business, who see requesterName only",
  }),
  requesterName: z.string().meta({ description: "The display name of the person who asked" }),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RequestSummary = z.infer<typeof RequestSummarySchema>;

/** One field of a request: its live value, the requested one, and (when the live one changed since) the value then. */
export const RequestFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  widget: z.string(),
  live: z.unknown(),
  requested: z.unknown(),
  /** The live value when the request was made. */
  base: z.unknown(),
  changed: z.boolean(),
  /** The live value changed after the request was made. */
  conflict: z.boolean(),
});
export type RequestField = z.infer<typeof RequestFieldSchema>;

/** A text in another language a request carries, beside the live one (null: none saved, or a new item). */
export const RequestTranslationSchema = z.object({
  language: z.enum(LANGUAGES),
  field: z.string(),
  label: z.string(),
  live: z.string().nullable(),
  requested: z.string().nullable(),
});
export type RequestTranslation = z.infer<typeof RequestTranslationSchema>;

export const RequestDetailSchema = RequestSummarySchema.extend({
  payload: z.record(z.string(), z.unknown()),
  fields: z.array(RequestFieldSchema),
  /** The translations it would change (decision 0044), each beside the live one. */
  translations: z.array(RequestTranslationSchema).optional(),
  /** A claim's e-mail domain is the domain of the business's website. */
  domainMatch: z.boolean(),
});
export type RequestDetail = z.infer<typeof RequestDetailSchema>;

export const RequestCreatedSchema = z.object({ requestId: z.string(), status: z.enum(REQUEST_STATUSES) });
export type RequestCreated = z.infer<typeof RequestCreatedSchema>;

export const ApproveInputSchema = z.object({
  /** The fields to apply; all of them when left out. */
  fields: z.array(z.string().min(1).max(100)).max(100).optional(),
});
export const RejectInputSchema = z.object({
  reason: z.string({ error: requestMessages.reasonRequired }).trim().min(1, requestMessages.reasonRequired).max(1000),
});

export const ModerationSettingsSchema = z.object({
  autoApproveListings: z.boolean(),
  autoApproveEvents: z.boolean(),
  autoApproveOffers: z.boolean(),
  /** Where new requests are announced; every administrator when empty. */
  notificationEmail: z.email({ error: "Enter a valid email address." }).or(z.literal("")),
});
export type ModerationSettings = z.infer<typeof ModerationSettingsSchema>;

export const OwnerSchema = z.object({ userId: z.string(), email: z.string(), displayName: z.string(), createdAt: z.string() });
export type Owner = z.infer<typeof OwnerSchema>;
export const AddOwnerInputSchema = z.object({ email: z.string().trim().toLowerCase().min(3).max(254) });

/** "waiting for approval since …", "approved", "rejected: <reason>", "withdrawn". */
export function requestState(request: Pick<RequestSummary, "status" | "reason" | "createdAt">, formatDate: (iso: string) => string): string {
  if (request.status === "pending") return `waiting for approval since ${formatDate(request.createdAt)}`;
  if (request.status === "rejected") return `rejected: ${request.reason ?? ""}`.trim();
  return request.status;
}
