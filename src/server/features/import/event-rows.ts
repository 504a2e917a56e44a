// Events read from an iCalendar (ICS) file, previewed like a CSV of businesses: each event new, update (old → new),
// unchanged, or with its errors beside the field at fault.
import type Ical from "node-ical";
import type { CalendarResponse, VEvent } from "node-ical";
import { OUTDOOR_LOCATION } from "#shared/constants.ts";
import { EventInputSchema, type EventValues } from "#shared/schemas/event.ts";
import { EVENT_IMPORT_FIELD_NAMES, importMessages, type EventImportField } from "#shared/schemas/data-import.ts";
import { Validation } from "#server/errors.ts";
import { localDate, zonedInstant } from "#shared/zoned-time.ts";
import { occursOn, ruleFromCalendar } from "#shared/recurrence.ts";
import { movedOntoAnother } from "#server/features/event/index.ts";
import { lazyRequire } from "#server/lib/lazy-require.ts";
import { matchKey, type EvaluatedRow, type StoredRow } from "./business-rows.ts";

/** The iCalendar reader, loaded with the first calendar imported. */
const ical = lazyRequire<typeof Ical>("node-ical");

export const EVENT_CELLS = EVENT_IMPORT_FIELD_NAMES;
type EventCell = EventImportField;

export interface StoredEvent {
  id: string;
  name: string;
  eventDate: string;
  endDate: string | null;
  allDay: number;
  recurrenceRule: string | null;
  location: string;
  outdoorLocationDescription: string | null;
  description: string | null;
  ticketsLink: string | null;
}

export interface EventCatalog {
  events: StoredEvent[];
  /** The cancelled dates of each series, by event id. */
  cancelled: Map<string, string[]>;
  /** The dates of each series moved to another time, by event id. */
  moved: Map<string, Move[]>;
  /** The site's time zone, in which a series' dates are named. */
  timeZone: string;
  businesses: Array<{ id: string; name: string; address: string | null }>;
}

export type EventWrite = Omit<EventValues, "imagePath">;
export interface EvaluatedEventRow extends Omit<EvaluatedRow, "write"> {
  write: EventWrite | null;
  /** Dates of the series the file skips (EXDATE) that are not cancelled yet. */
  cancel: string[];
  /** Dates of the series the file moves that are not moved so yet (nor cancelled). */
  move: Move[];
}

/** What an ICS property holds: text, or text with parameters (LANGUAGE=…). */
function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (value && typeof value === "object" && "val" in value) return String((value as { val: unknown }).val ?? "").trim();
  return "";
}

/** Whether the file is an iCalendar file rather than CSV. */
export const isCalendar = (body: string) => /^\s*BEGIN:VCALENDAR/i.test(body);

/** The wall date of an all-day value (node-ical makes it midnight in the server's own zone). */
const dayOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
const validDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());

/** A date of a series moved to another time: the date as the rule has it (local), the new start and end. */
export interface Move {
  date: string;
  startDate: string;
  endDate: string | null;
}

/** "2026-12-08 → 2026-12-09T23:00:00.000Z/2026-12-10T01:00:00.000Z, …": how the preview writes moved dates. */
export const writeMoves = (moves: readonly Move[]) =>
  [...moves]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((m) => `${m.date} → ${m.startDate}${m.endDate ? `/${m.endDate}` : ""}`)
    .join(", ");

/**
 * One row per event of the file, in the file's order: a repeating event once, with its rule (RRULE), the dates it
 * skips (EXDATE, and those of its series cancelled one by one) and the dates moved to another time (a VEVENT with the
 * same UID and a RECURRENCE-ID), in the site's time zone; an all-day event from the start of its first day to the
 * start of its last.
 */
