// The dates of recurring events as events of their own: each occurrence of a series (bounded: 12 months, 500 dates)
// with its own start and end, moved or cancelled where an administrator changed that one date.
import type { Event } from "../../../shared/schemas/event.ts";
import { occurrences, type Occurrence } from "../../../shared/recurrence.ts";
import type { OccurrenceChange } from "./event.repository.ts";

/** One date of a series as an event: its times (moved, when changed), its date and whether it was cancelled. */
export function asOccurrence(series: Event, occurrence: Occurrence, change: OccurrenceChange | undefined): Event {
  return {
    ...series,
    eventDate: change?.startDate ?? occurrence.start,
    endDate: change?.startDate ? change.endDate : occurrence.end,
    occurrenceDate: occurrence.date,
    cancelled: change?.cancelled ?? false,
  };
}

/** Every occurrence of the series that starts in [from, to), as events. */
export function expandSeries(
  series: Event[],
  changes: OccurrenceChange[],
  window: { from: Date; to?: Date; now: Date; timeZone: string },
): Event[] {
  const byKey = new Map(changes.map((change) => [`${change.eventId}/${change.date}`, change]));
  return series.flatMap((event) =>
    occurrences({ start: event.eventDate, end: event.endDate, rule: event.recurrenceRule ?? "" }, window).map((occurrence) =>
      asOccurrence(event, occurrence, byKey.get(`${event.id}/${occurrence.date}`)),
    ),
  );
}

const soonest = (a: Event, b: Event) => a.eventDate.localeCompare(b.eventDate) || a.id.localeCompare(b.id);

/** Single events and occurrences together, soonest first (or newest first), cut to `limit`. */
export function merged(single: Event[], expanded: Event[], { newestFirst = false, limit }: { newestFirst?: boolean; limit?: number } = {}): Event[] {
  const all = [...single, ...expanded].sort(newestFirst ? (a, b) => soonest(b, a) : soonest);
  return limit === undefined ? all : all.slice(0, limit);
}
