// The search documents as the index in the process reads them (decision 0062): all of them, or only those changed
// since a mark (migration 0095-search-changes, src/server/db/change-marks.ts), and the clean-up of the marks of
// documents that are gone.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { changeMark, changesSince, clearGone, type ChangeMarks } from "#server/db/change-marks.ts";
import type { SearchDocumentRow } from "./search-memory.ts";

/** The row that keeps the highest mark cleared: no document's id (ids start at 1). */
export const CLEARED_ROW = 0;

const SEARCH_CHANGES: ChangeMarks<number> = { table: "search_change", key: "id", source: { table: "search_document", key: "id" }, cleared: CLEARED_ROW };

/** Documents read at once when every one is read. */
const PAGE = 5_000;

/** Ids asked for at once in one `in (...)`. */
const CHUNK = 500;

const COLUMNS = ["id", "kind", "ref", "name", "extra", "body"] as const;

export class SearchChangeRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Where the marks stand (src/server/db/change-marks.ts): taken before reading documents. */
  mark(): Promise<number> {
    return changeMark(this.db, SEARCH_CHANGES);
  }

  /**
   * Every document, by id: read a page at a time, `pause` awaited between pages, so that a read off the searches'
   * path (decisions 0062 and 0066) holds SQLite's synchronous reads, and the event loop, for one page at a time.
   */
  async documents(pause: () => Promise<void> = async () => {}): Promise<SearchDocumentRow[]> {
    const documents: SearchDocumentRow[] = [];
    for (let after = 0; ; ) {
      const page = await this.db.selectFrom("search_document").select(COLUMNS).where("id", ">", after).orderBy("id").limit(PAGE).execute();
      for (const row of page) documents.push({ ...row, id: Number(row.id) });
      if (page.length < PAGE) return documents;
      after = documents.at(-1)!.id;
      await pause();
    }
  }

  /** How many documents there are. */
  async count(): Promise<number> {
    const row = await this.db.selectFrom("search_document").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The ids of the documents written since `mark`, at most `limit`, and the mark to read from next; or null (change-marks.ts). */
  async changesSince(mark: number, limit: number): Promise<{ mark: number; ids: number[] } | null> {
    const changes = await changesSince(this.db, SEARCH_CHANGES, { mark, limit, next: await this.mark() });
    return changes && { mark: changes.mark, ids: changes.keys };
  }

  /** The documents of these ids that exist, by id. */
  async documentsOf(ids: readonly number[]): Promise<SearchDocumentRow[]> {
    const rows = [];
    for (let at = 0; at < ids.length; at += CHUNK) {
      rows.push(...(await this.db.selectFrom("search_document").select(COLUMNS).where("id", "in", ids.slice(at, at + CHUNK)).execute()));
    }
    return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
  }

  /** Clears the marks of documents that no longer exist, keeping the highest mark cleared; answers how many. */
  clearGone(): Promise<number> {
    return clearGone(this.db, SEARCH_CHANGES);
  }
}
