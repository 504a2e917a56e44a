// The dates of recurring events as events of their own: each occurrence of a series (bounded: 12 months, 500 dates)
// with its own start and end, moved or cancelled where an administrator changed that one date.
import type { Event } from "#shared/schemas/event.ts";
import { occurrences, occursOn, type Occurrence } from "#shared/recurrence.ts";
import type { OccurrenceChange } from "./event.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One date of a series as an event: its times (moved, when changed), its date, whether it was cancelled and, moved to
 * another start, the start the rule gives it.
 */
export function asOccurrence(series: Event, occurrence: Occurrence, change: OccurrenceChange | undefined): Event {
  const movedStart = change?.startDate && Date.parse(change.startDate) !== Date.parse(occurrence.start);
  return {
    ...series,
    eventDate: change?.startDate ?? occurrence.start,
    endDate: change?.startDate ? change.endDate : occurrence.end,
    occurrenceDate: occurrence.date,
    cancelled: change?.cancelled ?? false,
    previousStartDate: movedStart ? occurrence.start : null,
  };
}

/**
 * Every occurrence of the series that starts in [from, to), as events, by when it takes place: a date moved out of the
 * window is left out, and one moved into it from a date outside is in.
 */
export function expandSeries(
  series: Event[],
  changes: OccurrenceChange[],
  window: { from: Date; to?: Date; now: Date; timeZone: string },
): Event[] {
  const byKey = new Map(changes.map((change) => [`${change.eventId}/${change.date}`, change]));
  // As `occurrences` bounds it: at most 12 months ahead.
  const bound = window.now.getTime() + 366 * DAY_MS;
  const until = window.to && window.to.getTime() < bound ? window.to.getTime() : bound;
  const within = (start: string) => Date.parse(start) >= window.from.getTime() && Date.parse(start) < until;
  return series.flatMap((event) => {
    const timing = { start: event.eventDate, end: event.endDate, rule: event.recurrenceRule ?? "" };
    const listed = occurrences(timing, window).map((occurrence) => asOccurrence(event, occurrence, byKey.get(`${event.id}/${occurrence.date}`)));
    const dates = new Set(listed.map((e) => e.occurrenceDate));
    const movedIn = changes
      .filter((c) => c.eventId === event.id && c.startDate && !dates.has(c.date) && within(c.startDate))
      .flatMap((c) => {
        const original = occursOn(timing, c.date, window.timeZone);
        return original ? [asOccurrence(event, original, c)] : [];
      });
    return [...listed.filter((e) => within(e.eventDate)), ...movedIn].sort((a, b) => a.eventDate.localeCompare(b.eventDate));
  });
}

const soonest = (a: Event, b: Event) => a.eventDate.localeCompare(b.eventDate) || a.id.localeCompare(b.id);

/** Single events and occurrences together, soonest first (or newest first), cut to `limit`. */
export function merged(single: Event[], expanded: Event[], { newestFirst = false, limit }: { newestFirst?: boolean; limit?: number } = {}): Event[] {
  const all = [...single, ...expanded].sort(newestFirst ? (a, b) => soonest(b, a) : soonest);
  return limit === undefined ? all : all.slice(0, limit);
}

/**
 * Whether one date of a series, moved to [start, end), would overlap another of its dates (as the rule has them, or
 * moved; cancelled ones aside). An event without an end takes its start's minute.
 */
export function movedOntoAnother(
  series: Pick<Event, "eventDate" | "endDate" | "recurrenceRule">,
  date: string,
  moved: { start: string; end: string | null },
  changes: readonly Pick<OccurrenceChange, "date" | "cancelled" | "startDate" | "endDate">[],
  timeZone: string,
): boolean {
  const span = (start: string, end: string | null) => [new Date(start).getTime(), end ? new Date(end).getTime() : new Date(start).getTime() + 60_000] as const;
  const [from, to] = span(moved.start, moved.end);
  const near = { from: new Date(from - 2 * DAY_MS), to: new Date(to + 2 * DAY_MS), now: new Date(from - 2 * DAY_MS), timeZone };
  const byDate = new Map(changes.map((change) => [change.date, change]));
  const asRuled = occurrences({ start: series.eventDate, end: series.endDate, rule: series.recurrenceRule ?? "" }, near).map((o) => {
    const change = byDate.get(o.date);
    return { date: o.date, cancelled: change?.cancelled ?? false, start: change?.startDate ?? o.start, end: change?.startDate ? change.endDate : o.end };
  });
  const movedHere = changes.filter((c) => c.startDate).map((c) => ({ date: c.date, cancelled: c.cancelled, start: c.startDate!, end: c.endDate }));
  return [...asRuled, ...movedHere].some((other) => {
    if (other.date === date || other.cancelled) return false;
    const [otherFrom, otherTo] = span(other.start, other.end);
    return otherFrom < to && from < otherTo;
  });
}
