// Failed sign-ins counted in the database (on every instance, across restarts), two ways:
// - per account and client address: after 5 failures that address may not try this account again for 15 minutes,
//   even with the right password;
// - per account, whatever the address: past 10 failures every further attempt is answered more slowly.
// A stranger can thus shut out only their own address; the owner, from theirs, still gets in, and a successful password
// reset clears every count on the account (docs/decisions/0010-sign-in-limit.md).
import type { Kysely } from "kysely";
import type { DB } from "../db/database-types.ts";

export const ACCOUNT_SIGN_IN_LIMIT = { maxFailures: 5, windowSeconds: 15 * 60, slowAfter: 10, slowestMs: 3000 } as const;

export interface SignInLimitSettings {
  maxFailures: number;
  windowSeconds: number;
  slowAfter: number;
  slowestMs: number;
}

export class SignInLimit {
  readonly db: Kysely<DB>;
  readonly settings: SignInLimitSettings;
  readonly windowMs: number;

  constructor(db: Kysely<DB>, settings: SignInLimitSettings = ACCOUNT_SIGN_IN_LIMIT) {
    this.db = db;
    this.settings = settings;
    this.windowMs = settings.windowSeconds * 1000;
  }

  private accountKey(email: string) {
    return `account:${email.trim().toLowerCase()}`;
  }

  /** What every address's key on this account starts with. */
  private pairPrefix(email: string) {
    return `${this.accountKey(email)}|ip:`;
  }

  private pairKey(email: string, ip: string | null) {
    return `${this.pairPrefix(email)}${ip ?? "unknown"}`;
  }

  private async failures(key: string, now: number): Promise<{ count: number; started: number } | null> {
    const row = await this.db.selectFrom("sign_in_failure").select(["count", "firstFailureAt"]).where("key", "=", key).executeTakeFirst();
    if (!row || now - Number(row.firstFailureAt) >= this.windowMs) return null;
    return { count: row.count, started: Number(row.firstFailureAt) };
  }

  /** Seconds until this address may try this account again, or 0 when it may try now. */
  async retryAfter(email: string, ip: string | null, now = Date.now()): Promise<number> {
    const row = await this.failures(this.pairKey(email, ip), now);
    if (!row || row.count < this.settings.maxFailures) return 0;
    return Math.ceil((row.started + this.windowMs - now) / 1000);
  }

  /** How long to hold an attempt on an account many addresses keep failing on: slower, never shut. */
  async slowdownMs(email: string, now = Date.now()): Promise<number> {
    const row = await this.failures(this.accountKey(email), now);
    if (!row || row.count < this.settings.slowAfter) return 0;
    return Math.min(this.settings.slowestMs, 250 * 2 ** (row.count - this.settings.slowAfter));
  }

  async recordFailure(email: string, ip: string | null, now = Date.now()): Promise<void> {
    await this.bump(this.pairKey(email, ip), now);
    await this.bump(this.accountKey(email), now);
  }

  private async bump(key: string, now: number): Promise<void> {
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

  /** After a successful sign-in: this address starts afresh, and so does the account's slowdown. */
  async clear(email: string, ip: string | null): Promise<void> {
    await this.db.deleteFrom("sign_in_failure").where("key", "in", [this.pairKey(email, ip), this.accountKey(email)]).execute();
  }

  /**
   * After a successful password reset: every failure so far was against a password that no longer works, so every
   * address starts afresh on this account, and so does its slowdown.
   */
  async clearAccount(email: string): Promise<void> {
    const account = this.accountKey(email);
    const pairsPrefix = this.pairPrefix(email);
    await this.db
      .deleteFrom("sign_in_failure")
      .where((eb) =>
        eb.or([
          eb("key", "=", account),
          // substr counts characters on both engines, as spreading the string does here.
          eb(eb.fn<string>("substr", [eb.ref("key"), eb.lit(1), eb.lit([...pairsPrefix].length)]), "=", pairsPrefix),
        ]),
      )
      .execute();
  }
}
