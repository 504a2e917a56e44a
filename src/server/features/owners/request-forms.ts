// The forms owners' requests are made of, and how their values compare with what is live.
import type { z } from "zod";
import type { CurrentUser } from "#server/auth/session.ts";
import { invalidInput } from "#server/validation.ts";
import { messages } from "#shared/messages.ts";
import type { FieldView } from "#shared/schemas/entity.ts";
import { hasHours, type OpeningHours } from "#shared/schemas/opening-hours.ts";
import { BusinessInputSchema, businessView } from "#shared/schemas/business.ts";
import { EventInputSchema, eventView } from "#shared/schemas/event.ts";
import { OfferInputSchema, offerView } from "#shared/schemas/offer.ts";
import { ClaimInputSchema, claimView, requestMessages, type RequestCreated, type RequestKind, type RequestSummary } from "#shared/schemas/owners.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import type { RequestRepository, StoredRequest } from "./requests.repository.ts";

export type Values = Record<string, unknown>;
export type NewRequest = Omit<Parameters<RequestRepository["create"]>[0], "id" | "userId">;
/** An owner's upload a request uses, and the field it is given in. */
export interface Upload {
  kind: UploadKind;
  path: string;
  field: string;
}

/** What an owner's write led to: applied at once (an administrator's), or a request. */
export type WriteOutcome<T> = { applied: T } | { request: RequestCreated };

export interface Form {
  views: Record<string, FieldView>;
  schema: z.ZodType;
  required: string;
}

export const FORMS: Record<RequestKind, Form> = {
  claim: { views: claimView.fields, schema: ClaimInputSchema, required: requestMessages.claimRoleRequired },
  "new-listing": { views: businessView.fields, schema: BusinessInputSchema, required: messages.businesses.required },
  "listing-change": { views: businessView.fields, schema: BusinessInputSchema, required: messages.businesses.required },
  event: { views: eventView.fields, schema: EventInputSchema, required: messages.adminEvents.required },
  offer: { views: offerView.fields, schema: OfferInputSchema, required: messages.adminOffers.required },
};

/** The kinds of request about an event or an offer of a business. */
export type ItemKind = "event" | "offer";

/** Where an event or offer names the business it belongs to, and what is said when it is gone. */
export const ITEMS: Record<ItemKind, { business: string; notFound: string }> = {
  event: { business: "location", notFound: messages.adminEvents.notFound },
  offer: { business: "businessId", notFound: messages.adminOffers.notFound },
};

/** Input fields whose stored counterpart has another name. */
const STORED_AS: Record<string, string> = { logoPath: "logoStoragePath", imagePath: "imageStoragePath" };

/** A stored entity as its form would send it, so live and requested values compare field by field. */
export function asInput(form: Form, entity: Values): Values {
  const values: Values = {};
  const coordinates = entity.coordinates as { lat: number; lng: number } | undefined;
  for (const name of Object.keys(form.views)) {
    if (coordinates && (name === "lat" || name === "lng")) values[name] = coordinates[name];
    else values[name] = entity[STORED_AS[name] ?? name] ?? null;
  }
  const parsed = form.schema.safeParse(values);
  return parsed.success ? { ...values, ...(parsed.data as Values) } : values;
}

/** Proposed listings carry no images: the proposer owns no business to upload them for yet. */
export function withoutImages(form: Form, payload: Values): Values {
  for (const [name, view] of Object.entries(form.views)) {
    if (view.widget === "image") payload[name] = null;
    else if (view.widget === "photos") delete payload[name];
  }
  return payload;
}

/** The stored files an item's values name: each image field's path and each photo's. */
export function imagePaths(form: Form, values: Values | null | undefined): Set<string> {
  const paths = new Set<string>();
  for (const [name, view] of Object.entries(form.views)) {
    const value = values?.[name];
    if (view.widget === "image" && typeof value === "string" && value) paths.add(value);
    else if (view.widget === "photos" && Array.isArray(value)) {
      for (const photo of value as Array<{ path?: unknown }>) if (typeof photo?.path === "string") paths.add(photo.path);
    }
  }
  return paths;
}

export function parse(form: Form, input: unknown): Values {
  const parsed = form.schema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues, form.required);
  const values = parsed.data as Values;
  // Hours with no day given are no hours, as the listing stores them.
  for (const [name, view] of Object.entries(form.views)) {
    const value = values[name];
    if (view.widget === "hours" && value && typeof value === "object" && !hasHours(value as OpeningHours)) values[name] = null;
  }
  return values;
}

/** Whether two requests ask for the same values, field by field as `same` compares them. */
export function samePayload(a: Values, b: Values): boolean {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((name) => same(a[name], b[name]));
}

/** Equal as form values: blank is null, and the order of a list of choices (tags) does not count; a gallery's does. */
export function same(a: unknown, b: unknown): boolean {
  const choices = (v: unknown[]) => v.every((item) => typeof item !== "object" || item === null);
  const norm = (v: unknown) => (v === undefined || v === "" || (Array.isArray(v) && v.length === 0) ? null : Array.isArray(v) && choices(v) ? [...v].map(String).sort() : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/**
 * The rights an owner's change has once the association approved it in advance (auto-approve): it is applied as an
 * administrator's would be, and Recent Changes names the owner.
 */
export function approvedInAdvance(owner: CurrentUser): CurrentUser {
  return { ...owner, role: "admin" };
}

/**
 * A request as listed: without who asked (by id) and what it asks for. The address of the person who asked is for
 * administrators and that person; the other owners of a business whose changes they share see their name only.
 */
export function summary(request: StoredRequest, viewer: CurrentUser): RequestSummary {
  const { userId, payload: _p, base: _b, requesterEmail, ...rest } = request;
  return { ...rest, requesterEmail: viewer.role === "admin" || viewer.id === userId ? requesterEmail : null };
}
