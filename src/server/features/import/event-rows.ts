// Events read from an iCalendar (ICS) file, previewed like a CSV of businesses: each event new, update (old → new),
// unchanged, or with its errors beside the field at fault.
import ical from "node-ical";
import { OUTDOOR_LOCATION } from "../../../shared/constants.ts";
import { EventInputSchema, type EventValues } from "../../../shared/schemas/event.ts";
import { EVENT_IMPORT_FIELD_NAMES, importMessages, type EventImportField } from "../../../shared/schemas/data-import.ts";
import { Validation } from "../../errors.ts";
import { matchKey, type EvaluatedRow, type StoredRow } from "./business-rows.ts";

export const EVENT_CELLS = EVENT_IMPORT_FIELD_NAMES;
type EventCell = EventImportField;

export interface StoredEvent {
  id: string;
  name: string;
  eventDate: string;
  location: string;
  outdoorLocationDescription: string | null;
  description: string | null;
  ticketsLink: string | null;
}

export interface EventCatalog {
  events: StoredEvent[];
  businesses: Array<{ id: string; name: string; address: string | null }>;
}

export type EventWrite = Omit<EventValues, "imagePath">;
export interface EvaluatedEventRow extends Omit<EvaluatedRow, "write"> {
  write: EventWrite | null;
}

/** What an ICS property holds: text, or text with parameters (LANGUAGE=…). */
function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (value && typeof value === "object" && "val" in value) return String((value as { val: unknown }).val ?? "").trim();
  return "";
}

/** Whether the file is an iCalendar file rather than CSV. */
export const isCalendar = (body: string) => /^\s*BEGIN:VCALENDAR/i.test(body);

/** One row per event of the file (a repeating event by its first date), in the file's order. */
export function readCalendar(body: string): StoredRow[] {
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(body);
  } catch {
    throw Validation(importMessages.notCalendar, { file: importMessages.notCalendar });
  }
  const rows: StoredRow[] = [];
  for (const component of Object.values(parsed)) {
    if (!component || component.type !== "VEVENT") continue;
    const start = component.start instanceof Date && !Number.isNaN(component.start.getTime()) ? component.start.toISOString() : "";
    rows.push({
      line: rows.length + 1,
      cells: { name: text(component.summary), date: start, location: text(component.location), description: text(component.description), url: text(component.url) } as StoredRow["cells"],
      geocode: "none",
    });
  }
  if (rows.length === 0) throw Validation(importMessages.noEvents, { file: importMessages.noEvents });
  return rows;
}

const FIELD_CELL: Record<string, EventCell> = { name: "name", eventDate: "date", location: "location", outdoorLocationDescription: "location", description: "description", ticketsLink: "url" };

/** Reads each event against the stored ones; an event matches one with the same name at the same moment. */
export function evaluateEvents(catalog: EventCatalog, rows: readonly StoredRow[]): EvaluatedEventRow[] {
  const stored = new Map(catalog.events.map((e) => [`${matchKey(e.name, null)}@${e.eventDate}`, e]));
  const places = new Map<string, { id: string; name: string }>();
  for (const business of catalog.businesses) {
    places.set(matchKey(business.name, null), business);
    if (business.address) places.set(matchKey(business.address, null), business);
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
      location: place ? place.id : OUTDOOR_LOCATION,
      outdoorLocationDescription: place ? null : cells.location || null,
      description: cells.description || null,
      ticketsLink: cells.url || null,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) errors[FIELD_CELL[String(issue.path[0])] ?? "name"] ??= issue.message;
    const key = `${matchKey(cells.name, null)}@${parsed.success ? parsed.data.eventDate : cells.date}`;
    const first = seen.get(key);
    if (first !== undefined) errors.name ??= importMessages.duplicate(first);
    else seen.set(key, row.line);

    const current = stored.get(key);
    const result: EvaluatedEventRow = { line: row.line, status: "error", businessId: current?.id ?? null, cells: { ...row.cells }, changes: [], errors, geocode: "none", write: null, needsGeocode: false };
    if (Object.keys(errors).length > 0 || !parsed.success) return result;
    const { imagePath: _image, ...write } = parsed.data;
    result.write = write;
    if (!current) {
      result.status = "new";
      return result;
    }
    const where = (location: string, outdoor: string | null) => (location === OUTDOOR_LOCATION ? outdoor : (businessNames.get(location) ?? location));
    const pairs: Array<[EventCell, string | null, string | null]> = [
      ["location", where(current.location, current.outdoorLocationDescription), where(write.location, write.outdoorLocationDescription)],
      ["description", current.description, write.description],
      ["url", current.ticketsLink, write.ticketsLink ?? null],
    ];
    result.changes = pairs.filter(([, from, to]) => from !== to).map(([field, from, to]) => ({ field, from, to }));
    result.status = result.changes.length > 0 ? "update" : "unchanged";
    return result;
  });
}
