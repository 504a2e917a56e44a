// The background jobs (src/server/jobs): one row per job, claimed with a lease so that a job runs on one instance at a
// time, and taken up by another once the lease of an instance that died has run out (docs/decisions/0018).
// Times are milliseconds since the epoch, as the instances' clocks give them.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function job(dialect: DialectName) {
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("job")
        .addColumn("name", "text", (c) => c.primaryKey())
        // When it is due next: its schedule's next time, sooner when asked to run, later while backing off.
        .addColumn("runAt", bigint, (c) => c.notNull())
        // The claim of the instance running it: a token only that run knows, and when the claim runs out.
        .addColumn("leaseToken", "text")
        .addColumn("leaseUntil", bigint)
        .addColumn("lockedBy", "text")
        // Tries of the current run, failed ones included; back to 0 once it succeeds or gives up.
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("runs", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("lastError", "text")
        .addColumn("lastFinishedAt", bigint)
        .addColumn("lastFailedAt", bigint)
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("job").execute();
    },
  };
}
