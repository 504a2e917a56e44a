// Proof-of-work solutions already spent on a sign-up, kept until their challenge expires, so a solution cannot be
// replayed on this instance or any other (src/server/auth/sign-up-challenge.ts).
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function usedChallenge(dialect: DialectName) {
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("used_challenge")
        .addColumn("id", "text", (c) => c.primaryKey())
        // Seconds since the epoch when the challenge expires: the row is useless after that.
        .addColumn("expiresAt", bigint, (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("used_challenge").execute();
    },
  };
}
