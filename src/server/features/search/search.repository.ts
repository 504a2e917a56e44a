// The search index as the service sees it; one implementation per database engine.
import type { Database } from "#server/db/database.ts";
import type { SearchType } from "#shared/schemas/search.ts";
import { oncePerTurn } from "#server/lib/once-per-turn.ts";
import { MemorySearchRepository } from "./search-memory.ts";
import { SearchChangeRepository } from "./search-change.repository.ts";
import { PostgresSearchRepository } from "./search-postgres.repository.ts";
import { SqliteSearchRepository } from "./search-sqlite.repository.ts";

/** One query word: documents match it when one of their words starts with `prefix` or is one of `words`. */
export interface WordMatch {
  prefix: string;
  /** Whole indexed words taken for it when it looked misspelt. */
  words: string[];
  /** Its stems in the languages' dictionaries (search-stems.ts): documents also match a word one of these starts. */
  stems?: string[];
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

/** A search index as one search reads it. */
export interface SearchIndex {
  /**
   * Matching documents ranked: all words in the name first, then a name starting with the first
   * word, then the engine's relevance (name counts most, then category and tags, then the rest).
   */
  find(options: FindOptions): Promise<SearchRow[]> | SearchRow[];
  /** Indexed words that may be what `word` meant; the caller decides which really are. */
  typoCandidates(word: string): Promise<string[]> | string[];
}

export interface SearchRepository {
  /** The index one search reads throughout: of the content as it is now. */
  snapshot(): Promise<SearchIndex>;
  /** How many documents the index made in the process holds (0 before it is first made). */
  indexed?(): number;
}

/** The engine's own index: asked directly only while the content version cannot be read. */
export function createEngineSearchRepository(database: Database): SearchRepository {
  return database.dialect === "postgres" ? new PostgresSearchRepository(database.db) : new SqliteSearchRepository(database.db);
}

/** Search as the app asks it: from the process's index of the current content (search-memory.ts). */
export function createSearchRepository(database: Database, options?: { inWorkerFrom?: number }): MemorySearchRepository {
  const changes = new SearchChangeRepository(database.db);
  const source = {
    // On PostgreSQL, searches that start in one turn of the event loop share one read: a write's end is seen in a
    // turn of its own, before. SQLite's read is synchronous and cheap, and a write can end within the same turn.
    version: database.dialect === "postgres" ? oncePerTurn(async () => database.contentVersion()) : async () => database.contentVersion(),
    mark: () => changes.mark(),
    documents: (pause?: () => Promise<void>) => changes.documents(pause),
    count: () => changes.count(),
    ...(database.target ? { target: database.target } : {}),
    changesSince: (mark: number, limit: number) => changes.changesSince(mark, limit),
    documentsOf: (ids: readonly number[]) => changes.documentsOf(ids),
  };
  return new MemorySearchRepository(source, createEngineSearchRepository(database), options);
}
