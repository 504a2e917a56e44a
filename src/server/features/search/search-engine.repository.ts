// What the two engines' indexes (search-sqlite, search-postgres) share: each reads the database as it is at each
// query, and answers suggestions (no `perType`) by tiers, a search page ranked.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { FindOptions, SearchIndex, SearchRepository, SearchRow } from "./search.repository.ts";

export abstract class EngineSearchRepository implements SearchRepository, SearchIndex {
  protected readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** The database as it is at each query. */
  snapshot(): Promise<SearchIndex> {
    return Promise.resolve(this);
  }

  async find(options: FindOptions): Promise<SearchRow[]> {
    if (options.match.length === 0 || options.types.length === 0) return [];
    return options.perType === undefined ? this.findByTier(options) : this.findRanked(options);
  }

  /** Suggestions: name matches first, the rest only filling the list. */
  protected abstract findByTier(options: FindOptions): Promise<SearchRow[]>;

  /** A search page: every match ranked, at most `perType` of each type. */
  protected abstract findRanked(options: FindOptions): Promise<SearchRow[]>;

  abstract typoCandidates(word: string): Promise<string[]>;
}