export function readCalendar(body: string, timeZone: string): StoredRow[] {
  const rows: StoredRow[] = [];
  const written = writtenRules(body);
  for (const { component, unreadRule } of readEvents(body)) {
    const allDay = component.datetype === "date";
    const instant = (value: unknown) => (!validDate(value) ? "" : allDay ? zonedInstant(dayOf(value), timeZone).toISOString() : value.toISOString());
    // A date-only value (an all-day series, or a RECURRENCE-ID given as a date) names its day as it is.
    const localDay = (value: Date & { dateOnly?: boolean }) => (allDay || value.dateOnly ? dayOf(value) : localDate(value, timeZone));
    // An all-day event's end is the day after its last (RFC 5545): it ends on its last day.
    const span = (from: unknown, to: unknown) => {
      const start = instant(from);
      const lastDay = allDay && validDate(to) ? new Date(to.getFullYear(), to.getMonth(), to.getDate() - 1) : to;
      const end = instant(lastDay);
      return { start, end: end && end !== start && !(allDay && end <= start) ? end : "" };
    };
    const { start, end } = span(component.start, component.end);
    const fileRule = unreadRule ?? (component.rrule ? (written.get(String(component.uid)) ?? (component.rrule.toString().split("\n").find((line: string) => line.startsWith("RRULE:")) ?? "").slice("RRULE:".length)) : "");
    const rule = ruleFromCalendar(fileRule, timeZone);
    const skipped = new Set<string>();
    for (const value of Object.values(component.exdate ?? {})) if (validDate(value)) skipped.add(localDay(value));
    const moves = new Map<string, Move>();
    // Only a series has dates to change: an event that is itself one changed date (an invitation to one meeting of a
    // series) comes as a single event, at its own time.
    const changedDates = rule ? Object.values(component.recurrences ?? {}) : [];
    // node-ical gives an event without an end the same end as start: it has none.
    const endOf = (from: unknown, to: unknown) => (validDate(to) && validDate(from) && to.getTime() !== from.getTime() ? to : null);
    const seriesEnd = endOf(component.start, component.end);
    const length = seriesEnd && validDate(component.start) ? seriesEnd.getTime() - component.start.getTime() : null;
    // node-ical files each changed date under two keys; its RECURRENCE-ID tells them apart.
    for (const changed of changedDates) {
      const original = changed.recurrenceid;
      if (!validDate(original) || !validDate(changed.start)) continue;
      const date = localDay(original);
      if (changed.status === "CANCELLED") {
        skipped.add(date);
        continue;
      }
      // A date changed in other ways than its time (its description, say), or given without an end, is not moved.
      const end = endOf(changed.start, changed.end);
      const sameTime = changed.start.getTime() === original.getTime() && (end === null || end.getTime() - changed.start.getTime() === length);
      if (sameTime) continue;
      const moved = span(changed.start, end);
      moves.set(date, { date, startDate: moved.start, endDate: moved.end || null });
    }
    for (const date of skipped) moves.delete(date);
    rows.push({
      line: rows.length + 1,
      cells: {
        name: text(component.summary),
        date: start,
        ends: end,
        allDay: allDay ? "yes" : "",
        repeats: rule,
        skips: [...skipped].sort().join(", "),
        moves: writeMoves([...moves.values()]),
        location: text(component.location),
        description: text(component.description),
        url: text(component.url),
      } as StoredRow["cells"],
      geocode: "none",
    });
  }
  if (rows.length === 0) throw Validation(importMessages.noEvents, { file: importMessages.noEvents });
  return rows;
}

type Component = VEvent;

/** Each series' RRULE as the file writes it, by UID: node-ical writes a rule's UNTIL back as a UTC time, a date's too. */
function writtenRules(body: string): Map<string, string> {
  const rules = new Map<string, string>();
  for (const vevent of body.replace(/\r?\n[ \t]/g, "").match(/^BEGIN:VEVENT\r?\n[\s\S]*?^END:VEVENT(?=\r?$)/gim) ?? []) {
    const uid = /^UID:(.*)$/im.exec(vevent)?.[1]?.trim();
    const rule = /^RRULE:(.*)$/im.exec(vevent)?.[1]?.trim();
    // The series' own VEVENT, not one of its changed dates (which carry a RECURRENCE-ID).
    if (uid && rule && !/^RECURRENCE-ID[;:]/im.test(vevent)) rules.set(uid, rule);
  }
  return rules;
}

/**
 * The file's events. A file node-ical cannot read whole is read an event at a time, so one bad event does not hide
 * the others: an event whose rule cannot be read comes without it (its rule's text kept, for the preview to show
 * beside the Repeats cell), and an event that cannot be read at all comes as its summary alone.
 */
function readEvents(body: string): Array<{ component: Component; unreadRule?: string }> {
  const events = (parsed: CalendarResponse) => Object.values(parsed).filter((c): c is Component => (c as { type?: string } | undefined)?.type === "VEVENT");
  try {
    return events(ical().sync.parseICS(body)).map((component) => ({ component }));
  } catch {
    // Read one event at a time below.
  }
  const vevents = body.match(/^BEGIN:VEVENT\r?\n[\s\S]*?^END:VEVENT(?=\r?$)/gim) ?? [];
  if (vevents.length === 0) throw Validation(importMessages.notCalendar, { file: importMessages.notCalendar });
  // A series is read with its changed dates (the VEVENTs of the same UID), in the order the file first names it.
  const byUid = new Map<string, string[]>();
  vevents.forEach((vevent, i) => {
    const uid = /^UID:(.*)$/im.exec(vevent)?.[1]?.trim() || `#${i}`;
    byUid.set(uid, [...(byUid.get(uid) ?? []), vevent]);
  });
  const blocks = [...byUid.values()].map((group) => group.join("\r\n"));
  // The calendar's head (its time zones) comes before the first event.
  const head = body.slice(0, body.search(/^BEGIN:VEVENT/im));
  const readOne = (block: string) => events(ical().sync.parseICS(`${head}${block}\r\nEND:VCALENDAR\r\n`));
  return blocks.flatMap((block) => {
    try {
      return readOne(block).map((component) => ({ component }));
    } catch {
      const rule = /^RRULE:(.*)$/im.exec(block)?.[1]?.trim() ?? "";
      try {
        return readOne(block.replace(/^RRULE:.*\r?\n/gim, "")).map((component) => ({ component, unreadRule: rule }));
      } catch {
        const summary = /^SUMMARY[^:\r\n]*:(.*)$/im.exec(block)?.[1]?.trim() ?? "";
        return [{ component: { type: "VEVENT", summary } as unknown as Component, unreadRule: rule }];
      }
    }
  });
}

