// Who owns which business: administrators add and remove owners, and owners are told apart from everyone else before
// what they send is read.
import { requireRole, requireUser, type CurrentUser } from "#server/auth/session.ts";
import { Forbidden, NotFound, Validation } from "#server/errors.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import { requestMessages, type Owner, type OwnedBusiness } from "#shared/schemas/owners.ts";
import type { Listings } from "./listings.ts";
import type { OwnersRepository } from "./owners.repository.ts";

export interface OwnershipServiceDeps {
  repository: OwnersRepository;
  audit: AuditRecorder;
  businesses: Pick<Listings["businesses"], "get" | "find" | "findMany" | "withTranslationsAll">;
  events: Pick<Listings["events"], "atBusinesses" | "withTranslationsAll">;
  offers: Pick<Listings["offers"], "atBusinesses" | "withTranslationsAll">;
  /** Closes what a removed owner asked for the business and tells them and the owners who remain (the requests' side). */
  closeRequestsOf: (admin: CurrentUser, businessId: string, removed: Owner, remaining: Owner[]) => Promise<void>;
}

/** Each business's events or offers with their translations, read at once for all of them. */
async function translatedEach<T extends { id: string }>(byBusiness: Map<string, T[]>, translate: (items: T[]) => Promise<T[]>): Promise<Map<string, T[]>> {
  const all = await translate([...byBusiness.values()].flat());
  let at = 0;
  return new Map([...byBusiness].map(([id, items]) => [id, all.slice(at, (at += items.length))]));
}

export class OwnershipService {
  private readonly deps: OwnershipServiceDeps;
  constructor(deps: OwnershipServiceDeps) {
    this.deps = deps;
  }

  private get repository() {
    return this.deps.repository;
  }

  /**
   * The businesses the signed-in person owns, by name, each with its events and running offers when asked: the same
   * few reads however many businesses there are (/mybusiness shows them all at once).
   */
  async myBusinesses(viewer: CurrentUser | null, include: { events?: boolean; offers?: boolean } = {}): Promise<OwnedBusiness[]> {
    const user = requireUser(viewer);
    const ids = await this.repository.ownedBusinessIds(user.id);
    if (ids.length === 0) return [];
    const [businesses, events, offers] = await Promise.all([
      // With their translations, which their owners' forms edit beside the originals.
      this.deps.businesses.findMany(ids).then((found) => this.deps.businesses.withTranslationsAll(found)),
      include.events ? this.deps.events.atBusinesses(ids).then((found) => translatedEach(found, (list) => this.deps.events.withTranslationsAll(list))) : undefined,
      include.offers ? this.deps.offers.atBusinesses(ids).then((found) => translatedEach(found, (list) => this.deps.offers.withTranslationsAll(list))) : undefined,
    ]);
    return businesses
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((b) => ({ ...b, ...(events && { events: events.get(b.id) ?? [] }), ...(offers && { offers: offers.get(b.id) ?? [] }) }));
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
    await this.deps.closeRequestsOf(admin, businessId, owner, await this.repository.getOwners(businessId));
  }

  /** Makes the person an owner of the business (a plain user becomes a business user), recorded under the actor's name. */
  async makeOwner(actor: Pick<CurrentUser, "id" | "email">, businessId: string, businessName: string, user: { id: string; email: string }): Promise<void> {
    await this.repository.addOwner(businessId, user.id);
    const promoted = await this.repository.promoteToBusiness(user.id);
    await this.deps.audit.record(actor, { action: "update", entityType: "business", entityId: businessId, summary: `${user.email} now owns ${businessName}` });
    if (promoted) await this.deps.audit.record(actor, { action: "role_change", entityType: "user", entityId: user.id, summary: `${user.email}: user → business` });
  }

  isOwner(userId: string, businessId: string): Promise<boolean> {
    return this.repository.isOwner(businessId, userId);
  }

  ownedBusinessIds(userId: string): Promise<string[]> {
    return this.repository.ownedBusinessIds(userId);
  }

  async requireOwner(user: CurrentUser, businessId: string): Promise<void> {
    if (!(await this.isOwner(user.id, businessId))) throw Forbidden();
  }

  /** Events and offers are for owners: anyone else is refused before their input is read. */
  async requireSomeBusiness(user: CurrentUser): Promise<void> {
    if ((await this.repository.ownedBusinessIds(user.id)).length === 0) throw Forbidden();
  }

  /** An administrator, or an owner of the business (of any business when none is named). */
  async requireOwnerOrAdmin(user: CurrentUser, businessId?: string): Promise<void> {
    if (user.role === "admin") return;
    if (businessId === undefined) await this.requireSomeBusiness(user);
    else await this.requireOwner(user, businessId);
  }

  /** The account a claim was made from, to tell whether its verified address matches the business's website. */
  claimant(userId: string) {
    return this.repository.getUser(userId);
  }
}
