// The search index as the service sees it; one implementation per database engine.
import type { Database } from "../../db/database.ts";
import type { SearchType } from "../../../shared/schemas/search.ts";
import { PostgresSearchRepository } from "./search-postgres.repository.ts";
import { SqliteSearchRepository } from "./search-sqlite.repository.ts";

/** One query word: documents match it when one of their words starts with `prefix` or is one of `words`. */
export interface WordMatch {
  prefix: string;
  /** Whole indexed words taken for it when it looked misspelt. */
  words: string[];
}

export interface FindOptions {
  /** Every one of these must match (in any column). */
  match: WordMatch[];
  types: readonly SearchType[];
  /** At most this many rows in all, best first... */
  limit: number;
  /** ...and, when given, at most this many of each type. */
  perType?: number;
}

export interface SearchRow {
  kind: SearchType;
  ref: string;
  name: string;
  body: string;
}

export interface SearchRepository {
  /**
   * Matching documents ranked: all words in the name first, then a name starting with the first
   * word, then the engine's relevance (name counts most, then category and tags, then the rest).
   */
  find(options: FindOptions): Promise<SearchRow[]>;
  /** Indexed words that may be what `word` meant; the caller decides which really are. */
  typoCandidates(word: string): Promise<string[]>;
}

export function createSearchRepository(database: Database): SearchRepository {
  return database.dialect === "postgres" ? new PostgresSearchRepository(database.db) : new SqliteSearchRepository(database.db);
}
