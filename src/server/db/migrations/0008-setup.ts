// The one-time link that creates the first administrator from the browser (/setup?token=...).
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function setup(dialect: DialectName) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("setup_token")
        // Only the SHA-256 of the token is kept: reading the database does not give the link.
        .addColumn("tokenHash", "text", (c) => c.primaryKey())
        .addColumn("expiresAt", ts, (c) => c.notNull())
        .addColumn("createdAt", ts, (c) => c.notNull())
        .execute();
    },
  };
}
