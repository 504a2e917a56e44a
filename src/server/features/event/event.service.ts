import { requireRole, type CurrentUser } from "../../auth/session.ts";
import { newId } from "../../db/ids.ts";
import { NotFound, Unauthorized, Validation } from "../../errors.ts";
import { invalidInput } from "../../validation.ts";
import { changeImage, saveWithImage } from "../../storage/entity-image.ts";
import type { FileService } from "../../storage/file.service.ts";
import { OUTDOOR_LOCATION, TRUNCATE } from "../../../shared/constants.ts";
import { truncate } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import { EventInputSchema, type AdminEvent, type Event, type EventInput } from "../../../shared/schemas/event.ts";
import type { Paginated, PaginationQuery } from "../../../shared/schemas/pagination.ts";
import type { AuditRecorder } from "../audit/audit.service.ts";
import type { BusinessService } from "../business/business.service.ts";
import type { EventWithLocation } from "../../../shared/event-location.ts";
import { withLocations } from "./event-locations.ts";
import type { EventRepository, StoredEvent } from "./event.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Calendar feeds keep events this many days after they happened. */
export const CALENDAR_PAST_DAYS = 30;

export interface EventWriteDeps {
  audit: AuditRecorder;
  files: FileService;
  businesses: Pick<BusinessService, "getPlaces">;
}

export class EventService {
  private readonly repository: EventRepository;
  private readonly deps: EventWriteDeps | undefined;
  constructor(repository: EventRepository, deps?: EventWriteDeps) {
    this.repository = repository;
    this.deps = deps;
  }

  private get writes(): EventWriteDeps {
    if (!this.deps) throw new Error("EventService was built without what writes need");
    return this.deps;
  }

  /** Events from `now` on, soonest first (the home page takes the first few). */
  upcoming({ limit, now = new Date() }: { limit?: number; now?: Date } = {}): Promise<Event[]> {
    return this.repository.getUpcoming(now.toISOString(), limit);
  }

  /** Events before `now`, newest first. */
  past({ limit, now = new Date() }: { limit?: number; now?: Date } = {}): Promise<Event[]> {
    return this.repository.getPast(now.toISOString(), limit);
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
    if (!businessId) return this.repository.getUpcoming(from);
    return (await this.repository.getByLocation(businessId)).filter((event) => event.eventDate >= from).reverse();
  }

  atBusiness(businessId: string): Promise<Event[]> {
    return this.repository.getByLocation(businessId);
  }

  /** One event, or undefined (its page says it was not found). */
  find(id: string): Promise<Event | undefined> {
    return this.repository.get(id);
  }

  async get(id: string): Promise<Event> {
    const event = await this.repository.get(id);
    if (!event) throw NotFound("Event not found.");
    return event;
  }

  /** The admin list: every event, newest first, with its location in words and the description cut to 100 characters. */
  async listForAdmin(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<AdminEvent>> {
    requireAdmin(viewer);
    const { items, total } = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort);
    const located = await withLocations(this.writes.businesses, items);
    return {
      items: located.events.map((event, index) => ({
        ...(items[index] as StoredEvent),
        locationText: event.locationText,
        descriptionPreview: truncate(event.description, TRUNCATE.eventList),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async create(viewer: CurrentUser | null, input: EventInput): Promise<StoredEvent> {
    const admin = requireAdmin(viewer);
    const values = await this.validate(input);
    const image = await changeImage(this.writes.files, { user: admin, kind: "eventImage", wanted: values.imagePath, current: { path: null, url: null } });
    const { imagePath: _, ...fields } = values;
    const event = await saveWithImage(image, () =>
      this.repository.create(newId(), admin.id, { ...fields, imageUrl: image.url, imageStoragePath: image.path }),
    );
    await this.writes.audit.record(admin, { action: "create", entityType: "event", entityId: event.id, summary: event.name });
    return event;
  }

  async update(viewer: CurrentUser | null, id: string, input: EventInput): Promise<StoredEvent> {
    const admin = requireAdmin(viewer);
    const values = await this.validate(input);
    const existing = await this.repository.getStored(id);
    if (!existing) throw NotFound(messages.adminEvents.notFound);
    const image = await changeImage(this.writes.files, {
      user: admin,
      kind: "eventImage",
      wanted: values.imagePath,
      current: { path: existing.imageStoragePath, url: existing.imageUrl },
    });
    const { imagePath: _, ...fields } = values;
    const event = await saveWithImage(image, async () => {
      const saved = await this.repository.update(id, { ...fields, imageUrl: image.url, imageStoragePath: image.path });
      if (!saved) throw NotFound(messages.adminEvents.notFound);
      return saved;
    });
    await this.writes.audit.record(admin, { action: "update", entityType: "event", entityId: id, summary: event.name });
    return event;
  }

  /** Deletes the event and its image. */
  async delete(viewer: CurrentUser | null, id: string): Promise<void> {
    const admin = requireAdmin(viewer);
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
    return values;
  }
}

function requireAdmin(viewer: CurrentUser | null): CurrentUser {
  if (!viewer) throw Unauthorized(messages.storage.unauthenticated);
  return requireRole(viewer, "admin");
}
