// What each row of an imported file would do to the businesses: new, update (which fields, old → new), unchanged,
// or the errors beside the cells at fault. Pure: the caller brings the stored businesses, categories and tags.
import { businessFields } from "#shared/schemas/business.ts";
import { holds, type FieldDefs } from "#shared/schemas/entity.ts";
import {
  BUSINESS_IMPORT_FIELDS,
  BUSINESS_IMPORT_FIELD_NAMES,
  BUSINESS_YES_NO_COLUMNS,
  readYesNo,
  headerKey,
  importMessages,
  type BusinessImportField,
  type ImportMapping,
  type ImportRow,
  type ImportSummary,
} from "#shared/schemas/data-import.ts";
import { unneutralise } from "./csv.ts";

type Defs = typeof businessFields;
type Yes = "checkbox" | "checkboxes";
/** The CSV's text fields: those the definition marks `csv` that are neither yes/no nor a set of choices. */
type TextField = { [K in keyof Defs]: Defs[K] extends { csv: true } ? (Defs[K] extends { widget: Yes } ? never : K) : never }[keyof Defs];
/** The fields behind the CSV's yes/no columns: a yes/no field (stored 0 or 1), a set of choices (stored as its JSON list). */
export type YesNoField = { [K in keyof Defs]: Defs[K] extends { csv: true; widget: Yes } ? K : never }[keyof Defs];

/** The plain text fields, written as the business form writes them. */
export const TEXT_FIELDS = Object.entries(businessFields as FieldDefs).flatMap(([name, def]) => (def.csv && def.widget !== "checkbox" && def.widget !== "checkboxes" ? [name as TextField] : []));
export const YES_NO_FIELDS = [...new Set(BUSINESS_YES_NO_COLUMNS.map((c) => c.field as YesNoField))];

/** A yes/no field's stored value: 0 or 1 for one, the JSON list of those held for a set of choices. */
type YesNoValues = { [K in YesNoField]: Defs[K] extends { widget: "checkbox" } ? number : string };

/** A stored business as the import compares it. */
export type StoredBusiness = { id: string; name: string; categoryId: string | null; lat: number; lng: number; tagIds: string[] } & Record<Exclude<TextField, "name">, string | null> & YesNoValues;

export interface Catalog {
  businesses: StoredBusiness[];
  categories: Array<{ id: string; name: string }>;
  tags: Array<{ id: string; name: string }>;
}

/** A row's cells by field, as stored between the upload and the apply. */
export type RowCells = Partial<Record<BusinessImportField, string>>;
export type GeocodeState = ImportRow["geocode"];

export interface StoredRow {
  line: number;
  cells: RowCells;
  geocode: GeocodeState;
}


/** What applying a row writes: the business's fields, with categories and tags by id or, when still to be created, by name. */
export interface RowWrite {
  values: Record<TextField, string | null> & YesNoValues & { lat: number; lng: number };
  /** A business whose category was deleted keeps having none while the file leaves the cell blank. */
  category: { id: string | null } | { create: string };
  tags: Array<{ id: string } | { create: string }>;
}

export interface EvaluatedRow extends ImportRow {
  write: RowWrite | null;
  /** True when the row has no coordinates and an address to look up. */
  needsGeocode: boolean;
}

/**
 * The mapping each header gets: the one given, else what the last import did with a header of that name, else the
 * field whose known headers include it. A field is taken by one header only.
 */
export function autoMapping(headers: readonly string[], remembered: ImportMapping = {}, given?: ImportMapping): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const choice = given?.[header] ?? remembered[header] ?? guess(header);
    if (choice && !taken.has(choice)) {
      mapping[header] = choice;
      taken.add(choice);
    } else mapping[header] = "";
  }
  return mapping;
}

function guess(header: string): BusinessImportField | "" {
  const key = headerKey(header);
  return BUSINESS_IMPORT_FIELD_NAMES.find((name) => (BUSINESS_IMPORT_FIELDS[name].headers as readonly string[]).includes(key)) ?? "";
}

/** The cells of each data row by field, per the mapping; undoes the export's neutralising of formula-like text. */
export function mapRows(headers: readonly string[], rows: readonly string[][], mapping: ImportMapping): RowCells[] {
  const columns = headers.map((header) => mapping[header] ?? "");
  return rows.map((row) => {
    const cells: RowCells = {};
    columns.forEach((field, i) => {
      if (field) cells[field] = unneutralise(row[i] ?? "").trim();
    });
    return cells;
  });
}

