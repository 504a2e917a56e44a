// Location texts of events need the businesses; pages and calendar feeds get them here, in one query.
import type { Event } from "#shared/schemas/event.ts";
import { eventLocationText } from "#shared/format.ts";
import { OUTDOOR_LOCATION } from "#shared/constants.ts";
import type { BusinessService } from "#server/features/business/index.ts";
import type { BusinessPlace, EventWithLocation } from "#shared/event-location.ts";

/**
 * Adds `locationText` (and the business, when the event is held at one) to each event. When the
 * businesses can't be read, the events are still returned (business locations read "Specific
 * Location") and `locationsFailed` is set, so a page can say "Failed to load marker locations."
 * beside the events it does show.
 */
export async function withLocations(
  businesses: Pick<BusinessService, "getPlaces">,
  events: Event[],
): Promise<{ events: EventWithLocation[]; locationsFailed: boolean }> {
  const ids = events.map((e) => e.location).filter((l) => l && l !== OUTDOOR_LOCATION);
  let places: Map<string, BusinessPlace> | null = null;
  try {
    places = await businesses.getPlaces(ids);
  } catch {
    places = null;
  }
  const names = places ? new Map([...places].map(([id, place]) => [id, place.name])) : null;
  return {
    locationsFailed: places === null,
    events: events.map((event) => ({
      ...event,
      locationText: eventLocationText(event, names),
      business: places?.get(event.location) ?? null,
    })),
  };
}
