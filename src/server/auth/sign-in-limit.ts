// Failed sign-ins counted per account in the database: after too many, the account refuses sign-in for a while,
// even with the right password, on every instance and across restarts.
import type { Kysely } from "kysely";
import type { DB } from "../db/database-types.ts";

export const ACCOUNT_SIGN_IN_LIMIT = { maxFailures: 5, windowSeconds: 15 * 60 } as const;

export class SignInLimit {
  readonly db: Kysely<DB>;
  readonly maxFailures: number;
  readonly windowMs: number;

  constructor(db: Kysely<DB>, limit: { maxFailures: number; windowSeconds: number } = ACCOUNT_SIGN_IN_LIMIT) {
    this.db = db;
    this.maxFailures = limit.maxFailures;
    this.windowMs = limit.windowSeconds * 1000;
  }

  private key(email: string) {
    return `account:${email.trim().toLowerCase()}`;
  }

  /** Seconds until the account may try again, or 0 when it may try now. */
  async retryAfter(email: string, now = Date.now()): Promise<number> {
    const row = await this.db.selectFrom("sign_in_failure").select(["count", "firstFailureAt"]).where("key", "=", this.key(email)).executeTakeFirst();
    if (!row) return 0;
    const started = Number(row.firstFailureAt);
    if (now - started >= this.windowMs || row.count < this.maxFailures) return 0;
    return Math.ceil((started + this.windowMs - now) / 1000);
  }

  async recordFailure(email: string, now = Date.now()): Promise<void> {
    const key = this.key(email);
    const windowStart = now - this.windowMs;
    await this.db
      .insertInto("sign_in_failure")
      .values({ key, count: 1, firstFailureAt: now })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => ({
          // A failure after the window has passed starts a new window.
          count: eb.case().when("sign_in_failure.firstFailureAt", "<=", windowStart).then(1).else(eb("sign_in_failure.count", "+", 1)).end(),
          firstFailureAt: eb.case().when("sign_in_failure.firstFailureAt", "<=", windowStart).then(now).else(eb.ref("sign_in_failure.firstFailureAt")).end(),
        })),
      )
      .execute();
  }

  async clear(email: string): Promise<void> {
    await this.db.deleteFrom("sign_in_failure").where("key", "=", this.key(email)).execute();
  }
}
