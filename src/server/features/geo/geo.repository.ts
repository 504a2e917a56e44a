// The geo providers' answer cache and rate-limit counters (tables geo_cache and geo_rate).
import { sql, type Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";

export class GeoRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async getCached<T>(key: string, now = new Date()): Promise<T | undefined> {
    const row = await this.db
      .selectFrom("geo_cache")
      .select(["value", "expiresAt"])
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row || new Date(row.expiresAt) <= now) return undefined;
    return JSON.parse(row.value) as T;
  }

  async putCached(key: string, value: unknown, ttlMs: number, now = new Date()): Promise<void> {
    const values = {
      value: JSON.stringify(value),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
    };
    await this.db
      .insertInto("geo_cache")
      .values({ key, ...values })
      .onConflict((oc) => oc.column("key").doUpdateSet(values))
      .execute();
  }

  /** Counts one hit in a fixed window; returns the window's count including this hit. */
  async hit(key: string, windowMs: number, nowMs = Date.now()): Promise<number> {
    const windowStart = Math.floor(nowMs / windowMs) * windowMs;
    const row = await this.db
      .insertInto("geo_rate")
      .values({ key, windowStart, count: 1 })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql<number>`case when geo_rate."windowStart" = excluded."windowStart" then geo_rate.count + 1 else 1 end`,
          windowStart: sql<number>`excluded."windowStart"`,
        }),
      )
      .returning("count")
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Claims the right to call an upstream now if its last call was at least `spacingMs` ago.
   * One conditional update, so two instances never both win the same slot.
   */
  async claimSlot(key: string, spacingMs: number, nowMs = Date.now()): Promise<boolean> {
    await this.db
      .insertInto("geo_rate")
      .values({ key, windowStart: 0, count: 0 })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    const result = await this.db
      .updateTable("geo_rate")
      .set({ windowStart: nowMs, count: sql<number>`count + 1` })
      .where("key", "=", key)
      .where("windowStart", "<=", nowMs - spacingMs)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Restarts an upstream's spacing from now, once its call has ended: the upstream saw the call before
   * its answer came back, so the next call starts at least `spacingMs` after the upstream received this one.
   */
  async restartSlot(key: string, nowMs = Date.now()): Promise<void> {
    await this.db.updateTable("geo_rate").set({ windowStart: nowMs }).where("key", "=", key).execute();
  }
}
