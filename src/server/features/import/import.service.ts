// Importing businesses from CSV: read the file, preview every row against the stored businesses, apply all of it or
// nothing, and undo it for a week. Administrators only.
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { Conflict, NotFound, Validation } from "#server/errors.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import {
  CSV_DELIMITERS,
  IMPORT_LIMITS,
  ImportOptionsSchema,
  importMessages,
  type CsvDelimiterName,
  type ImportOptionsInput,
  type ImportPreview,
  type ImportSummary,
} from "#shared/schemas/data-import.ts";
import { autoMapping, count, mapRows, RowEvaluator, summarize, type Catalog, type EvaluatedRow, type RowCells, type StoredRow } from "./business-rows.ts";
import { decode, readCsv } from "./csv.ts";
import { fetchPublicFile, type FetchFile } from "./remote-file.ts";
import { EVENT_CELLS, evaluateEvents, isCalendar, readCalendar, type EventCatalog } from "./event-rows.ts";
import type { ApplyPlan } from "./import-apply.repository.ts";
import type { ImportRecord, StoredOptions } from "./import-stored.ts";
import type { ImportRepository } from "./import.repository.ts";
import { describe, describeKept, toPreview, undoDeadline } from "./import-preview.ts";

/** New categories get colours in turn from this muted palette; an administrator can change them afterwards. */
const CATEGORY_COLORS = ["#2f6f8f", "#8f5a2f", "#4f7f3a", "#7a4f8f", "#8f2f4f", "#3a6f6a", "#6f6a2f", "#55606e"];

function parseOptions(input: ImportOptionsInput) {
  const parsed = ImportOptionsSchema.safeParse(input);
  if (!parsed.success) {
    throw Validation("The import options are not valid.", fieldErrors(parsed.error.issues));
  }
  return parsed.data;
}

const delimiterName = (delimiter: string): CsvDelimiterName =>
  (Object.entries(CSV_DELIMITERS).find(([, value]) => value === delimiter)?.[0] as CsvDelimiterName | undefined) ?? "comma";

/** Removes stored files and their narrower copies, as deleting a business does (the file service). */
export interface FileRemover {
  deleteForEntity(...fullPaths: Array<string | null | undefined>): Promise<void>;
}

/** Something that wants to hear when rows are waiting for geocoding (the background job). */
export interface GeocodeQueue {
  wake(): void;
}

export class ImportService {
  private readonly repository: ImportRepository;
  private geocodeQueue: GeocodeQueue | null = null;
  private readonly fetchFile: FetchFile;
  private readonly timeZone: () => Promise<string>;
  constructor(repository: ImportRepository, options: { fetchFile?: FetchFile; timeZone?: () => Promise<string> } = {}) {
    this.repository = repository;
    this.fetchFile = options.fetchFile ?? fetchPublicFile;
    // The site's time zone (a calendar's all-day events and skipped dates are days there).
    this.timeZone = options.timeZone ?? (() => Promise.resolve("UTC"));
  }

  /** Reads a calendar (or CSV) from its address and answers the preview, as for an uploaded file. */
  async createFromUrl(viewer: CurrentUser | null, url: string): Promise<ImportPreview> {
    requireRole(viewer, "admin");
    return this.create(viewer, await this.fetchFile(url));
  }

  /** The background geocoder to wake when rows need coordinates. */
  setGeocodeQueue(queue: GeocodeQueue): void {
    this.geocodeQueue = queue;
  }

  /** Reads the file and stores it with its rows; nothing else is written. Answers the preview. */
  async create(viewer: CurrentUser | null, file: { name: string; bytes: Uint8Array }, input: ImportOptionsInput = {}): Promise<ImportPreview> {
    const admin = requireRole(viewer, "admin");
    const options = parseOptions(input);
    const calendar = file.bytes.byteLength <= IMPORT_LIMITS.bytes && isCalendar(decode(file.bytes.subarray(0, 1024)).text.replace(/^\uFEFF/, ""));
    if (calendar) {
      const { stored, headers, rows } = this.readEvents(file.bytes, await this.timeZone());
      const id = await this.store(admin, file, "events", stored, headers, rows);
      return this.get(admin, id);
    }
    const read = await this.read(file.bytes, options);
    const id = await this.store(admin, file, "businesses", read.stored, read.headers, read.rows);
    this.wakeGeocoder(read.rows);
    // The preview from the rows just read and compared, rather than read and compared again.
    return this.previewOf(id, read.catalog, read.evaluated);
  }