/** "2026-12-08 → 2026-12-09T23:00:00Z/2026-12-10T01:00:00Z, …" → the moves, or the message for what is wrong. */
function readMoves(value: string | undefined): Move[] | string {
  const moves = new Map<string, Move>();
  const instant = (text: string | undefined) => (text && /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : null);
  for (const entry of (value ?? "").split(",").map((e) => e.trim()).filter(Boolean)) {
    const match = /^(\d{4}-\d{2}-\d{2})\s*(?:→|->)\s*([^/\s]+)(?:\s*\/\s*(\S+))?$/.exec(entry);
    const [date, start, end] = [match?.[1], instant(match?.[2]), instant(match?.[3])];
    if (!date || Number.isNaN(Date.parse(date)) || !start || (match?.[3] && !end)) return importMessages.movesInvalid;
    if (end && end <= start) return importMessages.moveEndsBeforeStart;
    moves.set(date, { date, startDate: start, endDate: end });
  }
  return [...moves.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** "2026-12-25, 2027-01-01" → the dates, or null when one is not a date. */
function readSkips(value: string | undefined): string[] | null {
  const dates = (value ?? "").split(/[\s,;]+/).filter(Boolean);
  return dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d))) ? [...new Set(dates)].sort() : null;
}

const FIELD_CELL: Record<string, EventCell> = { name: "name", eventDate: "date", endDate: "ends", allDay: "allDay", recurrenceRule: "repeats", location: "location", outdoorLocationDescription: "location", description: "description", ticketsLink: "url" };

