// Reading and deciding owners' requests: administrators list, approve and reject them; the person who asked, and the
// owners of the business a change is about, read and withdraw them. Approving applies the change as asked.
import { requireRole, requireUser, type CurrentUser } from "#server/auth/session.ts";
import { Conflict, Forbidden, NotFound, Validation } from "#server/errors.ts";
import { messages } from "#shared/messages.ts";
import type { BusinessInput } from "#shared/schemas/business.ts";
import type { EventInput } from "#shared/schemas/event.ts";
import type { OfferInput } from "#shared/schemas/offer.ts";
import { requestMessages, type Owner, type RequestDetail, type RequestField, type RequestKind, type RequestListQuery, type RequestSummary } from "#shared/schemas/owners.ts";
import type { Listings } from "./listings.ts";
import type { OwnerNotifications } from "./owner-notifications.ts";
import type { OwnershipService } from "./ownership.service.ts";
import { asInput, FORMS, hostOf, same, summary, type Values } from "./request-forms.ts";
import { SHARED_KINDS, type FollowUp, type RequestRepository, type StoredRequest } from "./requests.repository.ts";
import type { UploadHolds } from "./upload-holds.ts";
import type { TranslationService } from "#server/features/translation/index.ts";
import { requestTranslations, translatedTarget } from "./request-translations.ts";

export interface RequestDecisionServiceDeps {
  repository: RequestRepository;
  ownership: Pick<OwnershipService, "isOwner" | "makeOwner" | "claimant">;
  listings: Listings;
  notifications: OwnerNotifications;
  holds: Pick<UploadHolds, "releaseReplaced">;
  /** Runs work in one transaction of the database, which every query inside joins (see Database.transaction). */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  /** Told when an owner's change to a listing is applied (the owner checked it then). */
  ownerChangedListing?: (businessId: string) => Promise<void>;
  /** The live translations a request's own are shown beside. */
  translations?: Pick<TranslationService, "read">;
  /**
   * The write version (src/server/db/write-version.ts), null when it cannot be read now: a scan for orphaned requests
   * that found none is not run again until something is written.
   */
  writeVersion?: () => number | null | Promise<number | null>;
}

export class RequestDecisionService {
  private readonly deps: RequestDecisionServiceDeps;
  /** The write version at which the last scan for orphans found none. */
  private noOrphansAt: number | null = null;
  constructor(deps: RequestDecisionServiceDeps) {
    this.deps = deps;
  }

  private get repository() {
    return this.deps.repository;
  }

  async list(viewer: CurrentUser | null, query: RequestListQuery): Promise<RequestSummary[]> {
    const admin = requireRole(viewer, "admin");
    await this.closeOrphans();
    return (await this.repository.getAll(query)).map((request) => summary(request, admin));
  }

  async countPending(viewer: CurrentUser | null, kind?: RequestKind): Promise<number> {
    requireRole(viewer, "admin");
    await this.closeOrphans();
    return this.repository.countPending(kind);
  }

  /** The signed-in person's own requests and the changes asked for the businesses they own, newest first, each with its fields. */
  async mine(viewer: CurrentUser | null): Promise<RequestDetail[]> {
    const user = requireUser(viewer);
    await this.closeOrphans();
    const listed = await this.repository.getAll({ visibleTo: user.id });
    const requests = [];
    for (const request of listed) if (await this.concerns(user, request)) requests.push(request);
    return Promise.all(requests.reverse().map((r) => this.detailOf(r, user)));
  }

  /**
   * What waits for an administrator's decision among the person's own requests and the changes filed under the
   * businesses they own, oldest first: one read however many businesses (the member's dashboard).
   */
  async waiting(viewer: CurrentUser | null): Promise<RequestSummary[]> {
    const user = requireUser(viewer);
    return (await this.repository.getAll({ visibleTo: user.id, status: "pending" })).map((request) => summary(request, user));
  }

  /** For administrators, for the person who asked, and for the owners of the business a change is about. */
  async get(viewer: CurrentUser | null, id: string): Promise<RequestDetail> {
    const user = requireUser(viewer);
    await this.closeOrphans();
    const request = await this.repository.get(id);
    if (!request || (user.role !== "admin" && !(await this.concerns(user, request)))) throw NotFound("Request not found.");
    return this.detailOf(request, user);
  }

