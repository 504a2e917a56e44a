// The job table's SQL. Every change after a claim names the claim's token, so a run whose lease ran out (its instance
// paused or presumed dead) cannot undo what the run that took over records.
import type { Kysely, Selectable } from "kysely";
import type { DB, Job } from "#server/db/database-types.ts";

export type StoredJob = Selectable<Job>;

export class JobRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Adds the jobs not yet in the table, first due at `runAt`; a job already there keeps its schedule. */
  async ensure(names: string[], runAt: number): Promise<void> {
    if (names.length === 0) return;
    await this.db
      .insertInto("job")
      .values(names.map((name) => ({ name, runAt })))
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  }

  /** The names among `names` that are due now, or whose claim ran out. */
  async due(names: string[], now: number): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await this.db
      .selectFrom("job")
      .select("name")
      .where("name", "in", names)
      .where((eb) => eb.or([eb.and([eb("leaseUntil", "is", null), eb("runAt", "<=", now)]), eb("leaseUntil", "<", now)]))
      .orderBy("runAt")
      .execute();
    return rows.map((r) => r.name);
  }

  /**
   * Claims the job if nobody holds it (or the holder's lease ran out) and, unless `force`, it is due. One UPDATE with
   * its condition: on PostgreSQL a second instance's UPDATE of the same row waits for the first and then finds the
   * condition false, on SQLite writes are one at a time, so exactly one claim succeeds.
   */
  async claim(claim: { name: string; token: string; lockedBy: string; now: number; leaseUntil: number; nextRunAt: number; force: boolean }): Promise<StoredJob | undefined> {
    const { name, now } = claim;
    return this.db
      .updateTable("job")
      .set((eb) => ({
        leaseToken: claim.token,
        leaseUntil: claim.leaseUntil,
        lockedBy: claim.lockedBy,
        attempts: eb("attempts", "+", 1),
        runAt: claim.nextRunAt,
      }))
      .where("name", "=", name)
      .where((eb) =>
        claim.force
          ? eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)])
          : eb.or([eb.and([eb("leaseUntil", "is", null), eb("runAt", "<=", now)]), eb("leaseUntil", "<", now)]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Makes the job due now, for the instance holding it to run again once done, or for the next that looks. */
  async request(name: string, now: number): Promise<void> {
    await this.db.updateTable("job").set({ runAt: now }).where("name", "=", name).where("runAt", ">", now).execute();
  }

  /** Keeps the claim alive; false once it is no longer this run's. */
  async extend(name: string, token: string, leaseUntil: number): Promise<boolean> {
    const result = await this.db.updateTable("job").set({ leaseUntil }).where("name", "=", name).where("leaseToken", "=", token).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async succeeded(name: string, token: string, now: number): Promise<void> {
    await this.db
      .updateTable("job")
      .set((eb) => ({ leaseToken: null, leaseUntil: null, lockedBy: null, attempts: 0, runs: eb("runs", "+", 1), lastError: null, lastFinishedAt: now }))
      .where("name", "=", name)
      .where("leaseToken", "=", token)
      .execute();
  }

  /** A failed try: recorded, and due again at `retryAt` (its back-off), or at its next time when it gives up. */
  async failed(name: string, token: string, failure: { now: number; error: string; retryAt: number | null }): Promise<void> {
    await this.db
      .updateTable("job")
      .set((eb) => ({
        leaseToken: null,
        leaseUntil: null,
        lockedBy: null,
        failures: eb("failures", "+", 1),
        lastError: failure.error,
        lastFailedAt: failure.now,
        ...(failure.retryAt === null ? { attempts: 0 } : { runAt: failure.retryAt }),
      }))
      .where("name", "=", name)
      .where("leaseToken", "=", token)
      .execute();
  }

  /** Gives the claim back unfinished (the instance is stopping): another instance takes the job up at once. */
  async release(name: string, token: string, now: number): Promise<void> {
    await this.db
      .updateTable("job")
      .set((eb) => ({ leaseToken: null, leaseUntil: null, lockedBy: null, attempts: eb("attempts", "-", 1), runAt: now }))
      .where("name", "=", name)
      .where("leaseToken", "=", token)
      .execute();
  }

  async list(): Promise<StoredJob[]> {
    return this.db.selectFrom("job").selectAll().orderBy("name").execute();
  }
}
