// Opens the database: embedded SQLite by default, PostgreSQL when given a postgres:// URL.
import fs from "node:fs";
import path from "node:path";
import type SQLiteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type LogConfig } from "kysely";
import { LRUCache } from "lru-cache";
import type pg from "pg";
import type { DB } from "./database-types.ts";
import { lazyRequire } from "../lib/lazy-require.ts";
import { withAmbientTransactions } from "./ambient-transaction.ts";
import { searchFold } from "../lib/search-text.ts";

// Only the driver of the configured database is loaded.
const loadPg = lazyRequire<typeof pg>("pg");
const loadSQLite = lazyRequire<typeof SQLiteDatabase>("better-sqlite3");

export type DialectName = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /**
   * Runs `work` in one transaction that every query inside it joins, whichever repository runs it (see
   * ambient-transaction.ts): it commits whole or not at all.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Runs a trivial query; used by the health endpoint. */
  ping(): Promise<void>;
  /**
   * The content version (migration 0050-content-version) as committed, or null when it cannot be read as committed
   * right now (SQLite's one connection is inside a transaction). SQLite's is read at once, PostgreSQL's is a promise.
   */
  contentVersion(): number | null | Promise<number | null>;
  /**
   * The write version (migration 0090-write-version): moved by every write to the tables people's own pages show;
   * read as `contentVersion` is.
   */
  writeVersion(): number | null | Promise<number | null>;
  /** PostgreSQL's pool now: connections open, idle, and queries waiting for one; null on SQLite (one connection). */
  pool(): { total: number; idle: number; waiting: number } | null;
  /** How another connection (a worker thread's) opens the same database; absent for SQLite in memory. */
  target?: DatabaseTarget;
  close(): Promise<void>;
}

/** Where a database is: a PostgreSQL URL, or a SQLite file. */
export interface DatabaseTarget {
  /** postgres:// URL; when absent, SQLite at `sqlitePath`. */
  url?: string | undefined;
  sqlitePath?: string;
}

export interface DatabaseOptions extends DatabaseTarget {
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Told how long each query through the query builder took, and whether it failed (the metrics' query time). */
  onQuery?: (seconds: number, failed: boolean) => void;
}

/** Kysely measures each query only when it has somewhere to log it. */
function queryLog(onQuery: DatabaseOptions["onQuery"]): { log?: LogConfig } {
  if (!onQuery) return {};
  return { log: (event) => onQuery(event.queryDurationMillis / 1000, event.level === "error") };
}

const CONTENT_VERSION = "select version from content_version where id = 1";
const WRITE_VERSION = "select version from write_version where id = 1";

const PG_INT8 = 20;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/**
 * Both engines hand timestamps back as ISO 8601 strings and counts as numbers,
 * so repositories see the same values on either.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) {
      return (value: string) => new Date(oid === PG_TIMESTAMP ? `${value}Z` : value).toISOString();
    }
    if (oid === PG_INT8) return (value: string) => Number(value);
    return loadPg().types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const pool = new (loadPg().Pool)({ connectionString: options.url, max: options.poolSize ?? 10, types: pgTypes });
    const { dialect, transaction } = withAmbientTransactions(new PostgresDialect({ pool }));
    const db = new Kysely<DB>({ dialect, ...queryLog(options.onQuery) });
    return {
      db,
      dialect: "postgres",
      transaction,
      ping: async () => {
        await pool.query("select 1");
      },
      contentVersion: async () => {
        const { rows } = await pool.query<{ version: number }>({ name: "content_version", text: CONTENT_VERSION });
        return Number(rows[0]?.version ?? 0);
      },
      writeVersion: async () => {
        const { rows } = await pool.query<{ version: number }>({ name: "write_version", text: WRITE_VERSION });
        return Number(rows[0]?.version ?? 0);
      },
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      target: { url: options.url },
      close: () => db.destroy(),
    };
  }

  const file = options.sqlitePath ?? ":memory:";
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new (loadSQLite())(file);
  // WAL lets readers run beside the writer; FULL makes an acknowledged write survive power loss.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // The same folding PostgreSQL's search_fold does, for queries that match names either way.
  sqlite.function("search_fold", { deterministic: true }, (text: unknown) => (text === null ? null : searchFold(String(text))));
  const { dialect, transaction } = withAmbientTransactions(new SqliteDialect({ database: preparedOnce(sqlite) }));
  const db = new Kysely<DB>({ dialect, ...queryLog(options.onQuery) });
  let ping: SQLiteDatabase.Statement | undefined;
  let contentVersion: SQLiteDatabase.Statement<[], number> | undefined;
  let writeVersion: SQLiteDatabase.Statement<[], number> | undefined;
  return {
    db,
    dialect: "sqlite",
    transaction,
    ping: async () => {
      (ping ??= sqlite.prepare("select 1")).get();
    },
    // Read on the connection itself, outside the query builder and at once: it is asked before every anonymous page
    // and read.
    contentVersion: () => {
      if (sqlite.inTransaction) return null;
      contentVersion ??= sqlite.prepare<[], number>(CONTENT_VERSION).pluck();
      return Number(contentVersion.get() ?? 0);
    },
    writeVersion: () => {
      if (sqlite.inTransaction) return null;
      writeVersion ??= sqlite.prepare<[], number>(WRITE_VERSION).pluck();
      return Number(writeVersion.get() ?? 0);
    },
    pool: () => null,
    ...(file === ":memory:" ? {} : { target: { sqlitePath: file } }),
    close: () => db.destroy(),
  };
}

/**
 * The connection as the query builder sees it, each statement prepared once and kept (the most recently used few
 * hundred): a page asks the same dozen queries each time, and preparing them again was a tenth of a signed-in page's
 * time. A kept statement that is still being read (a streamed query) is not handed out twice.
 */
function preparedOnce(sqlite: SQLiteDatabase.Database): { prepare(sql: string): SQLiteDatabase.Statement; close(): void } {
  const kept = new LRUCache<string, SQLiteDatabase.Statement>({ max: 500 });
  return {
    prepare(sql) {
      const statement = kept.get(sql);
      if (statement && !statement.busy) return statement;
      const prepared = sqlite.prepare(sql);
      if (!statement) kept.set(sql, prepared);
      return prepared;
    },
    close: () => sqlite.close(),
  };
}
