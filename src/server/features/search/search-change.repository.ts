// The search documents as the index in the process reads them (decision 0062): all of them, or only those changed
// since a mark (migration 0095-search-changes), and the clean-up of the marks of documents that are gone.
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { SearchDocumentRow } from "./search-memory.ts";

/** The row that keeps the highest mark cleared: no document's id (ids start at 1). */
export const CLEARED_ROW = 0;

/** Documents read at once when every one is read. */
const PAGE = 20_000;

/** Ids asked for at once in one `in (...)`. */
const CHUNK = 500;

const COLUMNS = ["id", "kind", "ref", "name", "extra", "body"] as const;

export class SearchChangeRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /**
   * Where the marks stand: a document marked at or past it was written after this read, or by a transaction this
   * read could not see yet. Taken before reading documents, so a write landing between the two is read again next
   * time rather than missed.
   */
  async mark(): Promise<number> {
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) {
      const { rows } = await sql<{ mark: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as mark`.execute(this.db);
      return Number(rows[0]!.mark);
    }
    const row = await this.db.selectFrom("search_change").select((eb) => eb.fn.max("seq").as("seq")).executeTakeFirst();
    return Number(row?.seq ?? 0) + 1;
  }

  /**
   * Every document, by id: read a page at a time, so that a read off the searches' path (decision 0062) holds
   * SQLite's synchronous reads, and the event loop, for one page at a time.
   */
  async documents(): Promise<SearchDocumentRow[]> {
    const documents: SearchDocumentRow[] = [];
    for (let after = 0; ; ) {
      const page = await this.db.selectFrom("search_document").select(COLUMNS).where("id", ">", after).orderBy("id").limit(PAGE).execute();
      for (const row of page) documents.push({ ...row, id: Number(row.id) });
      if (page.length < PAGE) return documents;
      after = documents.at(-1)!.id;
    }
  }

  /**
   * The ids of the documents written since `mark` (a `mark()`), at most `limit` of them, and the mark to read from
   * next time; null when more were written, when the marks went back (a database restored or replaced), or when
   * marks from `mark` on were cleared: then only reading every document tells what is there.
   */
  async changesSince(mark: number, limit: number): Promise<{ mark: number; ids: number[] } | null> {
    const next = await this.mark();
    if (next < mark) return null;
    const rows = await this.db
      .selectFrom("search_change")
      .select("id")
      // The generated types give bigint columns as text; the mark is compared as the number it is on both engines.
      .where("seq", ">=", mark as unknown as string)
      .limit(limit + 1)
      .execute();
    const ids = rows.map((row) => Number(row.id));
    if (ids.includes(CLEARED_ROW)) return null;
    return ids.length > limit ? null : { mark: next, ids };
  }

  /** The documents of these ids that exist, by id. */
  async documentsOf(ids: readonly number[]): Promise<SearchDocumentRow[]> {
    const rows = [];
    for (let at = 0; at < ids.length; at += CHUNK) {
      rows.push(...(await this.db.selectFrom("search_document").select(COLUMNS).where("id", "in", ids.slice(at, at + CHUNK)).execute()));
    }
    return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
  }

  /**
   * Clears the marks of documents that no longer exist, keeping the highest mark cleared in CLEARED_ROW (an index
   * read before it is read whole once); answers how many.
   */
  async clearGone(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const gone = trx
        .selectFrom("search_change")
        .select("search_change.id")
        .where("search_change.id", "!=", CLEARED_ROW)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom("search_document").select("search_document.id").whereRef("search_document.id", "=", "search_change.id"))));
      const highest = await trx
        .selectFrom("search_change")
        .select((eb) => [eb.fn.max("seq").as("seq"), eb.fn.countAll<number>().as("count")])
        .where("id", "in", gone)
        .executeTakeFirstOrThrow();
      if (Number(highest.count) === 0 || highest.seq === null) return 0;
      await trx.deleteFrom("search_change").where("id", "in", gone).execute();
      await trx
        .insertInto("search_change")
        .values({ id: CLEARED_ROW, seq: highest.seq })
        .onConflict((oc) => oc.column("id").doUpdateSet({ seq: sql`case when excluded.seq > search_change.seq then excluded.seq else search_change.seq end` }))
        .execute();
      return Number(highest.count);
    });
  }
}