/** Name and address compared without case, accents, punctuation or extra spaces. */
export function matchKey(name: string | null | undefined, address: string | null | undefined): string {
  const norm = (text: string | null | undefined) =>
    (text ?? "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  return `${norm(name)}|${norm(address)}`;
}

/**
 * A tags cell: names separated by semicolons (as exported), or by commas when there is no semicolon. A cell without
 * semicolons that is one known tag's whole name ("Beer, Wine & Spirits", as exported for a business with only that
 * tag) is that tag.
 */
export function splitTags(cell: string, isTag: (name: string) => boolean = () => false): string[] {
  const whole = cell.trim();
  if (!whole.includes(";") && whole && isTag(whole)) return [whole];
  const parts = whole.includes(";") ? whole.split(";") : whole.split(",");
  return [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
}

const lower = (text: string) => text.trim().toLowerCase();

/** Reads each row against the stored businesses; one row's errors never stop the others. */
export class RowEvaluator {
  private readonly byId: Map<string, StoredBusiness>;
  private readonly byKey = new Map<string, StoredBusiness[]>();
  private readonly byName = new Map<string, StoredBusiness[]>();
  private readonly categoryByName: Map<string, { id: string; name: string }>;
  private readonly categoryById: Map<string, { id: string; name: string }>;
  private readonly tagByName: Map<string, { id: string; name: string }>;
  private readonly tagById: Map<string, { id: string; name: string }>;
  private readonly createMissing: boolean;
  private readonly fields: Set<BusinessImportField>;

  constructor(catalog: Catalog, options: { createMissing: boolean; mapping: ImportMapping }) {
    this.byId = new Map(catalog.businesses.map((b) => [b.id, b]));
    const add = (index: Map<string, StoredBusiness[]>, key: string, business: StoredBusiness) => {
      const list = index.get(key);
      if (list) list.push(business);
      else index.set(key, [business]);
    };
    for (const business of catalog.businesses) {
      add(this.byKey, matchKey(business.name, business.address), business);
      add(this.byName, matchKey(business.name, null), business);
    }
    this.categoryByName = new Map(catalog.categories.map((c) => [lower(c.name), c]));
    this.categoryById = new Map(catalog.categories.map((c) => [c.id, c]));
    this.tagByName = new Map(catalog.tags.map((t) => [lower(t.name), t]));
    this.tagById = new Map(catalog.tags.map((t) => [t.id, t]));
    this.createMissing = options.createMissing;
    this.fields = new Set(Object.values(options.mapping).filter((f): f is BusinessImportField => f !== ""));
  }

  /** Whether the row brings this field: its column is mapped, or the row's fix gave the cell. */
  private has(cells: RowCells, field: BusinessImportField): boolean {
    return this.fields.has(field) || cells[field] !== undefined;
  }

  /** Every row, with in-file duplicates flagged on the later row. */
  evaluate(rows: readonly StoredRow[]): EvaluatedRow[] {
    const evaluated: EvaluatedRow[] = [];
    this.evaluateEach(rows, (row) => void evaluated.push(row));
    return evaluated;
  }

  /**
   * `evaluate`, handing each row to `visit` as it is evaluated rather than keeping them all: what a caller needs of
   * 10,000 rows is often much less than the rows (their writes, their totals).
   */
  evaluateEach(rows: readonly StoredRow[], visit: (row: EvaluatedRow) => void): void {
    const seen = new Map<string, number>();
    for (const row of rows) {
      const evaluated = this.evaluateRow(row);
      const key = row.cells.id ? `id:${row.cells.id}` : `key:${matchKey(row.cells.name, row.cells.address)}`;
      const first = seen.get(key);
      if (first !== undefined && (row.cells.id || row.cells.name)) {
        evaluated.errors.name ??= importMessages.duplicate(first);
        visit(finish(evaluated));
        continue;
      }
      seen.set(key, row.line);
      visit(evaluated);
    }
  }

  private evaluateRow(row: StoredRow): EvaluatedRow {
    const { cells } = row;
    const errors: Record<string, string> = {};
    const result: EvaluatedRow = { line: row.line, status: "new", businessId: null, cells: { ...cells }, changes: [], errors, geocode: row.geocode, write: null, needsGeocode: false };

    // Which stored business the row is, if any.
    let current: StoredBusiness | undefined;
    if (cells.id) {
      current = this.byId.get(cells.id);
      if (!current) errors.id = importMessages.unknownId;
    } else if (cells.name) {
      // Without an address, the name alone says which business the row is.
      const withAddress = this.has(cells, "address");
      const matches = (withAddress ? this.byKey.get(matchKey(cells.name, cells.address)) : this.byName.get(matchKey(cells.name, null))) ?? [];
      if (matches.length > 1) errors.name = withAddress ? importMessages.ambiguous : importMessages.ambiguousName;
      current = matches.length === 1 ? matches[0] : undefined;
    }
    result.businessId = current?.id ?? null;

    const values = {} as RowWrite["values"];
    for (const name of TEXT_FIELDS) {
      if (!this.has(cells, name)) {
        values[name] = current ? current[name] : null;
        continue;
      }
      const parsed = businessFields[name].input.safeParse(cells[name] ?? "");
      if (parsed.success) values[name] = parsed.data as string | null;
      else errors[name] = parsed.error.issues[0]?.message ?? importMessages.notANumber;
    }

    this.yesNo(cells, current, values, errors);

    // Without a Name column, a row can still update a business found by its id, but never add one.
    if (!values.name && !errors.name) errors.name = businessFields.name.input.safeParse("").error?.issues[0]?.message ?? importMessages.nameNotMapped;

    const category = this.category(cells, current, errors);
    const tags = this.tags(cells, current, errors);
    const position = this.position(row, current, values.address, errors, result);

    if (Object.keys(errors).length === 0 && category && tags && position) {
      Object.assign(values, position);
      result.write = { values, category, tags };
      if (current) result.changes = this.changes(current, result.write);
      result.status = current ? (result.changes.length > 0 ? "update" : "unchanged") : "new";
    } else if (current) result.status = "update";
    return finish(result);
  }

  /** The yes/no columns: each one given is yes or no (blank is no); those not given stay as stored (none for a new business). */
  private yesNo(cells: RowCells, current: StoredBusiness | undefined, values: RowWrite["values"], errors: Record<string, string>) {
    for (const field of YES_NO_FIELDS) {
      const columns = BUSINESS_YES_NO_COLUMNS.filter((c) => c.field === field);
      const held = new Map(columns.map((c) => [c.key, current !== undefined && holds(c, current[field])]));
      for (const column of columns) {
        if (!this.has(cells, column.key as BusinessImportField)) continue;
        const value = readYesNo(cells[column.key as BusinessImportField] ?? "");
        if (value === null) errors[column.key] = importMessages.notYesNo(column.label);
        else held.set(column.key, value);
      }
      const single = columns[0]?.choice === null;
      (values as Record<YesNoField, string | number>)[field] = single ? (held.get(columns[0]!.key) ? 1 : 0) : JSON.stringify(columns.flatMap((c) => (held.get(c.key) ? [c.choice] : [])));
    }
  }

  private category(cells: RowCells, current: StoredBusiness | undefined, errors: Record<string, string>): RowWrite["category"] | null {
    if (!this.has(cells, "category") || (!cells.category && current && current.categoryId === null)) {
      if (current) return { id: current.categoryId };
      errors.category = businessFields.categoryId.input.safeParse("").error?.issues[0]?.message ?? "Category is required.";
      return null;
    }
    const cell = cells.category ?? "";
    if (!cell) {
      errors.category = businessFields.categoryId.input.safeParse("").error?.issues[0]?.message ?? "Category is required.";
      return null;
    }
    const found = this.categoryByName.get(lower(cell)) ?? this.categoryById.get(cell);
    if (found) return { id: found.id };
    if (this.createMissing) return { create: cell };
    errors.category = importMessages.unknownCategory(cell);
    return null;
  }

  private tags(cells: RowCells, current: StoredBusiness | undefined, errors: Record<string, string>): RowWrite["tags"] | null {
    if (!this.has(cells, "tags")) return (current?.tagIds ?? []).map((id) => ({ id }));
    const tags: RowWrite["tags"] = [];
    for (const name of splitTags(cells.tags ?? "", (whole) => this.tagByName.has(lower(whole)))) {
      const found = this.tagByName.get(lower(name)) ?? this.tagById.get(name);
      if (found) tags.push({ id: found.id });
      else if (this.createMissing) tags.push({ create: name });
      else {
        errors.tags = importMessages.unknownTag(name);
        return null;
      }
    }
    return tags;
  }

  /** The row's position: its own coordinates, else the stored ones while the address stays, else what geocoding found. */
  private position(
    row: StoredRow,
    current: StoredBusiness | undefined,
    address: string | null,
    errors: Record<string, string>,
    result: EvaluatedRow,
  ): { lat: number; lng: number } | null {
    // Geocoding fills these in even when the file had no such columns.
    const latCell = row.cells.latitude ?? "";
    const lngCell = row.cells.longitude ?? "";
    if (latCell === "" && lngCell === "") {
      if (current && (address ?? "") === (current.address ?? "")) return { lat: current.lat, lng: current.lng };
      if (!address) {
        errors.latitude = importMessages.coordinatesMissing;
        return null;
      }
      result.needsGeocode = true;
      if (row.geocode === "failed") errors.address = importMessages.geocodeFailed;
      if (row.geocode === "unavailable") errors.address = importMessages.geocodeUnavailable;
      // Still waiting for geocoding: the row is what it will be, without a position yet.
      return null;
    }
    const lat = coordinate(latCell, businessFields.lat.input, "latitude", errors);
    const lng = coordinate(lngCell, businessFields.lng.input, "longitude", errors);
    return lat === null || lng === null ? null : { lat, lng };
  }

  private changes(current: StoredBusiness, write: RowWrite): ImportRow["changes"] {
    const changes: ImportRow["changes"] = [];
    for (const name of TEXT_FIELDS) {
      if (current[name] !== write.values[name]) changes.push({ field: name, from: current[name], to: write.values[name] });
    }
    for (const column of BUSINESS_YES_NO_COLUMNS) {
      const [before, after] = [holds(column, current[column.field as YesNoField]), holds(column, write.values[column.field as YesNoField])];
      if (before !== after) changes.push({ field: column.key, from: before ? "yes" : "no", to: after ? "yes" : "no" });
    }
    const categoryName = (id: string | null) => (id ? (this.categoryById.get(id)?.name ?? null) : null);
    const newCategory = "id" in write.category ? categoryName(write.category.id) : write.category.create;
    if (!("id" in write.category) || write.category.id !== current.categoryId) {
      changes.push({ field: "category", from: categoryName(current.categoryId), to: newCategory });
    }
    if (Math.abs(current.lat - write.values.lat) > 1e-9) changes.push({ field: "latitude", from: String(current.lat), to: String(write.values.lat) });
    if (Math.abs(current.lng - write.values.lng) > 1e-9) changes.push({ field: "longitude", from: String(current.lng), to: String(write.values.lng) });
    const tagNames = (tags: RowWrite["tags"]) =>
      tags
        .map((t) => ("id" in t ? (this.tagById.get(t.id)?.name ?? t.id) : t.create))
        .sort((a, b) => a.localeCompare(b))
        .join("; ");
    const before = tagNames(current.tagIds.map((id) => ({ id })));
    const after = tagNames(write.tags);
    if (before.toLowerCase() !== after.toLowerCase()) changes.push({ field: "tags", from: before || null, to: after || null });
    return changes;
  }
}

function coordinate(cell: string, rule: { safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: Array<{ message: string }> } } }, field: string, errors: Record<string, string>): number | null {
  const number = Number(cell.replace(",", "."));
  if (cell === "" || !Number.isFinite(number)) {
    errors[field] = cell === "" ? (rule.safeParse(undefined).error?.issues[0]?.message ?? importMessages.notANumber) : importMessages.notANumber;
    return null;
  }
  const parsed = rule.safeParse(number);
  if (!parsed.success) {
    errors[field] = parsed.error?.issues[0]?.message ?? importMessages.notANumber;
    return null;
  }
  return number;
}

function finish(row: EvaluatedRow): EvaluatedRow {
  if (Object.keys(row.errors).length > 0) {
    row.status = "error";
    row.write = null;
    row.changes = [];
  }
  return row;
}

export function summarize(rows: readonly EvaluatedRow[]): ImportSummary {
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, errors: 0 };
  for (const row of rows) count(summary, row);
  return summary;
}

/** Adds the row to the totals. */
export function count(summary: ImportSummary, row: Pick<EvaluatedRow, "status">): void {
  if (row.status === "error") summary.errors++;
  else if (row.status === "update") summary.updated++;
  else if (row.status === "unchanged") summary.unchanged++;
  else summary.created++;
}
