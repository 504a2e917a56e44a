import { pageFrom } from "#server/db/keyset.ts";
import { keysetPages } from "#server/lib/keyset-pages.ts";
import { requireAdmin, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { NotFound, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import { changeImage, saveWithImage } from "#server/storage/entity-image.ts";
import type { FileHolder, FileService } from "#server/storage/file.service.ts";
import { OUTDOOR_LOCATION, TRUNCATE } from "#shared/constants.ts";
import { truncate } from "#shared/format.ts";
import { messages } from "#shared/messages.ts";
import type { Translations } from "#shared/schemas/translations.ts";
import { EventInputSchema, type AdminEvent, type Event, type EventInput, type EventValues } from "#shared/schemas/event.ts";
import type { KeysetPaginationQuery, Paginated } from "#shared/schemas/pagination.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import type { BusinessService } from "#server/features/business/index.ts";
import type { EventWithLocation } from "#shared/event-location.ts";
import { withLocations } from "./event-locations.ts";
import type { EventRepository, OccurrenceChange, StoredEvent } from "./event.repository.ts";
import { asOccurrence, expandSeries, merged, movedOntoAnother } from "./event-series.ts";
import { hasOccurrence, occursOn } from "#shared/recurrence.ts";
import { OccurrenceChangeSchema, type OccurrenceChangeInput } from "#shared/schemas/event.ts";
import type { SiteSettingsService } from "#server/features/site-settings/index.ts";
import type { TranslationService, TranslationsInput } from "#server/features/translation/index.ts";
import { TRANSLATABLE } from "#shared/schemas/translations.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Past lists show a series' dates this far back. */
const SERIES_PAST_DAYS = 365;
/** Calendar feeds keep events this many days after they happened. */
export const CALENDAR_PAST_DAYS = 30;

/** Where the site's time zone comes from: a series' dates are its wall-clock times. */
export interface EventClock {
  siteSettings: Pick<SiteSettingsService, "get">;
}

export interface EventWriteDeps {
  audit: AuditRecorder;
  files: FileService;
  businesses: Pick<BusinessService, "getPlaces">;
  /** Told once a date of a series is cancelled (its registrations close and their people are mailed). */
  onDateCancelled?: (admin: CurrentUser, eventId: string, date: string) => Promise<void>;
  /** Told once a cancelled date of a series is restored (its registration opens again). */
  onDateRestored?: (admin: CurrentUser, eventId: string, date: string) => Promise<void>;
  /** Its name and description in the site's other languages, written with it (an owner's once approved). */
  translations?: TranslationService;
}

export class EventService {
  private readonly repository: EventRepository;
  private readonly deps: EventWriteDeps | undefined;
  private readonly clock: EventClock;
  constructor(repository: EventRepository, clock: EventClock, deps?: EventWriteDeps) {
    this.repository = repository;
    this.clock = clock;
    this.deps = deps;
  }

  private async timeZone(): Promise<string> {
    return (await this.clock.siteSettings.get()).timeZone;
  }

  /** The occurrences of every series (a business's only, when given) that start in [from, to). */
  private async occurrencesBetween(from: Date, to: Date | undefined, now: Date, businessIds?: readonly string[]): Promise<Event[]> {
    const series = await this.repository.getSeries(businessIds);
    if (series.length === 0) return [];
    const [changes, timeZone] = await Promise.all([this.repository.getChanges(series.map((e) => e.id)), this.timeZone()]);
    return expandSeries(series, changes, { from, to, now, timeZone });
  }

  private get writes(): EventWriteDeps {
    if (!this.deps) throw new Error("EventService was built without what writes need");
    return this.deps;
  }

  /** Events from `now` on, soonest first (the home page takes the first few); each date of a series is one. */
  async upcoming({ limit, now = new Date() }: { limit?: number; now?: Date } = {}): Promise<Event[]> {
    const [single, series] = await Promise.all([this.repository.getUpcoming(now.toISOString(), limit), this.occurrencesBetween(now, undefined, now)]);
    return merged(single, series, { limit });
  }

  /** How many single events are on or after `now`. */
  upcomingSingleCount(now = new Date()): Promise<number> {
    return this.repository.countUpcoming(now.toISOString());
  }

  /** The ids and last changes of the single events on or after `now`, by id, from position `offset` (keyset pages). */
  upcomingSingleIdsFrom(offset: number, limit: number, now = new Date()): AsyncGenerator<Array<{ id: string; lastUpdatedAt: string }>> {
    const when = now.toISOString();
    return keysetPages((count, from) => this.repository.upcomingIdsPage(when, count, from), offset, limit);
  }

  /** Each series with a date on or after `now`, once. */
  async upcomingSeries(now = new Date()): Promise<Event[]> {
    return [...new Map((await this.occurrencesBetween(now, undefined, now)).map((e) => [e.id, e])).values()];
  }

  /** Events before `now`, newest first; a series' dates of the last 12 months. */
  async past({ limit, now = new Date() }: { limit?: number; now?: Date } = {}): Promise<Event[]> {
    const from = new Date(now.getTime() - SERIES_PAST_DAYS * DAY_MS);
    const [single, series] = await Promise.all([this.repository.getPast(now.toISOString(), limit), this.occurrencesBetween(from, now, from)]);
    return merged(single, series, { newestFirst: true, limit });
  }

  /**
   * Adds each event's location in words and its business; `locationsFailed` when the businesses
   * could not be read (the events still come back, so a page can show them beside the spec's message).
   */
  withLocations(events: Event[]): Promise<{ events: EventWithLocation[]; locationsFailed: boolean }> {
    return withLocations(this.writes.businesses, events);
  }

  /** What a calendar feed holds: every event from 30 days before `now` on, soonest first; only a business's, when given. */
  async forCalendar({ businessId, now = new Date() }: { businessId?: string; now?: Date } = {}): Promise<Event[]> {
    const from = new Date(now.getTime() - CALENDAR_PAST_DAYS * DAY_MS).toISOString();
    // Series are written whole (their rule, cancelled and moved dates), not date by date.
    const [single, series] = await Promise.all([
      businessId ? this.repository.getByLocations([businessId]).then((list) => list.filter((event) => event.eventDate >= from).reverse()) : this.repository.getUpcoming(from),
      this.repository.getSeries(businessId ? [businessId] : undefined),
    ]);
    return [...single, ...series];
  }

  /** A business's events, newest first: its single events, and its series' dates from 12 months ago to 12 months ahead. */
  async atBusiness(businessId: string, { now = new Date() }: { now?: Date } = {}): Promise<Event[]> {
    return (await this.atBusinesses([businessId], { now })).get(businessId) ?? [];
  }

  /** The events of each of the given businesses, as `atBusiness` has them, in the same few reads however many there are. */
  async atBusinesses(businessIds: readonly string[], { now = new Date() }: { now?: Date } = {}): Promise<Map<string, Event[]>> {
    const from = new Date(now.getTime() - SERIES_PAST_DAYS * DAY_MS);
    const [single, series] = await Promise.all([this.repository.getByLocations(businessIds), this.occurrencesBetween(from, undefined, now, businessIds)]);
    const byBusiness = new Map(businessIds.map((id) => [id, [] as Event[]]));
    for (const event of merged(single, series, { newestFirst: true })) byBusiness.get(event.location)?.push(event);
    return byBusiness;
  }

  /** A calendar's series with their cancelled and moved dates (the .ics feeds write them as RRULE, EXDATE and RECURRENCE-ID). */
  async seriesChanges(events: Event[]): Promise<Map<string, OccurrenceChange[]>> {
    const changes = await this.repository.getChanges(events.filter((e) => e.recurrenceRule).map((e) => e.id));
    const byEvent = new Map<string, OccurrenceChange[]>();
    for (const change of changes) byEvent.set(change.eventId, [...(byEvent.get(change.eventId) ?? []), change]);
    return byEvent;
  }

  /** One date of a series (its local date), as an event; undefined when the series has no such date. */
  async findOccurrence(id: string, date: string): Promise<Event | undefined> {
    const series = await this.repository.get(id);
    if (!series?.recurrenceRule || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
    const [timeZone, changes] = await Promise.all([this.timeZone(), this.repository.getChanges([id])]);
    const occurrence = occursOn({ start: series.eventDate, end: series.endDate, rule: series.recurrenceRule }, date, timeZone);
    return occurrence ? asOccurrence(series, occurrence, changes.find((c) => c.date === date)) : undefined;
  }

  /**
   * Cancels one date of a series, or moves it (`startDate`, optional `endDate`), leaving the others as they are; a
   * date not in the series, or an end before the start, is refused beside its field.
   */
  async changeOccurrence(viewer: CurrentUser | null, id: string, date: string, input: OccurrenceChangeInput): Promise<Event> {
    const admin = requireAdmin(viewer, messages.storage.unauthenticated);
    const parsed = OccurrenceChangeSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, messages.adminEvents.notInSeries);
    if (!(await this.findOccurrence(id, date))) {
      if (!(await this.repository.get(id))) throw NotFound(messages.adminEvents.notFound);
      throw Validation(messages.adminEvents.notInSeries, { date: messages.adminEvents.notInSeries });
    }
    const { cancelled, startDate, endDate } = parsed.data;
    if (!cancelled && startDate) {
      const [series, changes, timeZone] = await Promise.all([this.repository.get(id), this.repository.getChanges([id]), this.timeZone()]);
      if (movedOntoAnother(series!, date, { start: startDate, end: endDate }, changes, timeZone)) {
        throw Validation(messages.adminEvents.movedOntoAnother, { startDate: messages.adminEvents.movedOntoAnother });
      }
    }
    await this.repository.saveChange({ eventId: id, date, cancelled, startDate, endDate });
    const changed = (await this.findOccurrence(id, date))!;
    await this.writes.audit.record(admin, { action: "update", entityType: "event", entityId: id, summary: `${changed.name} (${date}${cancelled ? ", cancelled" : startDate ? ", moved" : ""})` });
    if (cancelled) await this.writes.onDateCancelled?.(admin, id, date);
    return changed;
  }

  /** Puts one date of a series back as its rule has it. */
  async restoreOccurrence(viewer: CurrentUser | null, id: string, date: string): Promise<Event> {
    const admin = requireAdmin(viewer, messages.storage.unauthenticated);
    const restored = await this.findOccurrence(id, date);
    if (!restored || !(await this.repository.deleteChange(id, date))) throw NotFound(messages.adminEvents.notFound);
    await this.writes.audit.record(admin, { action: "update", entityType: "event", entityId: id, summary: `${restored.name} (${date}, restored)` });
    if (restored.cancelled) await this.writes.onDateRestored?.(admin, id, date);
    return (await this.findOccurrence(id, date))!;
  }

  /** One event, or undefined (its page says it was not found). */
  /** An event as stored (a series once); no one is checked (the owners' requests compare with it). */
  stored(id: string): Promise<StoredEvent | undefined> {
    return this.repository.getStored(id);
  }

  find(id: string): Promise<Event | undefined> {
    return this.repository.get(id);
  }

  async get(id: string): Promise<Event> {
    const event = await this.repository.get(id);
    if (!event) throw NotFound("Event not found.");
    return event;
  }

  /** The admin list: every event, newest first, with its location in words and the description cut to 100 characters. */
  async listForAdmin(viewer: CurrentUser | null, query: KeysetPaginationQuery): Promise<Paginated<AdminEvent>> {
    requireAdmin(viewer, messages.storage.unauthenticated);
    const { items, total, nextCursor, previousCursor } = await this.repository.getPage(pageFrom(query, ["time", "text"]), query.pageSize, query.sort);
    const [located, translated] = await Promise.all([withLocations(this.writes.businesses, items), this.translationsOf(items)]);
    return {
      items: located.events.map((event, index) => ({
        ...(items[index] as StoredEvent),
        locationText: event.locationText,
        descriptionPreview: truncate(event.description, TRUNCATE.eventList),
        translations: translated.get(event.id),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
      ...(nextCursor && previousCursor ? { nextCursor, previousCursor } : {}),
    };
  }

  /** Each event's name and description in the site's other languages, by id (none when translations are not wired). */
  private async translationsOf(events: readonly Event[]): Promise<Map<string, Translations>> {
    return this.deps?.translations ? this.deps.translations.readMany("event", [...new Set(events.map((e) => e.id))]) : new Map();
  }

  /** Refuses, beside `translations.<language>`, a language the site does not offer (an owner's, before it waits for approval). */
  async checkTranslations(input: TranslationsInput): Promise<void> {
    await this.deps?.translations?.check(input);
  }

  /** The events with their translations, which the owners' forms edit beside the originals. */
  async withTranslationsAll(events: Event[]): Promise<Event[]> {
    const translated = await this.translationsOf(events);
    return events.map((event) => ({ ...event, translations: translated.get(event.id) }));
  }

  /** `applying` is the owner's request whose approval this is: its uploads may become the event's. */
  async create(viewer: CurrentUser | null, input: EventInput, applying?: { request: string }): Promise<StoredEvent> {
    const admin = requireAdmin(viewer, messages.storage.unauthenticated);
    const values = await this.validate(input);
    await this.checkImageNotInUse(values.imagePath, null, applying);
    const image = await changeImage(this.writes.files, { user: admin, kind: "eventImage", wanted: values.imagePath, current: { path: null, url: null } });
    const { imagePath: _, translations, ...fields } = values;
    const event = await saveWithImage(image, () =>
      this.repository.create(newId(), admin.id, { ...fields, imageUrl: image.url, imageStoragePath: image.path }),
    );
    await this.writes.translations?.write("event", event.id, translations, TRANSLATABLE.event);
    await this.writes.audit.record(admin, { action: "create", entityType: "event", entityId: event.id, summary: event.name });
    return this.withTranslations(event);
  }

  async update(viewer: CurrentUser | null, id: string, input: EventInput, applying?: { request: string }): Promise<StoredEvent> {
    const admin = requireAdmin(viewer, messages.storage.unauthenticated);
    const values = await this.validate(input);
    const existing = await this.repository.getStored(id);
    if (!existing) throw NotFound(messages.adminEvents.notFound);
    await this.checkImageNotInUse(values.imagePath, existing, applying);
    const image = await changeImage(this.writes.files, {
      user: admin,
      kind: "eventImage",
      wanted: values.imagePath,
      current: { path: existing.imageStoragePath, url: existing.imageUrl },
    });
    const { imagePath: _, translations, ...fields } = values;
    const event = await saveWithImage(image, async () => {
      const saved = await this.repository.update(id, { ...fields, imageUrl: image.url, imageStoragePath: image.path });
      if (!saved) throw NotFound(messages.adminEvents.notFound);
      return saved;
    });
    await this.writes.translations?.write("event", id, translations, TRANSLATABLE.event);
    await this.writes.audit.record(admin, { action: "update", entityType: "event", entityId: id, summary: event.name });
    return this.withTranslations(event);
  }

  /** Deletes the event and its image. */
  async delete(viewer: CurrentUser | null, id: string): Promise<void> {
    const admin = requireAdmin(viewer, messages.storage.unauthenticated);
    const existing = await this.repository.getStored(id);
    if (!existing || !(await this.repository.delete(id))) throw NotFound(messages.adminEvents.notFound);
    await this.writes.files.deleteForEntity(existing.imageStoragePath);
    await this.writes.audit.record(admin, { action: "delete", entityType: "event", entityId: id, summary: existing.name });
  }

  /** The form's rules, and a business location must be a business that exists. */
  private async validate(input: EventInput) {
    const parsed = EventInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, messages.adminEvents.required);
    const values = parsed.data;
    if (values.location !== OUTDOOR_LOCATION) {
      const places = await this.writes.businesses.getPlaces([values.location]);
      if (!places.has(values.location)) throw Validation(messages.adminEvents.unknownBusiness, { location: messages.adminEvents.unknownBusiness });
    }
    await this.checkRule(values);
    await this.writes.translations?.check(values.translations);
    return values;
  }

  /**
   * Refuses, beside the image field and before anything is attached, an image already attached to something else
   * (another event, a post, a business, the site settings, an owner's waiting request): sharing one file, replacing or
   * deleting it for one would break the other. The `current` event's image is its own, and so is an upload held only
   * by the owner's request being applied.
   */
  private async checkImageNotInUse(wanted: string | null | undefined, current: StoredEvent | null, applying: { request: string } | undefined): Promise<void> {
    if (!wanted || wanted === current?.imageStoragePath) return;
    const own: FileHolder[] = [...(current ? [{ kind: "event" as const, id: current.id }] : []), ...(applying ? [{ kind: "request" as const, id: applying.request }] : [])];
    if (await this.writes.files.isInUse(wanted, own)) {
      throw Validation(messages.adminEvents.imageInUse, { imagePath: messages.adminEvents.imageInUse });
    }
  }

  private async withTranslations<E extends StoredEvent>(event: E): Promise<E> {
    return this.writes.translations ? { ...event, translations: await this.writes.translations.read("event", event.id) } : event;
  }

  /** A repeat rule must give a date from the event's date on (an UNTIL before it gives none): refused beside its field. */
  async checkRule(values: Pick<EventValues, "recurrenceRule" | "eventDate">): Promise<void> {
    if (values.recurrenceRule && !hasOccurrence(values.recurrenceRule, values.eventDate, await this.timeZone())) {
      throw Validation(messages.adminEvents.ruleWithoutDates, { recurrenceRule: messages.adminEvents.ruleWithoutDates });
    }
  }
}