/** Reads each event against the stored ones; an event matches one with the same name at the same moment. */
export function evaluateEvents(catalog: EventCatalog, rows: readonly StoredRow[]): EvaluatedEventRow[] {
  const stored = new Map(catalog.events.map((e) => [`${matchKey(e.name, null)}@${e.eventDate}`, e]));
  const places = new Map<string, { id: string; name: string }>();
  for (const business of catalog.businesses) {
    places.set(matchKey(business.name, null), business);
    if (business.address) places.set(matchKey(business.address, null), business);
    // As the site's own calendar feed writes a business's place.
    if (business.address) places.set(matchKey(`${business.name}, ${business.address}`, null), business);
  }
  const businessNames = new Map(catalog.businesses.map((b) => [b.id, b.name]));
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const cells = row.cells as Partial<Record<EventCell, string>>;
    const errors: Record<string, string> = {};
    const place = cells.location ? places.get(matchKey(cells.location, null)) : undefined;
    const parsed = EventInputSchema.safeParse({
      name: cells.name ?? "",
      eventDate: cells.date ?? "",
      endDate: cells.ends || null,
      allDay: /^(yes|true|1|on)$/i.test(cells.allDay ?? ""),
      recurrenceRule: cells.repeats || null,
      location: place ? place.id : OUTDOOR_LOCATION,
      outdoorLocationDescription: place ? null : cells.location || null,
      description: cells.description || null,
      ticketsLink: cells.url || null,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) errors[FIELD_CELL[String(issue.path[0])] ?? "name"] ??= issue.message;
    const skips = readSkips(cells.skips);
    if (!skips) errors.skips = importMessages.skipsInvalid;
    else if (skips.length > 0 && !cells.repeats) errors.skips = importMessages.skipsWithoutRule;
    const moves = readMoves(cells.moves);
    if (typeof moves === "string") errors.moves = moves;
    else if (moves.length > 0 && !cells.repeats) errors.moves = importMessages.movesWithoutRule;
    else if (skips && moves.some((m) => skips.includes(m.date))) errors.moves = importMessages.movedAndSkipped(moves.find((m) => skips.includes(m.date))!.date);
    const key = `${matchKey(cells.name, null)}@${parsed.success ? parsed.data.eventDate : cells.date}`;
    const first = seen.get(key);
    if (first !== undefined) errors.name ??= importMessages.duplicate(first);
    else seen.set(key, row.line);

    const current = stored.get(key);
    const result: EvaluatedEventRow = { line: row.line, status: "error", businessId: current?.id ?? null, cells: { ...row.cells }, changes: [], errors, geocode: "none", write: null, needsGeocode: false, cancel: [], move: [] };
    if (parsed.success && typeof moves !== "string" && parsed.data.recurrenceRule) {
      const series = { start: parsed.data.eventDate, end: parsed.data.endDate ?? null, rule: parsed.data.recurrenceRule };
      const stray = moves.find((m) => !occursOn(series, m.date, catalog.timeZone));
      if (stray) errors.moves ??= importMessages.moveNotInSeries(stray.date);
      // As the file leaves the series: its skips and moves over the site's own (see below).
      const cancelled = [...(current ? (catalog.cancelled.get(current.id) ?? []) : []), ...(skips ?? [])];
      const movedNow = new Map((current ? (catalog.moved.get(current.id) ?? []) : []).map((m) => [m.date, m]));
      for (const m of moves) movedNow.set(m.date, m);
      const changes = [...cancelled.map((date) => ({ date, cancelled: true, startDate: null, endDate: null })), ...[...movedNow.values()].filter((m) => !cancelled.includes(m.date)).map((m) => ({ ...m, cancelled: false }))];
      const timing = { eventDate: parsed.data.eventDate, endDate: parsed.data.endDate ?? null, recurrenceRule: parsed.data.recurrenceRule };
      const onto = moves.find((m) => !cancelled.includes(m.date) && movedOntoAnother(timing, m.date, { start: m.startDate, end: m.endDate }, changes, catalog.timeZone));
      if (onto) errors.moves ??= importMessages.movedOntoAnother(onto.date);
    }
    if (Object.keys(errors).length > 0 || !parsed.success || !skips || typeof moves === "string") return result;
    const { imagePath: _image, ...write } = parsed.data;
    result.write = write;
    if (!current) {
      result.cancel = skips;
      result.move = moves;
      result.status = "new";
      return result;
    }
    // The site's own calendar links each event to its page here: that is no tickets link.
    if (/\/events\/([^/?#]+)\/?$/.exec(cells.url ?? "")?.[1] === current.id) write.ticketsLink = current.ticketsLink;
    // The file is the newer schedule: a date it skips is cancelled, moved on the site or not; a date it moves goes
    // where it says, unless cancelled on the site. Dates it does not name stay as they are on the site.
    const cancelled = catalog.cancelled.get(current.id) ?? [];
    result.cancel = skips.filter((date) => !cancelled.includes(date));
    const moved = new Map((catalog.moved.get(current.id) ?? []).map((m) => [m.date, m]));
    result.move = moves.filter((m) => !cancelled.includes(m.date) && writeMoves([m]) !== writeMoves(moved.has(m.date) ? [moved.get(m.date)!] : []));
    const movedAfter = new Map(moved);
    for (const date of result.cancel) movedAfter.delete(date);
    for (const m of result.move) movedAfter.set(m.date, m);
    const listed = (list: readonly Move[]) => writeMoves(list) || null;
    const dates = (list: readonly string[]) => (list.length > 0 ? [...list].sort().join(", ") : null);
    const where = (location: string, outdoor: string | null) => (location === OUTDOOR_LOCATION ? outdoor : (businessNames.get(location) ?? location));
    const pairs: Array<[EventCell, string | null, string | null]> = [
      ["ends", current.endDate, write.endDate ?? null],
      ["allDay", current.allDay ? "yes" : null, write.allDay ? "yes" : null],
      ["repeats", current.recurrenceRule, sameRule(current.recurrenceRule, write.recurrenceRule) ? current.recurrenceRule : (write.recurrenceRule ?? null)],
      ["skips", dates(cancelled), dates([...cancelled, ...result.cancel])],
      ["moves", listed([...moved.values()]), listed([...movedAfter.values()])],
      ["location", where(current.location, current.outdoorLocationDescription), where(write.location, write.outdoorLocationDescription)],
      ["description", current.description, write.description],
      ["url", current.ticketsLink, write.ticketsLink ?? null],
    ];
    result.changes = pairs.filter(([, from, to]) => from !== to).map(([field, from, to]) => ({ field, from, to }));
    result.status = result.changes.length > 0 ? "update" : "unchanged";
    return result;
  });
}

/** Whether two rules say the same in their parts, in whatever order they are written ("FREQ=WEEKLY;BYDAY=FR;COUNT=3"). */
function sameRule(a: string | null | undefined, b: string | null | undefined): boolean {
  const parts = (rule: string) => rule.toUpperCase().split(";").filter(Boolean).sort().join(";");
  return !!a && !!b && parts(a) === parts(b);
}
