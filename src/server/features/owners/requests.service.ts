// Owners keep their listing, events and offers current through requests an administrator decides (unless the association
// approves a kind at once); administrators also manage who owns which business.
import type { z } from "zod";
import { requireRole, requireUser, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { Conflict, Forbidden, NotFound, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import { messages } from "#shared/messages.ts";
import type { FieldView } from "#shared/schemas/entity.ts";
import { hasHours, type OpeningHours } from "#shared/schemas/opening-hours.ts";
import { BusinessInputSchema, businessView, type Business, type BusinessAdmin, type BusinessInput } from "#shared/schemas/business.ts";
import { EventInputSchema, eventView, type EventInput, type EventValues } from "#shared/schemas/event.ts";
import { OfferInputSchema, offerView, type OfferInput } from "#shared/schemas/offer.ts";
import {
  ClaimInputSchema,
  claimView,
  requestMessages,
  type ClaimInput,
  type ModerationSettings,
  ModerationSettingsSchema,
  type Owner,
  type RequestCreated,
  type RequestDetail,
  type RequestField,
  type RequestKind,
  type RequestListQuery,
  type RequestSummary,
} from "#shared/schemas/owners.ts";
import type { AuditRecorder } from "../audit/audit.service.ts";
import type { BusinessService } from "../business/business.service.ts";
import type { BusinessRepository } from "../business/business.repository.ts";
import type { AttachedFile, FileService } from "#server/storage/file.service.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import type { EventService } from "../event/event.service.ts";
import type { EventRepository, StoredEvent } from "../event/event.repository.ts";
import type { OfferService } from "../offer/offer.service.ts";
import type { OfferRepository, StoredOffer } from "../offer/offer.repository.ts";
import type { ModerationSettingsRepository } from "./moderation-settings.repository.ts";
import type { RequestMail } from "./request-mail.ts";
import { SHARED_KINDS, type RequestRepository, type StoredRequest } from "./requests.repository.ts";

type Values = Record<string, unknown>;
type NewRequest = Omit<Parameters<RequestRepository["create"]>[0], "id" | "userId">;
/** An owner's upload a request uses, and the field it is given in. */
interface Upload {
  kind: UploadKind;
  path: string;
  field: string;
}

/** What an owner's write led to: applied at once (an administrator's), or a request. */
export type WriteOutcome<T> = { applied: T } | { request: RequestCreated };

interface Form {
  views: Record<string, FieldView>;
  schema: z.ZodType;
  required: string;
}

const FORMS: Record<RequestKind, Form> = {
  claim: { views: claimView.fields, schema: ClaimInputSchema, required: requestMessages.claimRoleRequired },
  "new-listing": { views: businessView.fields, schema: BusinessInputSchema, required: messages.businesses.required },
  "listing-change": { views: businessView.fields, schema: BusinessInputSchema, required: messages.businesses.required },
  event: { views: eventView.fields, schema: EventInputSchema, required: messages.adminEvents.required },
  offer: { views: offerView.fields, schema: OfferInputSchema, required: messages.adminOffers.required },
};

/** Input fields whose stored counterpart has another name. */
const STORED_AS: Record<string, string> = { logoPath: "logoStoragePath", imagePath: "imageStoragePath" };

/** A stored entity as its form would send it, so live and requested values compare field by field. */
function asInput(form: Form, entity: Values): Values {
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
function withoutImages(form: Form, payload: Values): Values {
  for (const [name, view] of Object.entries(form.views)) {
    if (view.widget === "image") payload[name] = null;
    else if (view.widget === "photos") delete payload[name];
  }
  return payload;
}

/** The stored files an item's values name: each image field's path and each photo's. */
function imagePaths(form: Form, values: Values | null | undefined): Set<string> {
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

function parse(form: Form, input: unknown): Values {
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
function samePayload(a: Values, b: Values): boolean {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((name) => same(a[name], b[name]));
}

/** Equal as form values: blank is null, and the order of a list of choices (tags) does not count; a gallery's does. */
function same(a: unknown, b: unknown): boolean {
  const choices = (v: unknown[]) => v.every((item) => typeof item !== "object" || item === null);
  const norm = (v: unknown) => (v === undefined || v === "" || (Array.isArray(v) && v.length === 0) ? null : Array.isArray(v) && choices(v) ? [...v].map(String).sort() : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

function hostOf(url: string | null | undefined): string | null {
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
function approvedInAdvance(owner: CurrentUser): CurrentUser {
  return { ...owner, role: "admin" };
}

export interface RequestServiceDeps {
  repository: RequestRepository;
  settings: ModerationSettingsRepository;
  mail: RequestMail;
  audit: AuditRecorder;
  files: FileService;
  businesses: BusinessService;
  businessRepository: BusinessRepository;
  events: EventService;
  eventRepository: EventRepository;
  offers: OfferService;
  offerRepository: OfferRepository;
}

export class RequestService {
  private readonly deps: RequestServiceDeps;
  constructor(deps: RequestServiceDeps) {
    this.deps = deps;
  }

  private get repository() {
    return this.deps.repository;
  }

  // Owners

  /** The businesses the signed-in person owns, by name. */
  async myBusinesses(viewer: CurrentUser | null): Promise<Business[]> {
    const user = requireUser(viewer);
    const ids = await this.repository.ownedBusinessIds(user.id);
    if (ids.length === 0) return [];
    const all = await Promise.all(ids.map((id) => this.deps.businesses.find(id)));
    return all.filter((b): b is Business => b !== undefined).sort((a, b) => a.name.localeCompare(b.name));
  }

  async owners(viewer: CurrentUser | null, businessId: string): Promise<Owner[]> {
    requireRole(viewer, "admin");
    await this.deps.businesses.get(businessId);
    return this.repository.getOwners(businessId);
  }

  async addOwner(viewer: CurrentUser | null, businessId: string, email: string): Promise<Owner[]> {
    const admin = requireRole(viewer, "admin");
    const business = await this.deps.businesses.get(businessId);
    const user = await this.repository.findUserByEmail(email);
    if (!user) throw Validation(requestMessages.noSuchUser, { email: requestMessages.noSuchUser });
    await this.makeOwner(admin, business.id, business.name, user);
    return this.repository.getOwners(businessId);
  }

  async removeOwner(viewer: CurrentUser | null, businessId: string, userId: string): Promise<void> {
    const admin = requireRole(viewer, "admin");
    const business = await this.deps.businesses.get(businessId);
    const owner = (await this.repository.getOwners(businessId)).find((o) => o.userId === userId);
    if (!owner || !(await this.repository.removeOwner(businessId, userId))) throw NotFound("That person does not own this business.");
    await this.deps.audit.record(admin, { action: "update", entityType: "business", entityId: businessId, summary: `${owner.email} no longer owns ${business.name}` });
    // What they asked for this business (or last changed of what its owners share) is no longer theirs to ask: it is
    // closed, and they and the owners who remain are told.
    const remaining = await this.repository.getOwners(businessId);
    for (const request of await this.repository.pendingOf(userId, businessId)) {
      if (!(await this.repository.decide(request.id, { status: "rejected", reason: requestMessages.ownerRemoved, decidedBy: admin.id }))) continue;
      await this.release(request);
      await this.deps.mail.quietly(() => this.deps.mail.sendDecision(request, "closed", requestMessages.ownerRemoved));
      for (const other of remaining) {
        await this.deps.mail.quietly(() => this.deps.mail.sendDecision({ ...request, requesterEmail: other.email }, "closed", requestMessages.ownerRemovedOthers(owner.email)));
      }
    }
  }

  private async makeOwner(actor: Pick<CurrentUser, "id" | "email">, businessId: string, businessName: string, user: { id: string; email: string }) {
    await this.repository.addOwner(businessId, user.id);
    const promoted = await this.repository.promoteToBusiness(user.id);
    await this.deps.audit.record(actor, { action: "update", entityType: "business", entityId: businessId, summary: `${user.email} now owns ${businessName}` });
    if (promoted) await this.deps.audit.record(actor, { action: "role_change", entityType: "user", entityId: user.id, summary: `${user.email}: user → business` });
  }

  private async requireOwner(user: CurrentUser, businessId: string): Promise<void> {
    if (!(await this.repository.isOwner(businessId, user.id))) throw Forbidden();
  }

  /** Events and offers are for owners: anyone else is refused before their input is read. */
  private async requireSomeBusiness(user: CurrentUser): Promise<void> {
    if ((await this.repository.ownedBusinessIds(user.id)).length === 0) throw Forbidden();
  }

  /** An administrator, or an owner of the business (of any business when none is named). */
  async requireOwnerOrAdmin(user: CurrentUser, businessId?: string): Promise<void> {
    if (user.role === "admin") return;
    if (businessId === undefined) await this.requireSomeBusiness(user);
    else await this.requireOwner(user, businessId);
  }

  // Writes that become requests for owners

  async claim(viewer: CurrentUser | null, businessId: string, input: ClaimInput): Promise<RequestCreated> {
    const user = requireUser(viewer);
    const business = await this.deps.businesses.get(businessId);
    if (await this.repository.isOwner(businessId, user.id)) throw Conflict(requestMessages.alreadyOwner);
    if (await this.repository.findPending({ kind: "claim", businessId, userId: user.id })) throw Conflict(requestMessages.alreadyClaimed);
    const payload = parse(FORMS.claim, input);
    return this.createRequest(user, { kind: "claim", businessId, businessName: business.name, targetId: null, payload, base: null });
  }

  /** An administrator adds the business; anyone else signed in proposes it. */
  async proposeBusiness(viewer: CurrentUser | null, input: BusinessInput): Promise<WriteOutcome<BusinessAdmin>> {
    const user = requireUser(viewer);
    if (user.role === "admin") return { applied: await this.deps.businesses.create(user, input) };
    const payload = withoutImages(FORMS["new-listing"], parse(FORMS["new-listing"], input));
    await this.deps.businesses.checkReferences(String(payload.categoryId), payload.tags as string[]);
    this.deps.businesses.checkHours(payload.openingHours);
    return { request: await this.createRequest(user, { kind: "new-listing", businessId: null, businessName: String(payload.name), targetId: null, payload, base: null }) };
  }

  /** An administrator's change applies at once; an owner's amends the business's one pending listing change, or starts it. */
  async saveBusiness(viewer: CurrentUser | null, id: string, input: BusinessInput): Promise<WriteOutcome<BusinessAdmin>> {
    const user = requireUser(viewer);
    if (user.role === "admin") return { applied: await this.deps.businesses.update(user, id, input) };
    await this.requireOwner(user, id);
    const current = await this.deps.businessRepository.getAdmin(id);
    if (!current) throw NotFound(messages.business.notFound);
    const form = FORMS["listing-change"];
    const base = asInput(form, current);
    const auto = (await this.deps.settings.get()).autoApproveListings;
    const pending = auto ? undefined : await this.repository.findPending({ kind: "listing-change", businessId: id });
    const payload = parse(form, input);
    const fresh = await this.ownersImages(user, form, payload, base, pending?.payload ?? null);
    await this.deps.businesses.checkReferences(String(payload.categoryId), payload.tags as string[]);
    this.deps.businesses.checkHours(payload.openingHours);
    const target = { kind: "listing-change" as const, businessId: id, businessName: current.name, targetId: null, payload, base };
    return { request: await this.send(user, target, fresh, pending, auto) };
  }

  async saveEvent(viewer: CurrentUser | null, id: string | null, input: EventInput): Promise<WriteOutcome<StoredEvent>> {
    const user = requireUser(viewer);
    if (user.role === "admin") return { applied: id ? await this.deps.events.update(user, id, input) : await this.deps.events.create(user, input) };
    await this.requireSomeBusiness(user);
    const form = FORMS.event;
    let base: Values | null = null;
    if (id) {
      const existing = await this.deps.eventRepository.getStored(id);
      if (!existing) throw NotFound(messages.adminEvents.notFound);
      await this.requireOwner(user, existing.location);
      base = asInput(form, existing);
    }
    const payload = parse(form, input);
    const businessId = String(payload.location);
    if (!(await this.repository.isOwner(businessId, user.id))) throw Forbidden(requestMessages.notYourBusiness);
    await this.deps.events.checkRule(payload as EventValues);
    return { request: await this.ownerChange(user, "event", businessId, id, payload, base, (await this.deps.settings.get()).autoApproveEvents) };
  }

  async saveOffer(viewer: CurrentUser | null, id: string | null, input: OfferInput): Promise<WriteOutcome<StoredOffer>> {
    const user = requireUser(viewer);
    if (user.role === "admin") return { applied: id ? await this.deps.offers.update(user, id, input) : await this.deps.offers.create(user, input) };
    await this.requireSomeBusiness(user);
    const form = FORMS.offer;
    let base: Values | null = null;
    if (id) {
      const existing = await this.deps.offerRepository.getStored(id);
      if (!existing) throw NotFound(messages.adminOffers.notFound);
      await this.requireOwner(user, existing.businessId);
      base = asInput(form, existing);
    }
    const payload = parse(form, input);
    const businessId = String(payload.businessId);
    if (!(await this.repository.isOwner(businessId, user.id))) throw Forbidden(requestMessages.notYourBusiness);
    return { request: await this.ownerChange(user, "offer", businessId, id, payload, base, (await this.deps.settings.get()).autoApproveOffers) };
  }

  /** Owners delete their own businesses' events and offers at once: taking something down needs no approval. */
  async deleteEvent(viewer: CurrentUser | null, id: string): Promise<void> {
    const user = requireUser(viewer);
    if (user.role !== "admin") {
      const existing = await this.deps.eventRepository.getStored(id);
      if (!existing) throw NotFound(messages.adminEvents.notFound);
      await this.requireOwner(user, existing.location);
    }
    await this.deps.events.delete(user.role === "admin" ? user : approvedInAdvance(user), id);
  }

  async deleteOffer(viewer: CurrentUser | null, id: string): Promise<void> {
    const user = requireUser(viewer);
    if (user.role !== "admin") {
      const existing = await this.deps.offerRepository.getStored(id);
      if (!existing) throw NotFound(messages.adminOffers.notFound);
      await this.requireOwner(user, existing.businessId);
    }
    await this.deps.offers.delete(user.role === "admin" ? user : approvedInAdvance(user), id);
  }

  private async ownerChange(user: CurrentUser, kind: "event" | "offer", businessId: string, targetId: string | null, payload: Values, base: Values | null, auto: boolean) {
    const business = await this.deps.businesses.get(businessId);
    // The same new event or offer sent again (a second press, a page sent twice) is the request already waiting.
    if (!targetId && !auto) {
      const waiting = await this.repository.getAll({ status: "pending", kind, userId: user.id, businessId });
      const repeated = waiting.find((r) => r.targetId === null && samePayload(r.payload, payload));
      if (repeated) return { requestId: repeated.id, status: "pending" as const };
    }
    const pending = targetId && !auto ? await this.repository.findPending({ kind, targetId }) : undefined;
    const fresh = await this.ownersImages(user, FORMS[kind], payload, base, pending?.payload ?? null);
    return this.send(user, { kind, businessId, businessName: business.name, targetId, payload, base }, fresh, pending, auto);
  }

  /**
   * An owner's checked change: applied at once when the association approves this kind in advance, else amending the
   * waiting request it belongs to, or a new request. The request then holds the owner's fresh uploads (the clean-up
   * of unused uploads leaves them), and an amended request lets go of the uploads it no longer asks for.
   */
  private async send(user: CurrentUser, target: NewRequest, fresh: Upload[], pending: StoredRequest | undefined, auto: boolean): Promise<RequestCreated> {
    if (auto) return this.createApproved(user, target, fresh);
    // The waiting request is the business's: an owner's change amends it, whoever made it, and it is then theirs (the
    // decision is sent to them).
    // What a field was compared with moves on only for the fields this change touches: a field it leaves as the waiting
    // request had it stays compared with what was live then, so a value an administrator set since is not taken
    // for one the owner asked for (and approving all leaves it).
    const base = pending?.base && target.base ? Object.fromEntries(Object.keys(target.base).map((name) => [name, same(target.payload[name], pending.payload[name]) && name in pending.base! ? pending.base![name] : target.base![name]])) : target.base;
    // The uploads are held first: one removed since it was checked is refused before anything is saved.
    await this.hold(user, fresh);
    let created: RequestCreated;
    let amended: boolean;
    try {
      amended = !!pending && (await this.repository.amend(pending.id, { payload: target.payload, base, userId: user.id, business: { businessId: target.businessId, businessName: target.businessName } }));
      created = amended ? { requestId: pending!.id, status: "pending" as const } : await this.createRequest(user, target);
    } catch (error) {
      // Not saved: the uploads go back to unused (see FileService.release).
      await this.deps.files.release(...fresh.map((upload) => upload.path));
      throw error;
    }
    if (amended) await this.releaseReplaced(FORMS[target.kind], pending!.payload, target.payload, target.base);
    return created;
  }

  /**
   * Marks the uploads a waiting request uses as in use, so the clean-up of unused uploads leaves them. One removed
   * since it was checked is refused beside its field before any is marked. If marking one fails (its upload removed
   * just after it was checked, say), every upload this hold marked until then is given back (see
   * `FileService.release`), and the error goes on as it was; one attached before it stays with what holds it.
   */
  private async hold(user: CurrentUser, uploads: Upload[]): Promise<AttachedFile[]> {
    for (const upload of uploads) {
      if (!(await this.deps.files.isAttachable({ user, kind: upload.kind, fullPath: upload.path }))) {
        throw Validation(requestMessages.notYourImage, { [upload.field]: requestMessages.notYourImage });
      }
    }
    const claimed: AttachedFile[] = [];
    try {
      for (const upload of uploads) claimed.push(await this.deps.files.attach({ user, kind: upload.kind, fullPath: upload.path }));
    } catch (error) {
      await this.unhold(claimed);
      throw error;
    }
    return claimed;
  }

  /** Gives back what a hold marked, but for uploads attached before it. */
  private async unhold(claimed: readonly AttachedFile[]): Promise<void> {
    await this.deps.files.release(...claimed.filter((file) => !file.wasAttached).map((file) => file.fullPath));
  }

  /**
   * The images of an owner's change. A field left out keeps what the waiting request asks for, or else what the item
   * has; an image given must be the item's own, the waiting request's, or the owner's unused upload for one of their
   * businesses. Returns the owner's uploads the change uses.
   */
  private async ownersImages(user: CurrentUser, form: Form, payload: Values, base: Values | null, held: Values | null): Promise<Upload[]> {
    const known = new Set([...imagePaths(form, base), ...imagePaths(form, held)]);
    const owned = await this.repository.ownedBusinessIds(user.id);
    const fresh: Upload[] = [];
    for (const [name, view] of Object.entries(form.views)) {
      if (view.widget !== "image" && view.widget !== "photos") continue;
      if (payload[name] === undefined) {
        const kept = held && name in held ? held[name] : base?.[name];
        if (kept !== undefined) payload[name] = kept;
        continue;
      }
      for (const path of imagePaths({ ...form, views: { [name]: view } }, payload)) {
        if (known.has(path)) continue;
        if (!(await this.deps.files.isFreshUpload(user, view.upload!, path, owned))) throw Validation(requestMessages.notYourImage, { [name]: requestMessages.notYourImage });
        fresh.push({ kind: view.upload!, path, field: name });
      }
    }
    return fresh;
  }

  /** Deletes the uploads an amended request no longer asks for (never the item's own images). */
  private async releaseReplaced(form: Form, before: Values, after: Values, base: Values | null): Promise<void> {
    const kept = new Set([...imagePaths(form, after), ...imagePaths(form, base)]);
    for (const path of imagePaths(form, before)) if (!kept.has(path)) await this.deps.files.delete(path);
  }

  /** Once a request is closed, the uploads it held that did not become the item's images are deleted. */
  private async release(request: StoredRequest): Promise<void> {
    const closed = (await this.repository.get(request.id)) ?? request;
    await this.releaseReplaced(FORMS[request.kind], request.payload, (await this.live(closed)) ?? {}, request.base);
  }

  private async createRequest(user: CurrentUser, request: NewRequest): Promise<RequestCreated> {
    const id = newId();
    await this.repository.create({ ...request, id, userId: user.id });
    await this.deps.mail.quietly(() => this.deps.mail.sendDigests());
    return { requestId: id, status: "pending" };
  }

  /**
   * Applied at once, and kept as an approved request so the owner sees it among their changes. A change that cannot
   * be applied (a photo's upload removed meanwhile, a failed save) is answered with its error and leaves no request
   * behind, so sending it again does not make a second one; its fresh uploads are unused again, as before it was sent,
   * so the same form can be sent again.
   */
  private async createApproved(user: CurrentUser, request: NewRequest, fresh: Upload[]): Promise<RequestCreated> {
    // Held first, as a waiting request's are: the item's save then takes them as the request's (see
    // AttachedFile.wasAttached) and, failing, leaves them to be given back here rather than deleting them.
    await this.hold(user, fresh);
    const id = newId();
    try {
      await this.repository.create({ ...request, id, userId: user.id });
      const stored = (await this.repository.get(id))!;
      await this.decideAndApply(approvedInAdvance(user), stored, Object.keys(stored.payload), null);
    } catch (error) {
      // A change that could not be applied is back among the waiting ones (or was never stored): it goes, as it was
      // never made. Once applied, its uploads are the item's whatever failed after.
      const left = await this.repository.get(id);
      if (left?.status === "pending") await this.repository.delete(id);
      if (!left || left.status === "pending") await this.deps.files.release(...fresh.map((upload) => upload.path));
      throw error;
    }
    return { requestId: id, status: "approved" };
  }

  // Reading and deciding requests

  async list(viewer: CurrentUser | null, query: RequestListQuery): Promise<RequestSummary[]> {
    requireRole(viewer, "admin");
    await this.closeOrphans();
    return (await this.repository.getAll(query)).map(summary);
  }

  async countPending(viewer: CurrentUser | null): Promise<number> {
    requireRole(viewer, "admin");
    await this.closeOrphans();
    return this.repository.countPending();
  }

  /** The signed-in person's own requests and the changes asked for the businesses they own, newest first, each with its fields. */
  async mine(viewer: CurrentUser | null): Promise<RequestDetail[]> {
    const user = requireUser(viewer);
    await this.closeOrphans();
    const listed = await this.repository.getAll({ visibleTo: user.id });
    const requests = [];
    for (const request of listed) if (await this.concerns(user, request)) requests.push(request);
    return Promise.all(requests.reverse().map((r) => this.detailOf(r)));
  }

  /** For administrators, for the person who asked, and for the owners of the business a change is about. */
  async get(viewer: CurrentUser | null, id: string): Promise<RequestDetail> {
    const user = requireUser(viewer);
    await this.closeOrphans();
    const request = await this.repository.get(id);
    if (!request || (user.role !== "admin" && !(await this.concerns(user, request)))) throw NotFound("Request not found.");
    return this.detailOf(request);
  }

  /**
   * Whether the request is the person's to see, amend or withdraw: they asked, or it is a waiting change to a business
   * they own (a listing change, an event or an offer). A business has one waiting listing change, which its owners
   * share; once decided, a request is its last author's (a new owner does not read the business's past requests).
   */
  private async concerns(user: CurrentUser, request: StoredRequest): Promise<boolean> {
    if (request.userId === user.id) return true;
    if (request.status !== "pending" || !(SHARED_KINDS as readonly string[]).includes(request.kind)) return false;
    // A change to an existing event or offer is for the owners of the business it belongs to (it may be asked to
    // move to another); a new one, and a listing change, for the owners of the business it is filed under.
    let businessId = request.businessId;
    if (request.targetId && request.kind === "event") businessId = (await this.deps.eventRepository.getStored(request.targetId))?.location ?? null;
    if (request.targetId && request.kind === "offer") businessId = (await this.deps.offerRepository.getStored(request.targetId))?.businessId ?? null;
    return businessId !== null && (await this.repository.isOwner(businessId, user.id));
  }

  async approve(viewer: CurrentUser | null, id: string, fields?: string[]): Promise<RequestDetail> {
    const admin = requireRole(viewer, "admin");
    const request = await this.pending(id);
    if (request.userId === admin.id) throw Forbidden(requestMessages.ownYourRequest);
    const names = Object.keys(FORMS[request.kind].views);
    if (fields?.length === 0) throw Validation(requestMessages.noFieldsChosen, { fields: requestMessages.noFieldsChosen });
    if (fields?.some((name) => !names.includes(name))) throw Validation(requestMessages.unknownField, { fields: requestMessages.unknownField });
    // Approving all approves what the owner changed: a field the owner left as it was keeps its live value, which an
    // administrator may have changed since the request was made.
    const chosen = (decided: StoredRequest) => fields ?? (decided.base ? names.filter((name) => !same(decided.payload[name], decided.base![name])) : names);
    await this.decideAndApply(admin, request, chosen, admin.id);
    return this.get(admin, id);
  }

  async reject(viewer: CurrentUser | null, id: string, reason: string): Promise<RequestDetail> {
    const admin = requireRole(viewer, "admin");
    const request = await this.pending(id);
    if (request.userId === admin.id) throw Forbidden(requestMessages.ownYourRequest);
    if (!(await this.repository.decide(id, { status: "rejected", reason, decidedBy: admin.id }))) throw Conflict(requestMessages.notPending);
    await this.release(request);
    await this.deps.mail.quietly(() => this.deps.mail.sendDecision(request, "rejected", reason));
    return this.get(admin, id);
  }

  async withdraw(viewer: CurrentUser | null, id: string): Promise<RequestDetail> {
    const user = requireUser(viewer);
    const request = await this.repository.get(id);
    if (!request || !(await this.concerns(user, request))) throw NotFound("Request not found.");
    if (!(await this.repository.decide(id, { status: "withdrawn", reason: null, decidedBy: user.id }))) throw Conflict(requestMessages.notPending);
    await this.release(request);
    return this.get(user, id);
  }

  /** The person who asked, or an owner of its business, replaces what a waiting request asks for; it is checked as the original was. */
  async amend(viewer: CurrentUser | null, id: string, input: Values): Promise<RequestDetail> {
    const user = requireUser(viewer);
    const request = await this.repository.get(id);
    if (!request || !(await this.concerns(user, request))) throw NotFound("Request not found.");
    if (request.status !== "pending") throw Conflict(requestMessages.notPending);
    if (request.kind === "listing-change") await this.saveBusiness(user, request.businessId!, input as BusinessInput);
    else if (request.kind === "event" && request.targetId) await this.saveEvent(user, request.targetId, input as EventInput);
    else if (request.kind === "offer" && request.targetId) await this.saveOffer(user, request.targetId, input as OfferInput);
    else {
      const form = FORMS[request.kind];
      const payload = parse(form, input);
      let fresh: Upload[] = [];
      let business: { businessId: string; businessName: string } | undefined;
      if (request.kind === "new-listing") {
        withoutImages(form, payload);
        await this.deps.businesses.checkReferences(String(payload.categoryId), payload.tags as string[]);
        this.deps.businesses.checkHours(payload.openingHours);
      }
      if (request.kind === "event" || request.kind === "offer") {
        const businessId = String(request.kind === "event" ? payload.location : payload.businessId);
        if (!(await this.repository.isOwner(businessId, user.id))) throw Forbidden(requestMessages.notYourBusiness);
        if (request.kind === "event") await this.deps.events.checkRule(payload as EventValues);
        fresh = await this.ownersImages(user, form, payload, null, request.payload);
        // A new event or offer moved to another of the owner's businesses is filed under that one.
        business = { businessId, businessName: (await this.deps.businesses.get(businessId)).name };
      }
      // Its uploads are held before the request changes: one that cannot be held leaves the request as it was.
      const held = await this.hold(user, fresh);
      try {
        if (!(await this.repository.amend(id, { payload, base: null, userId: user.id, business }))) throw Conflict(requestMessages.notPending);
      } catch (error) {
        await this.unhold(held);
        throw error;
      }
      await this.releaseReplaced(form, request.payload, payload, null);
    }
    return this.get(user, id);
  }

  async settings(viewer: CurrentUser | null): Promise<ModerationSettings> {
    requireRole(viewer, "admin");
    return this.deps.settings.get();
  }

  async saveSettings(viewer: CurrentUser | null, input: ModerationSettings): Promise<ModerationSettings> {
    const admin = requireRole(viewer, "admin");
    const parsed = ModerationSettingsSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, "The settings are not valid.");
    await this.deps.settings.save(parsed.data);
    await this.deps.audit.record(admin, { action: "update", entityType: "settings", entityId: "moderation", summary: "Request approval settings" });
    return this.deps.settings.get();
  }

  /** Sends the digests that are due (called after each new request and periodically). */
  sendDigests(now?: Date): Promise<number> {
    return this.deps.mail.sendDigests(now);
  }

  private async pending(id: string): Promise<StoredRequest> {
    await this.closeOrphans();
    const request = await this.repository.get(id);
    if (!request) throw NotFound("Request not found.");
    if (request.status !== "pending") throw Conflict(requestMessages.notPending);
    return request;
  }

  /** Closes requests whose business, event or offer was deleted meanwhile, and tells their owners. */
  private async closeOrphans(): Promise<void> {
    for (const orphan of await this.repository.getOrphans()) {
      const reason = { business: requestMessages.businessDeleted, event: requestMessages.eventDeleted, offer: requestMessages.offerDeleted }[orphan.gone];
      if (await this.repository.decide(orphan.id, { status: "rejected", reason, decidedBy: null })) {
        await this.release(orphan);
        await this.deps.mail.quietly(() => this.deps.mail.sendDecision(orphan, "closed", reason));
      }
    }
  }

  /**
   * Marks the request approved (so no one else decides or amends it meanwhile), then applies it as it stands then (an
   * amendment that came in while the decision was being made is applied too); a failure puts it back.
   */
  private async decideAndApply(actor: CurrentUser, asked: StoredRequest, fields: string[] | ((request: StoredRequest) => string[]), decidedBy: string | null): Promise<void> {
    if (!(await this.repository.decide(asked.id, { status: "approved", reason: null, decidedBy }))) throw Conflict(requestMessages.notPending);
    const request = (await this.repository.get(asked.id)) ?? asked;
    let created: { businessId?: string; targetId?: string };
    try {
      created = await this.apply(actor, request, typeof fields === "function" ? fields(request) : fields);
    } catch (error) {
      await this.repository.reopen(request.id);
      throw error;
    }
    if (created.businessId || created.targetId) await this.repository.setTarget(request.id, created);
    await this.release(request);
    if (decidedBy !== null) await this.deps.mail.quietly(() => this.deps.mail.sendDecision(request, "approved", null));
  }

  private async apply(actor: CurrentUser, request: StoredRequest, fields: string[]): Promise<{ businessId?: string; targetId?: string }> {
    const requester = { id: request.userId, email: request.requesterEmail };
    const chosen = (live: Values) => ({ ...live, ...Object.fromEntries(fields.filter((f) => f in request.payload).map((f) => [f, request.payload[f]])) });
    // The owner's uploads the request holds are the item's to take.
    const applying = { request: request.id };
    switch (request.kind) {
      case "claim":
        await this.makeOwner(actor, request.businessId!, request.businessName, requester);
        return {};
      case "new-listing": {
        const business = await this.deps.businesses.create(actor, request.payload as BusinessInput, applying);
        await this.makeOwner(actor, business.id, business.name, requester);
        return { businessId: business.id };
      }
      case "listing-change": {
        const current = await this.deps.businessRepository.getAdmin(request.businessId!);
        if (!current) throw NotFound(messages.business.notFound);
        await this.deps.businesses.update(actor, current.id, chosen(asInput(FORMS["listing-change"], current)) as BusinessInput, applying);
        return {};
      }
      case "event": {
        if (!request.targetId) return { targetId: (await this.deps.events.create(actor, request.payload as EventInput, applying)).id };
        const current = await this.deps.eventRepository.getStored(request.targetId);
        if (!current) throw NotFound(messages.adminEvents.notFound);
        await this.deps.events.update(actor, current.id, chosen(asInput(FORMS.event, current)) as EventInput, applying);
        return {};
      }
      case "offer": {
        if (!request.targetId) return { targetId: (await this.deps.offers.create(actor, request.payload as OfferInput)).id };
        const current = await this.deps.offerRepository.getStored(request.targetId);
        if (!current) throw NotFound(messages.adminOffers.notFound);
        await this.deps.offers.update(actor, current.id, chosen(asInput(FORMS.offer, current)) as OfferInput);
        return {};
      }
    }
  }

  private async live(request: StoredRequest): Promise<Values | null> {
    const form = FORMS[request.kind];
    if (request.kind === "listing-change") {
      const current = request.businessId ? await this.deps.businessRepository.getAdmin(request.businessId) : undefined;
      return current ? asInput(form, current) : null;
    }
    if (request.targetId && request.kind === "event") {
      const current = await this.deps.eventRepository.getStored(request.targetId);
      return current ? asInput(form, current) : null;
    }
    if (request.targetId && request.kind === "offer") {
      const current = await this.deps.offerRepository.getStored(request.targetId);
      return current ? asInput(form, current) : null;
    }
    return null;
  }

  private async detailOf(request: StoredRequest): Promise<RequestDetail> {
    const form = FORMS[request.kind];
    // Once decided, what was live then is what the request is compared with.
    const live = request.status === "pending" ? await this.live(request) : request.base;
    const fields: RequestField[] = Object.entries(form.views).map(([name, view]) => {
      const requested = request.payload[name] ?? null;
      const liveValue = live?.[name] ?? null;
      const base = request.base ? (request.base[name] ?? null) : liveValue;
      const changed = !same(requested, base);
      return { name, label: view.label, widget: view.widget, live: liveValue, requested, base, changed, conflict: changed && request.base !== null && !same(base, liveValue) };
    });
    let domainMatch = false;
    if (request.kind === "claim" && request.businessId) {
      const [user, business] = await Promise.all([this.repository.getUser(request.userId), this.deps.businesses.find(request.businessId)]);
      const emailDomain = user?.emailVerified ? user.email.split("@").pop()!.toLowerCase() : null;
      const siteDomain = hostOf(business?.website);
      domainMatch = !!emailDomain && !!siteDomain && (siteDomain === emailDomain || siteDomain.endsWith(`.${emailDomain}`));
    }
    return { ...summary(request), payload: request.payload, fields, domainMatch };
  }
}

function summary(request: StoredRequest): RequestSummary {
  const { userId: _u, payload: _p, base: _b, ...rest } = request;
  return rest;
}