  private async store(admin: CurrentUser, file: { name: string; bytes: Uint8Array }, kind: "events" | "businesses", options: StoredOptions, headers: string[], rows: StoredRow[]): Promise<string> {
    const id = newId();
    await this.repository.create(
      { id, kind, fileName: file.name.slice(0, 200) || "import.csv", options, headers, createdById: admin.id, createdByEmail: admin.email, createdAt: new Date().toISOString() },
      file.bytes,
      rows,
    );
    return id;
  }

  /** The preview of an import just read, from its rows as evaluated. */
  private async previewOf(id: string, catalog: Catalog, evaluated: EvaluatedRow[]): Promise<ImportPreview> {
    const record = await this.repository.get(id);
    if (!record) throw NotFound(importMessages.notFound);
    return toPreview(record, catalog, evaluated);
  }

  /** Reads the stored file again with other options (delimiter, encoding, mapping, creating missing categories and tags). */
  async reconfigure(viewer: CurrentUser | null, id: string, input: ImportOptionsInput): Promise<ImportPreview> {
    const admin = requireRole(viewer, "admin");
    const record = await this.previewRecord(id);
    const options = parseOptions(input);
    // A calendar has no delimiter, encoding or columns to choose.
    if (record.kind === "events") return this.get(admin, id);
    const source = (await this.repository.getSource(id))!;
    const read = await this.read(source, options, record.headers);
    await this.repository.replace(id, read.stored, read.headers, read.rows);
    this.wakeGeocoder(read.rows);
    return this.previewOf(id, read.catalog, read.evaluated);
  }

  /** Corrects one row's cells (a fix made beside the preview); a row without coordinates is looked up again. */
  async updateRow(viewer: CurrentUser | null, id: string, line: number, cells: RowCells): Promise<ImportPreview> {
    const admin = requireRole(viewer, "admin");
    const record = await this.previewRecord(id);
    const rows = await this.repository.getRows(id);
    const row = rows.find((r) => r.line === line);
    if (!row) throw NotFound("There is no such row in this import.");
    const merged: RowCells = { ...row.cells, ...cells };
    if (record.kind === "events") {
      await this.repository.updateRow(id, line, merged, "none");
      return this.get(admin, id);
    }
    const evaluated = new RowEvaluator(await this.repository.catalog([{ cells: merged }]), record.options).evaluate([{ ...row, cells: merged, geocode: "none" }])[0]!;
    const geocode = evaluated.needsGeocode ? "pending" : "none";
    await this.repository.updateRow(id, line, merged, geocode);
    if (geocode === "pending") this.geocodeQueue?.wake();
    return this.get(admin, id);
  }

  async get(viewer: CurrentUser | null, id: string): Promise<ImportPreview> {
    requireRole(viewer, "admin");
    const record = await this.repository.get(id);
    if (!record) throw NotFound(importMessages.notFound);
    if (record.kind === "events" && record.status === "preview") {
      return toPreview(record, { businesses: [], categories: [], tags: [] }, evaluateEvents(await this.eventCatalog(), await this.repository.getRows(id)));
    }
    if (record.status === "preview") {
      const rows = await this.repository.getRows(id);
      const catalog = await this.repository.catalog(rows);
      return toPreview(record, catalog, this.evaluate(catalog, record.options, rows));
    }
    // An applied or undone import shows the rows as they were written: only the known categories and tags are read.
    const preview = toPreview(record, await this.repository.catalog([]), await this.appliedRows(id));
    const kept = record.status === "undone" ? (await this.repository.keptOnUndo(id)).map((k) => describeKept(record.kind, k)) : [];
    return { ...preview, summary: (await this.repository.appliedSummary(id)) ?? preview.summary, keptOnUndo: kept };
  }

  /** How far geocoding has come: what the import screen polls, without reading every row each time. */
  async geocodingProgress(viewer: CurrentUser | null, id: string): Promise<ImportPreview["geocoding"]> {
    requireRole(viewer, "admin");
    if (!(await this.repository.get(id))) throw NotFound(importMessages.notFound);
    const { pending, done, failed, unavailable } = await this.repository.geocodeCounts(id);
    return { total: pending + done + failed + unavailable, done, failed: failed + unavailable, pending };
  }

  /** The newest imports, for the screen's history and its undo button. */
  async listRecent(viewer: CurrentUser | null): Promise<Array<Omit<ImportPreview, "rows" | "missingCategories" | "missingTags" | "summary" | "geocoding" | "keptOnUndo">>> {
    requireRole(viewer, "admin");
    const records = await this.repository.getRecent(10);
    return records.map((record) => describe(record));
  }

