// Imports as stored: the file, its rows and their geocoding, and the last mapping used. Applying and undoing are
// their own repositories (import-apply.repository.ts, import-undo.repository.ts), reached through this one.
import type { Kysely, Transaction } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { ImportMapping, ImportSummary } from "#shared/schemas/data-import.ts";
import type { Catalog, GeocodeState, RowCells, StoredRow } from "./business-rows.ts";
import type { EventCatalog } from "./event-rows.ts";
import { ImportApplyRepository, type ApplyPlan, type EventPlan } from "./import-apply.repository.ts";
import { chunks, type ImportRecord, type KeptOnUndo, type StoredOptions, type UndoRecord } from "./import-stored.ts";
import { ImportUndoRepository, type UndoOutcome } from "./import-undo.repository.ts";

export class ImportRepository {
  private readonly db: Kysely<DB>;
  private readonly applying: ImportApplyRepository;
  private readonly undoing: ImportUndoRepository;
  constructor(db: Kysely<DB>) {
    this.db = db;
    this.applying = new ImportApplyRepository(db);
    this.undoing = new ImportUndoRepository(db);
  }

  /** See `ImportApplyRepository.catalog`. */
  catalog(named: readonly { cells: RowCells }[], db?: Kysely<DB>): Promise<Catalog> {
    return this.applying.catalog(named, db);
  }

  eventCatalog(): Promise<Omit<EventCatalog, "timeZone">> {
    return this.applying.eventCatalog();
  }

  /** See `ImportApplyRepository.apply`. */
  apply(importId: string, named: readonly { cells: RowCells }[], planFor: (catalog: Catalog) => ApplyPlan): Promise<boolean> {
    return this.applying.apply(importId, named, planFor);
  }

  applyEvents(importId: string, plan: EventPlan): Promise<boolean> {
    return this.applying.applyEvents(importId, plan);
  }

  /** See `ImportUndoRepository.undo`. */
  undo(importId: string, actor: { id: string; email: string }, auditNote: string): Promise<UndoOutcome | null> {
    return this.undoing.undo(importId, actor, auditNote);
  }

  keptOnUndo(id: string): Promise<KeptOnUndo[]> {
    return this.undoing.keptOnUndo(id);
  }

