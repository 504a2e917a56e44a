import { keysetPages } from "#server/lib/keyset-pages.ts";
import { requireAdmin, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { NotFound, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import { messages } from "#shared/messages.ts";
import { OfferInputSchema, type AdminOffer, type Offer, type OfferInput } from "#shared/schemas/offer.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import type { BusinessService } from "#server/features/business/index.ts";
import { localDate } from "#shared/zoned-time.ts";
import type { SiteSettingsService } from "#server/features/site-settings/index.ts";
import type { TranslationService, TranslationsInput } from "#server/features/translation/index.ts";
import { TRANSLATABLE, type Translations } from "#shared/schemas/translations.ts";
import type { OfferRepository, OfferWrite, StoredOffer } from "./offer.repository.ts";

export interface OfferWriteDeps {
  audit: AuditRecorder;
  businesses: Pick<BusinessService, "getPlaces">;
  /** Its description and terms in the site's other languages, written with it (an owner's once approved). */
  translations?: TranslationService;
}

/** Where the site's local day comes from: offers start and end at its midnight. */
export interface OfferClock {
  siteSettings: Pick<SiteSettingsService, "get">;
}

/** "BOGO at Corner Cafe": how lists, confirmations and the audit trail name an offer. */
export function offerLabel(offer: Pick<Offer, "type" | "businessName">): string {
  return `${offer.type} at ${offer.businessName ?? "Unknown business"}`;
}

export class OfferService {
  private readonly repository: OfferRepository;
  private readonly deps: OfferWriteDeps | undefined;
  private readonly clock: OfferClock;
  constructor(repository: OfferRepository, clock: OfferClock, deps?: OfferWriteDeps) {
    this.repository = repository;
    this.clock = clock;
    this.deps = deps;
  }

  /** The site's local date at `now` ("2026-12-04"): decided on each read, so an offer leaves by itself at midnight. */
  async today(now = new Date()): Promise<string> {
    return localDate(now, (await this.clock.siteSettings.get()).timeZone);
  }

  private get writes(): OfferWriteDeps {
    if (!this.deps) throw new Error("OfferService was built without what writes need");
    return this.deps;
  }

  /** Offers running today, newest first. */
  async list({ limit, now }: { limit?: number; now?: Date } = {}): Promise<Offer[]> {
    return this.repository.getRunning(await this.today(now), limit);
  }

  /** How many offers run on `today` (the site's date, from `today()`). */
  runningCount(today: string): Promise<number> {
    return this.repository.countRunning(today);
  }

  /** The ids and last changes of the offers running on `today`, by id, from position `offset` (keyset pages). */
  runningIdsFrom(today: string, offset: number, limit: number): AsyncGenerator<Array<{ id: string; lastUpdatedAt: string }>> {
    return keysetPages((count, from) => this.repository.runningIdsPage(today, count, from), offset, limit);
  }

  async atBusiness(businessId: string, { now }: { now?: Date } = {}): Promise<Offer[]> {
    return (await this.atBusinesses([businessId], { now })).get(businessId) ?? [];
  }

  /** The running offers of each of the given businesses, newest first, in one read however many there are. */
  async atBusinesses(businessIds: readonly string[], { now }: { now?: Date } = {}): Promise<Map<string, Offer[]>> {
    const running = await this.repository.getRunningByBusinesses(businessIds, await this.today(now));
    const byBusiness = new Map(businessIds.map((id) => [id, [] as Offer[]]));
    for (const offer of running) byBusiness.get(offer.businessId)?.push(offer);
    return byBusiness;
  }

  /** One offer, whatever its dates (its page says when it has ended), or undefined. */
  /** An offer as stored; no one is checked (the owners' requests compare with it). */
  stored(id: string): Promise<StoredOffer | undefined> {
    return this.repository.getStored(id);
  }

  find(id: string): Promise<Offer | undefined> {
    return this.repository.get(id);
  }

  async listForAdmin(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<AdminOffer>> {
    requireAdmin(viewer, messages.adminOffers.mustBeLoggedIn);
    const [{ items, total }, today] = await Promise.all([
      this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort),
      this.today(),
    ]);
    const translated = await this.translationsOf(items);
    return { items: items.map((offer) => ({ ...offer, expired: offer.validUntil !== null && offer.validUntil < today, translations: translated.get(offer.id) })), total, page: query.page, pageSize: query.pageSize };
  }

  /** Each offer's description and terms in the site's other languages, by id (none when translations are not wired). */
  private async translationsOf(offers: readonly Offer[]): Promise<Map<string, Translations>> {
    return this.deps?.translations ? this.deps.translations.readMany("offer", offers.map((o) => o.id)) : new Map();
  }

  /** Refuses, beside `translations.<language>`, a language the site does not offer (an owner's, before it waits for approval). */
  async checkTranslations(input: TranslationsInput): Promise<void> {
    await this.deps?.translations?.check(input);
  }

  /** The offers with their translations, which the owners' forms edit beside the originals. */
  async withTranslationsAll(offers: Offer[]): Promise<Offer[]> {
    const translated = await this.translationsOf(offers);
    return offers.map((offer) => ({ ...offer, translations: translated.get(offer.id) }));
  }

  private async withTranslations(offer: StoredOffer): Promise<StoredOffer> {
    return this.writes.translations ? { ...offer, translations: await this.writes.translations.read("offer", offer.id) } : offer;
  }

  async create(viewer: CurrentUser | null, input: OfferInput): Promise<StoredOffer> {
    const admin = requireAdmin(viewer, messages.adminOffers.mustBeLoggedIn);
    const { translations, ...values } = await this.validate(input);
    const offer = await this.repository.create(newId(), admin.id, values);
    await this.writes.translations?.write("offer", offer.id, translations, TRANSLATABLE.offer);
    await this.writes.audit.record(admin, { action: "create", entityType: "offer", entityId: offer.id, summary: offerLabel(offer) });
    return this.withTranslations(offer);
  }

  async update(viewer: CurrentUser | null, id: string, input: OfferInput): Promise<StoredOffer> {
    const admin = requireAdmin(viewer, messages.adminOffers.mustBeLoggedIn);
    const { translations, ...values } = await this.validate(input);
    const offer = await this.repository.update(id, values);
    if (!offer) throw NotFound(messages.adminOffers.notFound);
    await this.writes.translations?.write("offer", id, translations, TRANSLATABLE.offer);
    await this.writes.audit.record(admin, { action: "update", entityType: "offer", entityId: id, summary: offerLabel(offer) });
    return this.withTranslations(offer);
  }

  async delete(viewer: CurrentUser | null, id: string): Promise<void> {
    const admin = requireAdmin(viewer, messages.adminOffers.mustBeLoggedIn);
    const existing = await this.repository.getStored(id);
    if (!existing || !(await this.repository.delete(id))) throw NotFound(messages.adminOffers.notFound);
    await this.writes.audit.record(admin, { action: "delete", entityType: "offer", entityId: id, summary: offerLabel(existing) });
  }

  /** The form's rules; the business must exist, and its current name is stored with the offer. */
  private async validate(input: OfferInput): Promise<OfferWrite & { translations?: TranslationsInput }> {
    const parsed = OfferInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, messages.adminOffers.required);
    const values = parsed.data;
    const business = (await this.writes.businesses.getPlaces([values.businessId])).get(values.businessId);
    if (!business) throw Validation(messages.adminOffers.unknownBusiness, { businessId: messages.adminOffers.unknownBusiness });
    await this.writes.translations?.check(values.translations);
    return { ...values, businessName: business.name };
  }
}
