// Importing businesses from a CSV file: the options an administrator picks, the preview the server answers, and the
// fields a column can be mapped to.
import { z } from "zod";
import { businessFields } from "./business.ts";
import { yesNoColumns } from "./entity.ts";

export const IMPORT_LIMITS = { bytes: 10 * 1024 * 1024, rows: 10_000, undoDays: 7 } as const;

export const importMessages = {
  tooLarge: "The file is larger than 10 MB. Split it into smaller files and import them one after the other.",
  tooManyRows: "The file has more than 10,000 rows. Split it into smaller files and import them one after the other.",
  notCsv: "This file is not a CSV file. Save the spreadsheet as CSV (comma or semicolon separated) and upload that.",
  spreadsheetNotCsv: "This is a spreadsheet workbook, not a CSV file. Save it as CSV (File → Save As… or Download → CSV) and upload that.",
  empty: "The file is empty.",
  noHeader: "The file has no header row. Its first row must name the columns (Name, Category, Address, …).",
  noColumns: "None of the file's columns could be matched to a business field. Name them in the first row: Name, Category, Address, Latitude, Longitude, …",
  nameNotMapped: "Map a column to Name: every business needs one.",
  noFile: "Choose a CSV file to import.",
  strayQuote: (line: number) =>
    `Line ${line} has a stray quotation mark ("), so the rows after it would be read as one cell. Remove it, or put the whole cell in quotes with any quote inside doubled (""), then upload the file again.`,
  notFound: "There is no such import.",
  hasErrors: (count: number) => `${count === 1 ? "1 row has errors" : `${count} rows have errors`}. Fix them in the file or below, then apply again.`,
  stillGeocoding: "Some addresses are still being looked up. Apply once geocoding has finished.",
  notPreview: "This import has already been applied or undone.",
  notApplied: "Only an applied import can be undone.",
  undoExpired: "An import can be undone for 7 days only.",
  keptAdded: "Added by this import and kept: it was changed afterwards, or now has offers, events, owners or photos. Delete it from the businesses list if it should go.",
  keptAddedEvent: "Added by this import and kept: it was changed afterwards, its dates were moved or cancelled, or an owner's request about it is waiting. Delete it from the events list if it should go.",
  keptFields: (labels: readonly string[]) =>
    `${labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`} changed after the import, so ${labels.length === 1 ? "it keeps its" : "they keep their"} later value.`,
  unknownId: "No business has this id. Clear the id to add the row as a new business.",
  ambiguous: "More than one business has this name and address. Add the id column to say which one.",
  ambiguousName: "More than one business has this name. Add the address or id column to say which one.",
  duplicate: (row: number) => `The same business as row ${row}.`,
  unknownCategory: (name: string) => `There is no category "${name}". Tick "Create missing categories and tags" to add it.`,
  unknownTag: (name: string) => `There is no tag "${name}". Tick "Create missing categories and tags" to add it.`,
  coordinatesMissing: "Latitude and longitude are missing and there is no address to look up.",
  geocodeFailed: "The address could not be found on the map. Correct it or enter the latitude and longitude.",
  geocodeUnavailable: "The map service could not be reached to look up this address. Save the row again to try once more, or enter the latitude and longitude.",
  geocodePending: "Looking up the address…",
  notANumber: "Must be a number.",
  notYesNo: (label: string) => `${label}: write yes or no (or true/false, 1/0; blank is no).`,
  notCalendar: "This calendar file could not be read. Export it again as iCalendar (.ics).",
  noEvents: "The calendar file has no events.",
  skipsInvalid: "Skipped dates are dates such as 2026-12-25, separated by commas.",
  skipsWithoutRule: "Only a repeating event has dates to skip.",
  movesInvalid: "Write each moved date as the date of the series, an arrow and its new start (then /its end), such as 2026-12-08 → 2026-12-09T23:00:00Z/2026-12-10T01:00:00Z, separated by commas.",
  movesWithoutRule: "Only a repeating event has dates to move.",
  moveEndsBeforeStart: "A moved date must end after it starts.",
  movedAndSkipped: (date: string) => `${date} is both skipped and moved: keep one.`,
  moveNotInSeries: (date: string) => `${date} is not a date of this series: name the date as the series has it, then its new start.`,
  movedOntoAnother: (date: string) => `${date} is moved to a time another date of this series already has: choose another time.`,
} as const;

/** The business fields a column can be mapped to, with the headers recognised for each (compared without case, spaces or punctuation). */
const FIXED_IMPORT_FIELDS = {
  id: { label: "Id", headers: ["id", "businessid", "markerid"] },
  name: { label: "Name", headers: ["name", "businessname", "business", "company", "companyname", "organization", "organisation", "member", "membername"] },
  category: { label: "Category", headers: ["category", "categoryname", "type", "businesstype", "sector"] },
  description: { label: "Description", headers: ["description", "about", "details", "summary"] },
  address: { label: "Address", headers: ["address", "streetaddress", "fulladdress", "location", "addr"] },
  website: { label: "Website", headers: ["website", "web", "url", "site", "homepage", "websiteurl"] },
  phone: { label: "Phone", headers: ["phone", "telephone", "tel", "phonenumber", "telephonenumber"] },
  email: { label: "Email", headers: ["email", "emailaddress", "mail"] },
  priceRange: { label: "Price range", headers: ["pricerange", "price", "prices"] },
  latitude: { label: "Latitude", headers: ["latitude", "lat"] },
  longitude: { label: "Longitude", headers: ["longitude", "lng", "lon", "long"] },
  tags: { label: "Tags", headers: ["tags", "tag", "keywords"] },
} as const;

/**
 * The yes/no columns the business definition gives the CSV (`csv: true`): a yes/no field's own, headed by its name,
 * and one per attribute, headed by its slug. The label is recognised as a header too.
 */
export const BUSINESS_YES_NO_COLUMNS = yesNoColumns(businessFields, "csv");

export const BUSINESS_IMPORT_FIELDS: Record<BusinessImportField, { label: string; headers: readonly string[] }> = {
  ...FIXED_IMPORT_FIELDS,
  ...(Object.fromEntries(BUSINESS_YES_NO_COLUMNS.map((c) => [c.key, { label: c.label, headers: [headerKey(c.key), headerKey(c.label)] }])) as unknown as Record<YesNoKey, { label: string; headers: readonly string[] }>),
};

type Defs = typeof businessFields;
/** A yes/no column's key: a yes/no field's name, or a choice's value. */
type YesNoKey = {
  [K in keyof Defs]: Defs[K] extends { csv: true; widget: "checkbox" } ? K : Defs[K] extends { csv: true; widget: "checkboxes"; options: ReadonlyArray<{ value: infer V }> } ? V : never;
}[keyof Defs];

/** A fixed field's name, or a yes/no column's key. */
export type BusinessImportField = keyof typeof FIXED_IMPORT_FIELDS | YesNoKey;
export const BUSINESS_IMPORT_FIELD_NAMES = Object.keys(BUSINESS_IMPORT_FIELDS) as BusinessImportField[];

/** The fields of an event read from a calendar file, as the preview names them. */
export const EVENT_IMPORT_FIELDS = {
  name: { label: "Name" },
  date: { label: "Starts" },
  ends: { label: "Ends" },
  allDay: { label: "All day" },
  repeats: { label: "Repeats" },
  skips: { label: "Skipped dates" },
  moves: { label: "Moved dates" },
  location: { label: "Location" },
  description: { label: "Description" },
  url: { label: "Link" },
} as const;
export type EventImportField = keyof typeof EVENT_IMPORT_FIELDS;
export const EVENT_IMPORT_FIELD_NAMES = Object.keys(EVENT_IMPORT_FIELDS) as EventImportField[];

/** Every cell a row of either kind of import can have. */
export const IMPORT_CELL_NAMES = [...new Set<string>([...BUSINESS_IMPORT_FIELD_NAMES, ...EVENT_IMPORT_FIELD_NAMES])] as [string, ...string[]];

export const CSV_DELIMITERS = { comma: ",", semicolon: ";", tab: "\t" } as const;
export type CsvDelimiterName = keyof typeof CSV_DELIMITERS;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[CsvDelimiterName] | "auto";
export type CsvEncoding = "auto" | "utf-8" | "windows-1252" | "macintosh" | "utf-16le" | "utf-16be";

/** Which field each header of the file fills; a header mapped to "" is left out. */
export const ImportMappingSchema = z.record(z.string().max(200), z.enum([...BUSINESS_IMPORT_FIELD_NAMES, ""]));
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

const boolish = z.union([z.boolean(), z.enum(["true", "false", "on", "1", "0"]).transform((v) => v === "true" || v === "on" || v === "1")]);

/** What the administrator may choose about reading the file; every one has a sensible default. */
export const ImportOptionsSchema = z.object({
  delimiter: z.enum(["auto", "comma", "semicolon", "tab"]).default("auto"),
  encoding: z.enum(["auto", "utf-8", "windows-1252", "macintosh"]).default("auto"),
  createMissing: boolish.default(false),
  /** Left out: each header is matched automatically, or as the last import mapped it. */
  mapping: ImportMappingSchema.optional(),
});
export type ImportOptions = z.output<typeof ImportOptionsSchema>;

/** The address of a calendar (.ics) to import events from. */
export const ImportUrlInputSchema = z.object({ url: z.string({ error: "Enter the calendar's address." }).trim().min(1, { error: "Enter the calendar's address." }).max(2000) });
export type ImportOptionsInput = z.input<typeof ImportOptionsSchema>;

export const IMPORT_ROW_STATUSES = ["new", "update", "unchanged", "error"] as const;
/** "unavailable": the geocoder could not be asked (down, or refusing): saving the row again asks again. */
export const GEOCODE_STATES = ["none", "pending", "done", "failed", "unavailable"] as const;

export const ImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** The business the row updates, when it matches one. */
  businessId: z.string().nullable(),
  /** The row's cells by field, as the file has them. */
  cells: z.record(z.string(), z.string()),
  /** For an update: the fields that change, with the stored value and the file's. */
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  /** What is wrong, by field ("_" for the row as a whole). */
  errors: z.record(z.string(), z.string()),
  geocode: z.enum(GEOCODE_STATES),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportSummarySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportPreviewSchema = z.object({
  id: z.string(),
  /** What the file brings: businesses (CSV) or events (an iCalendar file). */
  kind: z.enum(["businesses", "events"]),
  status: z.enum(["preview", "applied", "undone"]),
  fileName: z.string(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  /** Until when "Undo this import" works: null before applying and once the 7 days are over. */
  undoUntil: z.string().nullable(),
  encoding: z.string(),
  delimiter: z.enum(["comma", "semicolon", "tab"]),
  createMissing: z.boolean(),
  headers: z.array(z.string()),
  mapping: ImportMappingSchema,
  /** Categories and tags the file names that do not exist yet (created on apply when createMissing is set). */
  missingCategories: z.array(z.string()),
  missingTags: z.array(z.string()),
  summary: ImportSummarySchema,
  geocoding: z.object({ total: z.number().int(), done: z.number().int(), failed: z.number().int(), pending: z.number().int() }),
  rows: z.array(ImportRowSchema),
  /** Once undone: the businesses (or events) undo left as they were, wholly or some of their fields, because they changed after the import. */
  keptOnUndo: z.array(
    z.object({
      /** The business's id, or the event's in an import of events (as a row's businessId). */
      businessId: z.string(),
      name: z.string(),
      /** The fields that keep their later value; empty for a business or event the import added, kept whole. */
      fields: z.array(z.enum(IMPORT_CELL_NAMES)),
      message: z.string(),
    }),
  ),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** "12 new, 3 updated, 35 unchanged, 2 errors". */
export function formatSummary(summary: ImportSummary): string {
  const errors = summary.errors === 1 ? "1 error" : `${summary.errors} errors`;
  return `${summary.created} new, ${summary.updated} updated, ${summary.unchanged} unchanged, ${errors}`;
}

/** A header as compared with the known ones: lower case, letters and digits only. */
export function headerKey(header: string): string {
  return header
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** A yes/no cell: yes/no, true/false, 1/0 in any case, blank as no; null when it is none of these. */
export function readYesNo(cell: string): boolean | null {
  const text = cell.trim().toLowerCase();
  if (text === "" || text === "no" || text === "false" || text === "0") return false;
  if (text === "yes" || text === "true" || text === "1") return true;
  return null;
}