  async create(record: Omit<ImportRecord, "appliedAt" | "undoneAt" | "status">, source: Uint8Array, rows: StoredRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("data_import")
        .values({
          id: record.id,
          kind: record.kind,
          status: "preview",
          fileName: record.fileName,
          source: Buffer.from(source),
          options: JSON.stringify(record.options),
          headers: JSON.stringify(record.headers),
          createdById: record.createdById,
          createdByEmail: record.createdByEmail,
          createdAt: record.createdAt,
        })
        .execute();
      await this.insertRows(trx, record.id, rows);
    });
  }

  private async insertRows(trx: Transaction<DB>, importId: string, rows: StoredRow[]): Promise<void> {
    for (const batch of chunks(rows)) {
      await trx
        .insertInto("data_import_row")
        .values(batch.map((row) => ({ importId, rowNumber: row.line, cells: JSON.stringify(row.cells), geocode: row.geocode })))
        .execute();
    }
  }

  /** Read again with other options: the rows start over. */
  async replace(id: string, options: StoredOptions, headers: string[], rows: StoredRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("data_import").set({ options: JSON.stringify(options), headers: JSON.stringify(headers) }).where("id", "=", id).execute();
      await trx.deleteFrom("data_import_row").where("importId", "=", id).execute();
      await this.insertRows(trx, id, rows);
    });
  }

  async get(id: string): Promise<ImportRecord | undefined> {
    const row = await this.db
      .selectFrom("data_import")
      .select(["id", "kind", "status", "fileName", "options", "headers", "createdById", "createdByEmail", "createdAt", "appliedAt", "undoneAt"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...row,
      status: row.status as ImportRecord["status"],
      options: JSON.parse(row.options) as StoredOptions,
      headers: JSON.parse(row.headers) as string[],
    };
  }

  async getSource(id: string): Promise<Uint8Array | undefined> {
    const row = await this.db.selectFrom("data_import").select("source").where("id", "=", id).executeTakeFirst();
    return row ? new Uint8Array(row.source) : undefined;
  }

  /** The totals of the preview as applied. */
  async appliedSummary(id: string): Promise<ImportSummary | undefined> {
    const row = await this.db.selectFrom("data_import").select("undo").where("id", "=", id).executeTakeFirst();
    return row?.undo ? (JSON.parse(row.undo) as UndoRecord).summary : undefined;
  }

  /** The newest imports first, without their rows. */
  async getRecent(limit: number): Promise<ImportRecord[]> {
    const ids = await this.db.selectFrom("data_import").select("id").orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
    const records = await Promise.all(ids.map((r) => this.get(r.id)));
    return records.filter((r): r is ImportRecord => r !== undefined);
  }

  async getRows(id: string): Promise<StoredRow[]> {
    const rows = await this.db
      .selectFrom("data_import_row")
      .select(["rowNumber", "cells", "geocode"])
      .where("importId", "=", id)
      .orderBy("rowNumber")
      .execute();
    return rows.map((r) => ({ line: r.rowNumber, cells: JSON.parse(r.cells) as RowCells, geocode: r.geocode as GeocodeState }));
  }

  /** How many of an import's rows are in each state of geocoding. */
  async geocodeCounts(id: string): Promise<Record<GeocodeState, number>> {
    const rows = await this.db
      .selectFrom("data_import_row")
      .select((eb) => ["geocode", eb.fn.countAll<number>().as("count")])
      .where("importId", "=", id)
      .groupBy("geocode")
      .execute();
    const counts: Record<string, number> = { none: 0, pending: 0, done: 0, failed: 0, unavailable: 0 };
    for (const row of rows) counts[row.geocode] = Number(row.count);
    return counts as Record<GeocodeState, number>;
  }

  async updateRow(id: string, line: number, cells: RowCells, geocode: GeocodeState): Promise<boolean> {
    const result = await this.db
      .updateTable("data_import_row")
      .set({ cells: JSON.stringify(cells), geocode })
      .where("importId", "=", id)
      .where("rowNumber", "=", line)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The mapping of the newest CSV import, remembered for the next one. */
  async lastMapping(): Promise<ImportMapping> {
    const row = await this.db
      .selectFrom("data_import")
      .select("options")
      .where("kind", "=", "businesses")
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? (JSON.parse(row.options) as StoredOptions).mapping : {};
  }

  /** The next row waiting for geocoding, oldest import first. */
  async nextPendingGeocode(): Promise<{ importId: string; line: number; cells: RowCells } | undefined> {
    const row = await this.db
      .selectFrom("data_import_row")
      .innerJoin("data_import", "data_import.id", "data_import_row.importId")
      .select(["data_import_row.importId", "data_import_row.rowNumber", "data_import_row.cells"])
      .where("data_import_row.geocode", "=", "pending")
      .where("data_import.status", "=", "preview")
      .orderBy("data_import.createdAt")
      .orderBy("data_import_row.rowNumber")
      .limit(1)
      .executeTakeFirst();
    return row ? { importId: row.importId, line: row.rowNumber, cells: JSON.parse(row.cells) as RowCells } : undefined;
  }

  /** Stores a geocoding result, unless the row changed meanwhile (it is then looked up again). */
  async finishGeocode(importId: string, line: number, before: RowCells, cells: RowCells, state: GeocodeState): Promise<void> {
    await this.db
      .updateTable("data_import_row")
      .set({ cells: JSON.stringify(cells), geocode: state })
      .where("importId", "=", importId)
      .where("rowNumber", "=", line)
      .where("cells", "=", JSON.stringify(before))
      .where("geocode", "=", "pending")
      .execute();
  }
}
