// The database handle better-auth reads through. On PostgreSQL the pool hands timestamps back as ISO strings
// (database.ts: both engines give repositories the same values), while better-auth's Kysely adapter expects dates
// there and compares them with `new Date()`: a string never compares as past, so expired sessions, password-reset
// tokens and verification values would stay valid. Its columns of type date are turned back into dates for it.
import type { KyselyPlugin, QueryResult, UnknownRow } from "kysely";
import type { Database } from "../db/database.ts";

/** The date fields of better-auth's tables (user, session, account, verification) and of the app's additions to them. */
const DATE_FIELDS = new Set(["createdAt", "updatedAt", "expiresAt", "banExpires", "lastLogin", "accessTokenExpiresAt", "refreshTokenExpiresAt"]);

function withDates(row: UnknownRow): UnknownRow {
  let copy: UnknownRow | null = null;
  for (const key in row) {
    const value = row[key];
    if (typeof value === "string" && DATE_FIELDS.has(key)) (copy ??= { ...row })[key] = new Date(value);
  }
  return copy ?? row;
}

const datesForAuth: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args): Promise<QueryResult<UnknownRow>> => ({ ...args.result, rows: args.result.rows.map(withDates) }),
};

export function authDatabase(database: Database) {
  return database.dialect === "postgres" ? database.db.withPlugin(datesForAuth) : database.db;
}
