import { pageFrom } from "#server/db/keyset.ts";
import { keysetPages } from "#server/lib/keyset-pages.ts";
import {
  BusinessInputSchema,
  type Business,
  type BusinessAdmin,
  type BusinessAdminListQuery,
  type BusinessInput,
  type BusinessListQuery,
} from "#shared/schemas/business.ts";
import type { Paginated } from "#shared/schemas/pagination.ts";
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { NotFound, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import { messages } from "#shared/messages.ts";
import { fileUrl, type AttachedFile, type FileHolder, type FileService } from "#server/storage/file.service.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import { pick } from "#server/db/columns.ts";
import type { BusinessPlace } from "#shared/event-location.ts";
import { BUSINESS_FIELDS, toStored, type BusinessPhotoWrite, type BusinessRepository, type BusinessWrite } from "./business.repository.ts";
import type { SocialLink } from "#shared/schemas/social-links.ts";
import { storeAttributes } from "#shared/business-attributes.ts";
import { hasHours, type ComingException, type HoursStatus, type OpeningHours } from "#shared/schemas/opening-hours.ts";
import { comingExceptions, HoursClock, hoursStatus, isOpenNow, type HoursZone } from "#server/lib/hours/hours-status.ts";
import { fromOsm, OsmHoursError } from "#server/lib/hours/osm-hours.ts";
import { storeHours, structuredOf } from "#server/lib/hours/stored-hours.ts";
import type { TranslationService, TranslationsInput } from "#server/features/translation/index.ts";
import { TRANSLATABLE } from "#shared/schemas/translations.ts";

/** The hours sent: text read by the OpenStreetMap parser (its message on a syntax error), or the structured form. */
function hoursOf(value: string | OpeningHours | null): OpeningHours | null {
  if (value === null) return null;
  if (typeof value !== "string") return hasHours(value) ? value : null;
  try {
    const hours = fromOsm(value);
    return hasHours(hours) ? hours : null;
  } catch (error) {
    if (!(error instanceof OsmHoursError)) throw error;
    const message = `Opening hours: ${error.message}`;
    throw Validation(message, { openingHours: message });
  }
}

function parseInput(input: BusinessInput) {
  const parsed = BusinessInputSchema.safeParse(input);
  // A missing required field is the spec's one message; otherwise the first field's own message.
  if (!parsed.success) throw invalidInput(parsed.error.issues, messages.businesses.required);
  return parsed.data;
}

/** A logo or photo named for a business that is already attached elsewhere, beside its field. */
export const imageInUse = {
  logo: "This logo is already used elsewhere on the site, such as by another business. Upload it again for this business.",
  photo: (position: number) => `Photo ${position} is already used elsewhere on the site, such as by another business. Upload it again for this business.`,
};

/** Claims one upload for the business being saved (see `BusinessService.claimingUploads`). */
type Claim = (kind: "logo" | "businessPhoto", fullPath: string) => Promise<AttachedFile>;

export class BusinessService {
  private readonly repository: BusinessRepository;
  private readonly files: FileService;
  private readonly audit: AuditRecorder;
  /** The site's time zone and holiday region, read when open or closed is computed. */
  private readonly zone: () => Promise<HoursZone>;
  /** The description in the site's other languages, saved with the business. */
  private readonly translations: TranslationService | undefined;
  constructor(repository: BusinessRepository, files: FileService, audit: AuditRecorder, zone: () => Promise<HoursZone>, translations?: TranslationService) {
    this.repository = repository;
    this.files = files;
    this.audit = audit;
    this.zone = zone;
    this.translations = translations;
  }

  /** The businesses with whether each is open now; only those open (or closed) now when `openNow` is given. */
  async list({ openNow, ...filter }: BusinessListQuery = {}): Promise<Business[]> {
    const businesses = await this.withOpenNow(await this.repository.getAll(filter));
    return openNow === undefined ? businesses : businesses.filter((b) => b.openNow === (openNow === "true"));
  }

  /** One business, or undefined when there is none with that id. */
  async find(id: string): Promise<Business | undefined> {
    const business = await this.repository.get(id);
    return business && (await this.withOpenNow([business]))[0];
  }

  /** The given businesses, by name, in the same few reads however many there are; unknown ids are left out. */
  async findMany(ids: readonly string[]): Promise<Business[]> {
    return this.withOpenNow(await this.repository.getMany(ids));
  }

  /** A business as stored, with what only administrators see; no one is checked (the owners' requests compare with it). */
  stored(id: string): Promise<BusinessAdmin | undefined> {
    return this.repository.getAdmin(id);
  }

  /** One business; NotFound ("Business not found.") when there is none with that id. */
  async get(id: string): Promise<Business> {
    const business = await this.find(id);
    if (!business) throw NotFound(messages.business.notFound);
    return business;
  }

  /** Whether each of the given businesses is open now (null: hours not given), by id; unknown ids are left out. */
  async openStates(ids: readonly string[]): Promise<Record<string, boolean | null>> {
    const stored = await this.repository.getHours(ids);
    const clock = new HoursClock(await this.zone());
    return Object.fromEntries([...stored].map(([id, hours]) => [id, isOpenNow(hours, clock)]));
  }

  /** For the business page: open or closed now and the next change, and the exceptions of the coming weeks. */
  async hoursDetails(business: Business): Promise<{ status: HoursStatus; coming: ComingException[] } | null> {
    const hours = structuredOf(business.openingHours);
    if (!hours) return null;
    const zone = await this.zone();
    const now = new Date();
    return { status: hoursStatus(hours, new HoursClock(zone, now)), coming: comingExceptions(hours, zone, now) };
  }

  private async withOpenNow<B extends Business>(businesses: B[]): Promise<B[]> {
    if (!businesses.some((b) => b.openingHours)) return businesses;
    const clock = new HoursClock(await this.zone());
    return businesses.map((b) => (b.openingHours ? { ...b, openNow: isOpenNow(structuredOf(b.openingHours), clock) } : b));
  }

  /** Where the given businesses are, for describing event locations. */
  getPlaces(ids: readonly string[]): Promise<Map<string, BusinessPlace>> {
    return this.repository.getPlaces(ids);
  }

  /** How many businesses there are. */
  count(): Promise<number> {
    return this.repository.count();
  }

  /**
   * Each business's id and last change, by id, from position `offset`, `limit` of them, read `pageSize` at a time
   * by keyset: memory stays the same however many there are.
   */
  idsFrom(offset: number, limit: number, pageSize = 1000): AsyncGenerator<Array<{ id: string; lastUpdatedAt: string }>> {
    return keysetPages((count, from) => this.repository.idsPage(count, from), offset, limit, pageSize);
  }

  /** The admin list, a page at a time so it stays quick with tens of thousands of businesses. */
  async listPage(viewer: CurrentUser | null, query: BusinessAdminListQuery): Promise<Paginated<BusinessAdmin>> {
    requireRole(viewer, "admin");
    const { items, total, totalIsLowerBound, nextCursor, previousCursor } = await this.repository.getPage(pageFrom(query, ["text", "text", "text"]), query.pageSize, query.q || undefined, query.sort);
    const page = { items: await this.withOpenNow(await this.withTranslationsAll(items)), total, page: query.page, pageSize: query.pageSize, ...(totalIsLowerBound ? { totalIsLowerBound } : {}) };
    return nextCursor && previousCursor ? { ...page, nextCursor, previousCursor } : page;
  }

  /** The names of these businesses, by name (those not stored left out): what a form's picker shows of its chosen ones. */
  async namesOf(viewer: CurrentUser | null, ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
    requireRole(viewer, "admin");
    const places = await this.repository.getPlaces(ids);
    return [...places].map(([id, place]) => ({ id, name: place.name })).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** One business as the admin list has it, for its edit form (the list's rows show only a part of it). */
  async adminGet(viewer: CurrentUser | null, id: string): Promise<BusinessAdmin> {
    requireRole(viewer, "admin");
    const business = await this.repository.getAdmin(id);
    if (!business) throw NotFound(messages.business.notFound);
    return this.withTranslations((await this.withOpenNow([business]))[0]!);
  }

  /** The business with its description in the site's other languages. */
  async withTranslations<B extends Business>(business: B): Promise<B> {
    return (await this.withTranslationsAll([business]))[0]!;
  }

  /** The businesses with their descriptions in the site's other languages, read at once. */
  async withTranslationsAll<B extends Business>(businesses: B[]): Promise<B[]> {
    if (!this.translations) return businesses;
    const translated = await this.translations.readMany("business", businesses.map((b) => b.id));
    return businesses.map((b) => ({ ...b, translations: translated.get(b.id) }));
  }

  /** Refuses, beside `translations.<language>`, a language the site does not offer (an owner's, before it waits for approval). */
  async checkTranslations(input: TranslationsInput): Promise<void> {
    await this.translations?.check(input);
  }

  /** `applying` is the request whose approval this is: its uploads may become the business's. */
  async create(viewer: CurrentUser | null, input: BusinessInput, applying?: { request: string }): Promise<BusinessAdmin> {
    const admin = requireRole(viewer, "admin");
    const values = parseInput(input);
    await this.checkReferences(values.categoryId, values.tags);
    await this.translations?.check(values.translations);
    const hours = hoursOf(values.openingHours ?? null);
    await this.checkNotInUse(undefined, [], values.logoPath, values.photos, applying);
    const gallery = values.photos ? await this.checkGallery(admin, [], values.photos) : [];
    const id = newId();
    await this.claimingUploads(admin, async (claim) => {
      const attached = values.logoPath ? await claim("logo", values.logoPath) : null;
      const logo = { logoUrl: attached?.url ?? null, logoStoragePath: attached?.fullPath ?? null };
      await this.attachFresh(claim, [], gallery);
      await this.repository.create(id, toWrite(values, logo, hours, values.socialLinks ?? []), values.tags, gallery);
    });
    await this.translations?.write("business", id, values.translations, TRANSLATABLE.business);
    await this.audit.record(admin, { action: "create", entityType: "business", entityId: id, summary: values.name });
    return this.adminView(id);
  }

  /**
   * Saves the business; a new logo replaces the old one, and a gallery sent replaces the saved one (left out, it is
   * kept). The files no longer used are then deleted.
   */
  async update(viewer: CurrentUser | null, id: string, input: BusinessInput, applying?: { request: string }): Promise<BusinessAdmin> {
    const admin = requireRole(viewer, "admin");
    const values = parseInput(input);
    const current = await this.repository.getAdmin(id);
    if (!current) throw NotFound(messages.business.notFound);
    await this.checkReferences(values.categoryId, values.tags);
    await this.translations?.check(values.translations);
    // Hours left out are kept; null removes them.
    const hours = values.openingHours === undefined ? structuredOf(current.openingHours) : hoursOf(values.openingHours);
    await this.checkNotInUse(id, [current.logoStoragePath, ...current.photos.map((p) => p.path)], values.logoPath, values.photos, applying);
    const gallery = values.photos ? await this.checkGallery(admin, current.photos, values.photos) : undefined;
    const links = values.socialLinks ?? current.socialLinks;
    const logo = await this.claimingUploads(admin, async (claim) => {
      let saved = { logoUrl: current.logoUrl, logoStoragePath: current.logoStoragePath };
      if (values.logoPath === null) saved = { logoUrl: null, logoStoragePath: null };
      else if (values.logoPath && values.logoPath !== current.logoStoragePath) {
        const attached = await claim("logo", values.logoPath);
        saved = { logoUrl: attached.url, logoStoragePath: attached.fullPath };
      }
      if (gallery) await this.attachFresh(claim, current.photos, gallery);
      if (!(await this.repository.update(id, toWrite(values, saved, hours, links), values.tags, gallery))) throw NotFound(messages.business.notFound);
      return saved;
    });
    await this.translations?.write("business", id, values.translations, TRANSLATABLE.business);
    if (gallery) {
      const wanted = new Set(gallery.map((p) => p.path));
      for (const old of current.photos) if (!wanted.has(old.path)) await this.files.delete(old.path);
    }
    if (current.logoStoragePath && current.logoStoragePath !== logo.logoStoragePath) {
      await this.files.delete(current.logoStoragePath);
    }
    const summary = current.name === values.name ? values.name : `${current.name} → ${values.name}`;
    await this.audit.record(admin, { action: "update", entityType: "business", entityId: id, summary });
    return this.adminView(id);
  }

  /** Deletes the business with its tags, offers and logo file. */
  async delete(viewer: CurrentUser | null, id: string): Promise<void> {
    const admin = requireRole(viewer, "admin");
    const current = await this.repository.getAdmin(id);
    if (!current || !(await this.repository.delete(id))) throw NotFound(messages.business.notFound);
    await this.files.deleteForEntity(current.logoStoragePath, ...current.photos.map((p) => p.path));
    await this.audit.record(admin, { action: "delete", entityType: "business", entityId: id, summary: current.name });
  }

  /**
   * The gallery to save, in the order given, checked before anything is written: kept photos keep their file, and
   * each fresh upload must still be there to attach (the clean-up of unused uploads removes those left for a day).
   */
  private async checkGallery(admin: CurrentUser, current: Business["photos"], photos: ReadonlyArray<{ path: string; alt: string }>): Promise<BusinessPhotoWrite[]> {
    const kept = new Map(current.map((p) => [p.path, p]));
    const gallery: BusinessPhotoWrite[] = [];
    for (const [index, photo] of photos.entries()) {
      const keptUrl = kept.get(photo.path)?.url;
      if (keptUrl === undefined && !(await this.files.isAttachable({ user: admin, kind: "businessPhoto", fullPath: photo.path }))) {
        const message = messages.businesses.photoUnavailable(index + 1);
        throw Validation(message, { photos: message });
      }
      gallery.push({ path: photo.path, url: keptUrl ?? fileUrl(photo.path), alt: photo.alt });
    }
    return gallery;
  }

  /**
   * Refuses a logo or photo that is attached elsewhere already (another business, an event, a post, the site settings,
   * an owner's waiting request): sharing one file, replacing or deleting it for one would break the other. The
   * business's `own` files are its to keep, and an upload held only by the owner's request being applied is its to
   * take. Every such field is named at once, before anything is written.
   */
  private async checkNotInUse(
    id: string | undefined,
    own: ReadonlyArray<string | null>,
    logoPath: string | null | undefined,
    photos: ReadonlyArray<{ path: string }> | undefined,
    applying: { request: string } | undefined,
  ): Promise<void> {
    const holders: FileHolder[] = [...(id ? [{ kind: "business" as const, id }] : []), ...(applying ? [{ kind: "request" as const, id: applying.request }] : [])];
    const fields: Record<string, string> = {};
    const elsewhere = async (path: string) => !own.includes(path) && (await this.files.isInUse(path, holders));
    if (logoPath && (await elsewhere(logoPath))) fields.logoPath = imageInUse.logo;
    for (const [index, photo] of (photos ?? []).entries()) {
      if (await elsewhere(photo.path)) fields[`photos.${index}.path`] = imageInUse.photo(index + 1);
    }
    const first = Object.values(fields)[0];
    if (first) throw Validation(first, fields);
  }

  /**
   * Runs a save that claims its uploads with `claim` and then writes: if a claim or the write fails (an upload removed
   * or taken since it was checked, say), every upload this save claimed until then is given back (see
   * `FileService.release`), and the error goes on as it was; one attached before it stays with what holds it (the
   * owner's request being approved).
   */
  private async claimingUploads<T>(admin: CurrentUser, save: (claim: Claim) => Promise<T>): Promise<T> {
    const claimed: AttachedFile[] = [];
    const claim: Claim = async (kind, fullPath) => {
      const attached = await this.files.attach({ user: admin, kind, fullPath });
      claimed.push(attached);
      return attached;
    };
    try {
      return await save(claim);
    } catch (error) {
      await this.files.release(...claimed.filter((file) => !file.wasAttached).map((file) => file.fullPath));
      throw error;
    }
  }

  /** Claims the gallery's new photos (re-encoded already by the upload path) for the business about to be saved. */
  private async attachFresh(claim: Claim, current: Business["photos"], gallery: readonly BusinessPhotoWrite[]): Promise<void> {
    const kept = new Set(current.map((p) => p.path));
    for (const photo of gallery) if (!kept.has(photo.path)) await claim("businessPhoto", photo.path);
  }

  private async adminView(id: string): Promise<BusinessAdmin> {
    return this.withTranslations((await this.withOpenNow([(await this.repository.getAdmin(id))!]))[0]!);
  }

  /** Hours given as text must read as hours (its message beside the field), as they will when the change is applied. */
  checkHours(value: unknown): void {
    if (typeof value === "string") hoursOf(value);
  }

  /** The category and tags must exist (an owner picks tags only from the existing ones). */
  async checkReferences(categoryId: string, tagIds: readonly string[]): Promise<void> {
    if (!(await this.repository.categoryExists(categoryId))) {
      throw Validation(messages.businesses.categoryMissing, { categoryId: messages.businesses.categoryMissing });
    }
    const existing = await this.repository.existingTags(tagIds);
    if (tagIds.some((tagId) => !existing.has(tagId))) throw Validation(messages.businesses.tagsMissing, { tags: messages.businesses.tagsMissing });
  }
}

function toWrite(
  values: ReturnType<typeof parseInput>,
  logo: { logoUrl: string | null; logoStoragePath: string | null },
  hours: OpeningHours | null,
  links: readonly SocialLink[],
): BusinessWrite {
  const socialLinks = links.length > 0 ? JSON.stringify(links) : null;
  return { ...toStored(pick(values, BUSINESS_FIELDS)), lat: values.lat, lng: values.lng, ...logo, openingHours: storeHours(hours), socialLinks, attributes: storeAttributes(values.attributes) };
}
