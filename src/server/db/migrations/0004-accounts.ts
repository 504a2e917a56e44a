// Failed sign-ins per account, so the per-account limit holds across restarts and instances.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function accounts(dialect: DialectName) {
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("sign_in_failure")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("count", "integer", (c) => c.notNull())
        // Milliseconds since the epoch of the first failure in the current window.
        .addColumn("firstFailureAt", bigint, (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("sign_in_failure").execute();
    },
  };
}