  /**
   * Writes every row, or none: refused while any row has an error or waits for geocoding, and undone entirely when any
   * write fails. Businesses missing from the file are left as they are.
   */
  async apply(viewer: CurrentUser | null, id: string): Promise<ImportPreview> {
    const admin = requireRole(viewer, "admin");
    const record = await this.previewRecord(id);
    let storedRows: StoredRow[] | null = await this.repository.getRows(id);
    if (record.kind === "events") return this.applyEvents(admin, record, storedRows);
    let applied: boolean;
    try {
      // Planned inside the transaction, on the businesses as they are now (they may have changed since the preview);
      // the rows read are let go once planned, before the writes.
      applied = await this.repository.apply(id, storedRows, (catalog) => {
        const plan = this.plan(catalog, record, storedRows!, admin);
        storedRows = null;
        return plan;
      });
    } catch (error) {
      if (error instanceof Error && "status" in error) throw error;
      throw Conflict(`The import could not be applied, and nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!applied) throw Conflict(importMessages.notPreview);
    return this.get(admin, id);
  }

  /**
   * Restores what the import changed and removes what it added, for 7 days after it was applied; what changed after
   * the import is kept, and listed in the answer. The files of the businesses and events removed are deleted too.
   */
  async undo(viewer: CurrentUser | null, id: string, files: FileRemover): Promise<ImportPreview> {
    const admin = requireRole(viewer, "admin");
    const record = await this.repository.get(id);
    if (!record) throw NotFound(importMessages.notFound);
    if (record.status !== "applied" || !record.appliedAt) throw Conflict(importMessages.notApplied);
    if (Date.now() > undoDeadline(record.appliedAt)) throw Conflict(importMessages.undoExpired);
    const outcome = await this.repository.undo(id, admin, `undo of import ${record.fileName}, ${id}`);
    if (!outcome) throw Conflict(importMessages.notApplied);
    await files.deleteForEntity(...outcome.files);
    return this.get(admin, id);
  }

  /** Events are written all together; the preview's checks run again just before. */
  private async applyEvents(admin: CurrentUser, record: ImportRecord, rows: StoredRow[]): Promise<ImportPreview> {
    const evaluated = evaluateEvents(await this.eventCatalog(), rows);
    const failing = evaluated.filter((row) => row.status === "error" || !row.write);
    if (failing.length > 0) throw Validation(importMessages.hasErrors(failing.length));
    const events = evaluated
      .filter((row) => row.status !== "unchanged")
      .map((row) => ({ id: row.businessId ?? newId(), isNew: row.businessId === null, values: row.write!, cancel: row.cancel, move: row.move }));
    let applied: boolean;
    try {
      applied = await this.repository.applyEvents(record.id, { events, actor: { id: admin.id, email: admin.email }, auditNote: `import ${record.fileName}, ${record.id}`, summary: summarize(evaluated as unknown as EvaluatedRow[]) });
    } catch (error) {
      throw Conflict(`The import could not be applied, and nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!applied) throw Conflict(importMessages.notPreview);
    return this.get(admin, record.id);
  }

  private async eventCatalog(): Promise<EventCatalog> {
    return { ...(await this.repository.eventCatalog()), timeZone: await this.timeZone() };
  }

  private readEvents(bytes: Uint8Array, timeZone: string) {
    if (bytes.byteLength > IMPORT_LIMITS.bytes) throw Validation(importMessages.tooLarge, { file: importMessages.tooLarge });
    const { text, encoding } = decode(bytes);
    const rows = readCalendar(text.replace(/^\uFEFF/, ""), timeZone);
    if (rows.length > IMPORT_LIMITS.rows) throw Validation(importMessages.tooManyRows, { file: importMessages.tooManyRows });
    const mapping = Object.fromEntries(EVENT_CELLS.map((cell) => [cell, ""])) as StoredOptions["mapping"];
    const stored: StoredOptions = { delimiter: "comma", encoding, createMissing: false, mapping };
    return { stored, headers: [...EVENT_CELLS], rows };
  }

  private async previewRecord(id: string): Promise<ImportRecord> {
    const record = await this.repository.get(id);
    if (!record) throw NotFound(importMessages.notFound);
    if (record.status !== "preview") throw Conflict(importMessages.notPreview);
    return record;
  }

  private async read(bytes: Uint8Array, options: ReturnType<typeof parseOptions>, previousHeaders?: string[]) {
    const table = readCsv(bytes, { encoding: options.encoding, delimiter: options.delimiter === "auto" ? "auto" : CSV_DELIMITERS[options.delimiter] });
    // A mapping chosen for other headers (after changing the delimiter) does not apply to these.
    const given = options.mapping && (!previousHeaders || sameHeaders(previousHeaders, table.headers)) ? options.mapping : undefined;
    const mapping = autoMapping(table.headers, await this.repository.lastMapping(), given);
    if (!Object.values(mapping).some(Boolean)) throw Validation(importMessages.noColumns, { mapping: importMessages.noColumns });
    const stored: StoredOptions = { delimiter: delimiterName(table.delimiter), encoding: table.encoding, createMissing: options.createMissing, mapping };
    const rows: StoredRow[] = mapRows(table.headers, table.rows, mapping).map((cells, i) => ({ line: table.lines[i]!, cells, geocode: "none" }));
    const catalog = await this.repository.catalog(rows);
    const evaluated = new RowEvaluator(catalog, stored).evaluate(rows);
    // A row without coordinates waits for geocoding: evaluated the same, pending or not (only a failed lookup is an error).
    evaluated.forEach((row, i) => {
      if (!row.needsGeocode) return;
      row.geocode = "pending";
      rows[i]!.geocode = "pending";
    });
    return { stored, headers: table.headers, rows, catalog, evaluated };
  }

  private wakeGeocoder(rows: readonly StoredRow[]) {
    if (rows.some((row) => row.geocode === "pending")) this.geocodeQueue?.wake();
  }

  private evaluate(catalog: Catalog, options: StoredOptions, rows: StoredRow[]): EvaluatedRow[] {
    return new RowEvaluator(catalog, options).evaluate(rows);
  }

  /** After apply, the rows are shown as they were written. */
  private async appliedRows(id: string): Promise<EvaluatedRow[]> {
    return (await this.repository.getRows(id)).map((row) => ({ line: row.line, status: "unchanged", businessId: null, cells: row.cells, changes: [], errors: {}, geocode: row.geocode, write: null, needsGeocode: false }));
  }

  /** What applying writes, with new categories and tags given ids; Validation when any row cannot be written. */
  private plan(catalog: Catalog, record: ImportRecord, rows: StoredRow[], admin: CurrentUser): ApplyPlan {
    // Each row let go once counted, and kept only when it writes: the unchanged rows of a large file hold nothing.
    const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, errors: 0 };
    let geocoding = false;
    let failing = 0;
    const writing: EvaluatedRow[] = [];
    new RowEvaluator(catalog, record.options).evaluateEach(rows, (row) => {
      count(summary, row);
      if (row.needsGeocode && row.geocode === "pending") geocoding = true;
      if (row.status === "error" || !row.write) failing++;
      else if (row.status !== "unchanged") writing.push(row);
    });
    if (geocoding) throw Conflict(importMessages.stillGeocoding);
    if (failing > 0) throw Validation(importMessages.hasErrors(failing));

    const categories = new Map<string, { id: string; name: string; color: string }>();
    const tags = new Map<string, { id: string; name: string }>();
    const businesses: ApplyPlan["businesses"] = [];
    for (const row of writing) {
      if (!row.write) continue;
      const { category, tags: rowTags, values } = row.write;
      let categoryId: string | null;
      if ("id" in category) categoryId = category.id;
      else {
        const key = category.create.toLowerCase();
        if (!categories.has(key)) categories.set(key, { id: newId(), name: category.create, color: CATEGORY_COLORS[categories.size % CATEGORY_COLORS.length]! });
        categoryId = categories.get(key)!.id;
      }
      const tagIds = rowTags.map((tag) => {
        if ("id" in tag) return tag.id;
        const key = tag.create.toLowerCase();
        if (!tags.has(key)) tags.set(key, { id: newId(), name: tag.create });
        return tags.get(key)!.id;
      });
      businesses.push({ id: row.businessId ?? newId(), isNew: row.businessId === null, values: { ...values, name: values.name ?? "", categoryId }, tagIds });
    }
    return {
      summary,
      categories: [...categories.values()],
      tags: [...tags.values()],
      businesses,
      actor: { id: admin.id, email: admin.email },
      auditNote: `import ${record.fileName}, ${record.id}`,
    };
  }
}

function sameHeaders(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((header, i) => header === b[i]);
}