  /** A request the person may amend or withdraw (see `concerns`); NotFound for anyone else. */
  async theirs(user: CurrentUser, id: string): Promise<StoredRequest> {
    const request = await this.repository.get(id);
    if (!request || !(await this.concerns(user, request))) throw NotFound("Request not found.");
    return request;
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
    if (request.targetId && request.kind === "event") businessId = (await this.deps.listings.events.stored(request.targetId))?.location ?? null;
    if (request.targetId && request.kind === "offer") businessId = (await this.deps.listings.offers.stored(request.targetId))?.businessId ?? null;
    return businessId !== null && (await this.deps.ownership.isOwner(user.id, businessId));
  }

  async approve(viewer: CurrentUser | null, id: string, fields?: string[]): Promise<RequestDetail> {
    const admin = requireRole(viewer, "admin");
    const request = await this.pending(id);
    if (request.userId === admin.id) throw Forbidden(requestMessages.ownYourRequest);
    // An owner's translations (src/shared/schemas/translations.ts) are approved with the fields they translate.
    const names = [...Object.keys(FORMS[request.kind].views), ...(request.payload.translations ? ["translations"] : [])];
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
    await this.mail((notifications) => notifications.sendDecision(request, "rejected", reason));
    return this.get(admin, id);
  }

  async withdraw(viewer: CurrentUser | null, id: string): Promise<RequestDetail> {
    const user = requireUser(viewer);
    const request = await this.theirs(user, id);
    if (!(await this.repository.decide(id, { status: "withdrawn", reason: null, decidedBy: user.id }))) throw Conflict(requestMessages.notPending);
    await this.release(request);
    return this.get(user, id);
  }

  /**
   * What a removed owner asked for the business (or last changed of what its owners share) is no longer theirs to ask:
   * it is closed, and they and the owners who remain are told.
   */
  async closeRequestsOf(admin: CurrentUser, businessId: string, removed: Owner, remaining: Owner[]): Promise<void> {
    for (const request of await this.repository.pendingOf(removed.userId, businessId)) {
      if (!(await this.repository.decide(request.id, { status: "rejected", reason: requestMessages.ownerRemoved, decidedBy: admin.id }))) continue;
      await this.release(request);
      await this.mail((notifications) => notifications.sendDecision(request, "closed", requestMessages.ownerRemoved));
      for (const other of remaining) {
        await this.mail((notifications) => notifications.sendDecision({ ...request, requesterEmail: other.email }, "closed", requestMessages.ownerRemovedOthers(removed.email)));
      }
    }
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
    // A request is orphaned only by a write (its business, event or offer deleted, or it filed under one gone): none
    // since a scan that found none, none now. Read before the scan, so a write during it is scanned for next time.
    const version = (await this.deps.writeVersion?.()) ?? null;
    if (version !== null && version === this.noOrphansAt) return;
    const orphans = await this.repository.getOrphans();
    if (orphans.length === 0) this.noOrphansAt = version;
    for (const orphan of orphans) {
      const reason = { business: requestMessages.businessDeleted, event: requestMessages.eventDeleted, offer: requestMessages.offerDeleted }[orphan.gone];
      if (await this.repository.decide(orphan.id, { status: "rejected", reason, decidedBy: null })) {
        await this.release(orphan);
        await this.mail((notifications) => notifications.sendDecision(orphan, "closed", reason));
      }
    }
  }

  /**
   * Marks the request approved (so no one else decides or amends it meanwhile) and applies it as it stands then (an
   * amendment that came in while the decision was being made is applied too), in one transaction: a failure, or the
   * process dying at any moment, leaves it waiting with nothing applied, else it is approved with all applied. What
   * is not in the database follows the commit (see `finish`), recorded with the decision so it is done even if the
   * process dies first.
   */
  async decideAndApply(actor: CurrentUser, asked: StoredRequest, fields: string[] | ((request: StoredRequest) => string[]), decidedBy: string | null): Promise<void> {
    const followUp = decidedBy === null ? "applied" : "approved";
    const request = await this.deps.transaction(async () => {
      if (!(await this.repository.decide(asked.id, { status: "approved", reason: null, decidedBy, followUp }))) throw Conflict(requestMessages.notPending);
      const decided = (await this.repository.get(asked.id)) ?? asked;
      const created = await this.apply(actor, decided, typeof fields === "function" ? fields(decided) : fields);
      if (created.businessId || created.targetId) await this.repository.setTarget(decided.id, created);
      return decided;
    });
    await this.finish(request, followUp);
  }

  /**
   * Finishes approvals decided before `decidedBefore` whose follow-up a stopped process left undone: at start all of
   * them, now and then those decided over a minute ago (not one this process is still finishing).
   */
  async finishLeftOver(decidedBefore = new Date(Date.now() - 60_000)): Promise<number> {
    const due = await this.repository.followUpsDue(decidedBefore.toISOString());
    for (const request of due) await this.finish(request, request.followUp);
    return due.length;
  }

