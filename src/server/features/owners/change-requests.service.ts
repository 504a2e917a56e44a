// Owners keep their listing, events and offers current through requests an administrator decides (unless the association
// approves a kind at once); anyone signed in may claim a business or propose one. An administrator's write applies at once.
import { requireUser, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { Conflict, Forbidden, NotFound } from "#server/errors.ts";
import { messages } from "#shared/messages.ts";
import type { BusinessAdmin, BusinessInput } from "#shared/schemas/business.ts";
import type { EventInput, EventValues } from "#shared/schemas/event.ts";
import type { OfferInput } from "#shared/schemas/offer.ts";
import { requestMessages, type ClaimInput, type RequestCreated, type RequestDetail } from "#shared/schemas/owners.ts";
import type { StoredEvent } from "#server/features/event/index.ts";
import type { StoredOffer } from "#server/features/offer/index.ts";
import type { TranslationsInput } from "#server/features/translation/index.ts";
import type { Listings } from "./listings.ts";
import type { ModerationSettingsRepository } from "./moderation-settings.repository.ts";
import type { OwnerNotifications } from "./owner-notifications.ts";
import type { OwnershipService } from "./ownership.service.ts";
import type { RequestDecisionService } from "./request-decisions.service.ts";
import { approvedInAdvance, asInput, FORMS, ITEMS, parse, same, samePayload, withoutImages, type ItemKind, type NewRequest, type Upload, type Values, type WriteOutcome } from "./request-forms.ts";
import type { RequestRepository, StoredRequest } from "./requests.repository.ts";
import type { UploadHolds } from "./upload-holds.ts";

export interface ChangeRequestServiceDeps {
  repository: RequestRepository;
  settings: ModerationSettingsRepository;
  ownership: Pick<OwnershipService, "isOwner" | "requireOwner" | "requireSomeBusiness">;
  listings: Listings;
  holds: UploadHolds;
  decisions: Pick<RequestDecisionService, "decideAndApply" | "get" | "theirs">;
  notifications: OwnerNotifications;
}

export class ChangeRequestService {
  private readonly deps: ChangeRequestServiceDeps;
  constructor(deps: ChangeRequestServiceDeps) {
    this.deps = deps;
  }

  private get repository() {
    return this.deps.repository;
  }

  private async requireOwnerOf(user: CurrentUser, businessId: string): Promise<void> {
    if (!(await this.deps.ownership.isOwner(user.id, businessId))) throw Forbidden(requestMessages.notYourBusiness);
  }

  async claim(viewer: CurrentUser | null, businessId: string, input: ClaimInput): Promise<RequestCreated> {
    const user = requireUser(viewer);
    const business = await this.deps.listings.businesses.get(businessId);
    if (await this.deps.ownership.isOwner(user.id, businessId)) throw Conflict(requestMessages.alreadyOwner);
    if (await this.repository.findPending({ kind: "claim", businessId, userId: user.id })) throw Conflict(requestMessages.alreadyClaimed);
    const payload = parse(FORMS.claim, input);
    return this.createRequest(user, { kind: "claim", businessId, businessName: business.name, targetId: null, payload, base: null });
  }

  /** An administrator adds the business; anyone else signed in proposes it. */
  async proposeBusiness(viewer: CurrentUser | null, input: BusinessInput): Promise<WriteOutcome<BusinessAdmin>> {
    const user = requireUser(viewer);
    const { businesses } = this.deps.listings;
    if (user.role === "admin") return { applied: await businesses.create(user, input) };
    const payload = withoutImages(FORMS["new-listing"], parse(FORMS["new-listing"], input));
    await businesses.checkReferences(String(payload.categoryId), payload.tags as string[]);
    businesses.checkHours(payload.openingHours);
    await businesses.checkTranslations(payload.translations as TranslationsInput);
    return { request: await this.createRequest(user, { kind: "new-listing", businessId: null, businessName: String(payload.name), targetId: null, payload, base: null }) };
  }

  /** An administrator's change applies at once; an owner's amends the business's one pending listing change, or starts it. */
  async saveBusiness(viewer: CurrentUser | null, id: string, input: BusinessInput): Promise<WriteOutcome<BusinessAdmin>> {
    const user = requireUser(viewer);
    const { businesses } = this.deps.listings;
    if (user.role === "admin") return { applied: await businesses.update(user, id, input) };
    await this.deps.ownership.requireOwner(user, id);
    const current = await businesses.stored(id);
    if (!current) throw NotFound(messages.business.notFound);
    const form = FORMS["listing-change"];
    const base = asInput(form, current);
    const auto = (await this.deps.settings.get()).autoApproveListings;
    const pending = auto ? undefined : await this.repository.findPending({ kind: "listing-change", businessId: id });
    const payload = parse(form, input);
    await businesses.checkTranslations(payload.translations as TranslationsInput);
    const fresh = await this.deps.holds.ownersImages(user, form, payload, base, pending?.payload ?? null);
    await businesses.checkReferences(String(payload.categoryId), payload.tags as string[]);
    businesses.checkHours(payload.openingHours);
    const target = { kind: "listing-change" as const, businessId: id, businessName: current.name, targetId: null, payload, base };
    return { request: await this.send(user, target, fresh, pending, auto) };
  }

  /** An administrator corrects one field of a listing, the others as they are (a visitor's suggestion approved). */
  async correctField(admin: CurrentUser, id: string, field: string, value: unknown): Promise<void> {
    const current = await this.deps.listings.businesses.stored(id);
    if (!current) throw NotFound(messages.business.notFound);
    await this.saveBusiness(admin, id, { ...asInput(FORMS["listing-change"], current), [field]: value } as BusinessInput);
  }

  async saveEvent(viewer: CurrentUser | null, id: string | null, input: EventInput): Promise<WriteOutcome<StoredEvent>> {
    const user = requireUser(viewer);
    const { events } = this.deps.listings;
    if (user.role === "admin") return { applied: id ? await events.update(user, id, input) : await events.create(user, input) };
    const { payload, base, businessId } = await this.ownersItem(user, "event", id, input);
    await events.checkRule(payload as EventValues);
    await events.checkTranslations(payload.translations as TranslationsInput);
    return { request: await this.ownerChange(user, "event", businessId, id, payload, base, (await this.deps.settings.get()).autoApproveEvents) };
  }

  async saveOffer(viewer: CurrentUser | null, id: string | null, input: OfferInput): Promise<WriteOutcome<StoredOffer>> {
    const user = requireUser(viewer);
    const { offers } = this.deps.listings;
    if (user.role === "admin") return { applied: id ? await offers.update(user, id, input) : await offers.create(user, input) };
    const { payload, base, businessId } = await this.ownersItem(user, "offer", id, input);
    await offers.checkTranslations(payload.translations as TranslationsInput);
    return { request: await this.ownerChange(user, "offer", businessId, id, payload, base, (await this.deps.settings.get()).autoApproveOffers) };
  }

  /** Owners delete their own businesses' events and offers at once: taking something down needs no approval. */
  async deleteEvent(viewer: CurrentUser | null, id: string): Promise<void> {
    const user = requireUser(viewer);
    if (user.role !== "admin") await this.ownersExisting(user, "event", id);
    await this.deps.listings.events.delete(user.role === "admin" ? user : approvedInAdvance(user), id);
  }

  async deleteOffer(viewer: CurrentUser | null, id: string): Promise<void> {
    const user = requireUser(viewer);
    if (user.role !== "admin") await this.ownersExisting(user, "offer", id);
    await this.deps.listings.offers.delete(user.role === "admin" ? user : approvedInAdvance(user), id);
  }

  /**
   * An owner's new or changed event or offer, checked in this order: they own some business, the item is one of
   * theirs, its form's rules hold, and the business it is filed under is theirs.
   */
  private async ownersItem(user: CurrentUser, kind: ItemKind, id: string | null, input: unknown) {
    await this.deps.ownership.requireSomeBusiness(user);
    const base = id ? asInput(FORMS[kind], await this.ownersExisting(user, kind, id)) : null;
    const payload = parse(FORMS[kind], input);
    const businessId = String(payload[ITEMS[kind].business]);
    await this.requireOwnerOf(user, businessId);
    return { payload, base, businessId };
  }

  /** The stored event or offer, when it belongs to a business the owner owns; Forbidden else. */
  private async ownersExisting(user: CurrentUser, kind: ItemKind, id: string): Promise<Values> {
    const { events, offers } = this.deps.listings;
    const existing: Values | undefined = kind === "event" ? await events.stored(id) : await offers.stored(id);
    if (!existing) throw NotFound(ITEMS[kind].notFound);
    await this.deps.ownership.requireOwner(user, String(existing[ITEMS[kind].business]));
    return existing;
  }

  /** The person who asked, or an owner of its business, replaces what a waiting request asks for; it is checked as the original was. */
  async amend(viewer: CurrentUser | null, id: string, input: Values): Promise<RequestDetail> {
    const user = requireUser(viewer);
    const request = await this.deps.decisions.theirs(user, id);
    if (request.status !== "pending") throw Conflict(requestMessages.notPending);
    if (request.kind === "listing-change") await this.saveBusiness(user, request.businessId!, input as BusinessInput);
    else if (request.kind === "event" && request.targetId) await this.saveEvent(user, request.targetId, input as EventInput);
    else if (request.kind === "offer" && request.targetId) await this.saveOffer(user, request.targetId, input as OfferInput);
    else await this.amendNew(user, request, input);
    return this.deps.decisions.get(user, id);
  }

  /** A claim, a proposed listing, or a new event or offer, amended. */
  private async amendNew(user: CurrentUser, request: StoredRequest, input: Values): Promise<void> {
    const { businesses, events } = this.deps.listings;
    const { holds } = this.deps;
    const form = FORMS[request.kind];
    const payload = parse(form, input);
    let fresh: Upload[] = [];
    let business: { businessId: string; businessName: string } | undefined;
    if (request.kind === "new-listing") {
      withoutImages(form, payload);
      await businesses.checkReferences(String(payload.categoryId), payload.tags as string[]);
      businesses.checkHours(payload.openingHours);
    }
    if (request.kind === "event" || request.kind === "offer") {
      const businessId = String(payload[ITEMS[request.kind].business]);
      await this.requireOwnerOf(user, businessId);
      if (request.kind === "event") await events.checkRule(payload as EventValues);
      fresh = await holds.ownersImages(user, form, payload, null, request.payload);
      // A new event or offer moved to another of the owner's businesses is filed under that one.
      business = { businessId, businessName: (await businesses.get(businessId)).name };
    }
    // Its uploads are held before the request changes: one that cannot be held leaves the request as it was.
    const held = await holds.hold(user, fresh);
    try {
      if (!(await this.repository.amend(request.id, { payload, base: null, userId: user.id, business }))) throw Conflict(requestMessages.notPending);
    } catch (error) {
      await holds.unhold(held);
      throw error;
    }
    await holds.releaseReplaced(form, request.payload, payload, null);
  }

  private async ownerChange(user: CurrentUser, kind: ItemKind, businessId: string, targetId: string | null, payload: Values, base: Values | null, auto: boolean) {
    const business = await this.deps.listings.businesses.get(businessId);
    // The same new event or offer sent again (a second press, a page sent twice) is the request already waiting.
    if (!targetId && !auto) {
      const waiting = await this.repository.getAll({ status: "pending", kind, userId: user.id, businessId });
      const repeated = waiting.find((r) => r.targetId === null && samePayload(r.payload, payload));
      if (repeated) return { requestId: repeated.id, status: "pending" as const };
    }
    const pending = targetId && !auto ? await this.repository.findPending({ kind, targetId }) : undefined;
    const fresh = await this.deps.holds.ownersImages(user, FORMS[kind], payload, base, pending?.payload ?? null);
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
    await this.deps.holds.hold(user, fresh);
    let created: RequestCreated;
    let amended: boolean;
    try {
      amended = !!pending && (await this.repository.amend(pending.id, { payload: target.payload, base, userId: user.id, business: { businessId: target.businessId, businessName: target.businessName } }));
      created = amended ? { requestId: pending!.id, status: "pending" as const } : await this.createRequest(user, target);
    } catch (error) {
      // Not saved: the uploads go back to unused (see FileService.release).
      await this.deps.holds.give(fresh);
      throw error;
    }
    if (amended) await this.deps.holds.releaseReplaced(FORMS[target.kind], pending!.payload, target.payload, target.base);
    return created;
  }

  private async createRequest(user: CurrentUser, request: NewRequest): Promise<RequestCreated> {
    const id = newId();
    await this.repository.create({ ...request, id, userId: user.id });
    await this.deps.notifications.quietly(() => this.deps.notifications.digestSoon());
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
    await this.deps.holds.hold(user, fresh);
    const id = newId();
    try {
      await this.repository.create({ ...request, id, userId: user.id });
      const stored = (await this.repository.get(id))!;
      await this.deps.decisions.decideAndApply(approvedInAdvance(user), stored, Object.keys(stored.payload), null);
    } catch (error) {
      // A change that could not be applied is back among the waiting ones (or was never stored): it goes, as it was
      // never made. Once applied, its uploads are the item's whatever failed after.
      const left = await this.repository.get(id);
      if (left?.status === "pending") await this.repository.delete(id);
      if (!left || left.status === "pending") await this.deps.holds.give(fresh);
      throw error;
    }
    return { requestId: id, status: "approved" };
  }
}