  /** After an approval commits: the uploads it held that the item did not take are deleted, and the owner is told. */
  private async finish(request: StoredRequest, followUp: FollowUp): Promise<void> {
    await this.release(request);
    if (followUp === "approved") await this.mail((notifications) => notifications.sendDecision(request, "approved", null));
    await this.repository.followUpDone(request.id);
  }

  private async apply(actor: CurrentUser, request: StoredRequest, fields: string[]): Promise<{ businessId?: string; targetId?: string }> {
    const { businesses, events, offers } = this.deps.listings;
    const requester = { id: request.userId, email: request.requesterEmail };
    const chosen = (live: Values) => ({ ...live, ...Object.fromEntries(fields.filter((f) => f in request.payload).map((f) => [f, request.payload[f]])) });
    // The owner's uploads the request holds are the item's to take.
    const applying = { request: request.id };
    switch (request.kind) {
      case "claim":
        await this.deps.ownership.makeOwner(actor, request.businessId!, request.businessName, requester);
        return {};
      case "new-listing": {
        const business = await businesses.create(actor, request.payload as BusinessInput, applying);
        await this.deps.ownership.makeOwner(actor, business.id, business.name, requester);
        return { businessId: business.id };
      }
      case "listing-change": {
        const current = await businesses.stored(request.businessId!);
        if (!current) throw NotFound(messages.business.notFound);
        await businesses.update(actor, current.id, chosen(asInput(FORMS["listing-change"], current)) as BusinessInput, applying);
        await this.deps.ownerChangedListing?.(current.id);
        return {};
      }
      case "event": {
        if (!request.targetId) return { targetId: (await events.create(actor, request.payload as EventInput, applying)).id };
        const current = await events.stored(request.targetId);
        if (!current) throw NotFound(messages.adminEvents.notFound);
        await events.update(actor, current.id, chosen(asInput(FORMS.event, current)) as EventInput, applying);
        return {};
      }
      case "offer": {
        if (!request.targetId) return { targetId: (await offers.create(actor, request.payload as OfferInput)).id };
        const current = await offers.stored(request.targetId);
        if (!current) throw NotFound(messages.adminOffers.notFound);
        await offers.update(actor, current.id, chosen(asInput(FORMS.offer, current)) as OfferInput);
        return {};
      }
    }
  }

  /** What the item a request changes has now, as its form would send it; null for a request that adds one. */
  private async live(request: StoredRequest): Promise<Values | null> {
    const { businesses, events, offers } = this.deps.listings;
    let current: Values | undefined;
    if (request.kind === "listing-change") current = request.businessId ? await businesses.stored(request.businessId) : undefined;
    else if (request.targetId && request.kind === "event") current = await events.stored(request.targetId);
    else if (request.targetId && request.kind === "offer") current = await offers.stored(request.targetId);
    return current ? asInput(FORMS[request.kind], current) : null;
  }

  /** Once a request is closed, the uploads it held that did not become the item's images are deleted. */
  async release(request: StoredRequest): Promise<void> {
    const closed = (await this.repository.get(request.id)) ?? request;
    await this.deps.holds.releaseReplaced(FORMS[request.kind], request.payload, (await this.live(closed)) ?? {}, request.base);
  }

  /** Mail that fails never fails the request that caused it. */
  private mail(send: (notifications: OwnerNotifications) => Promise<unknown>): Promise<void> {
    return this.deps.notifications.quietly(() => send(this.deps.notifications));
  }

  private async detailOf(request: StoredRequest, viewer: CurrentUser): Promise<RequestDetail> {
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
      const [user, business] = await Promise.all([this.deps.ownership.claimant(request.userId), this.deps.listings.businesses.find(request.businessId)]);
      const emailDomain = user?.emailVerified ? user.email.split("@").pop()!.toLowerCase() : null;
      const siteDomain = hostOf(business?.website);
      domainMatch = !!emailDomain && !!siteDomain && (siteDomain === emailDomain || siteDomain.endsWith(`.${emailDomain}`));
    }
    // Translations are compared with the live ones while the request waits; once decided, they are told as sent.
    const target = request.status === "pending" ? translatedTarget(request) : null;
    const liveTranslations = target && this.deps.translations ? await this.deps.translations.read(target.type, target.id) : null;
    const translations = requestTranslations(form, request.payload, liveTranslations);
    return { ...summary(request, viewer), payload: request.payload, fields, translations, domainMatch };
  }
}
