// One row per issue and subscriber, written before anything is sent (unique per pair, so queueing twice adds nothing),
// then claimed one at a time just before its message goes: a second instance, or a restart after a crash, takes up
// the rows that are left and never one that went (docs/decisions/0034-newsletter-deliveries.md).
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { newId } from "#server/db/ids.ts";

export type DeliveryStatus = "queued" | "sending" | "sent" | "failed" | "empty" | "skipped";

export interface Delivery {
  id: string;
  newsletterId: string;
  subscriberId: string;
  attempts: number;
}

/** Rows written per statement when queueing: well under both engines' limits on bound parameters. */
const INSERT_CHUNK = 500;

export class NewsletterDeliveryRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Queues the issue for these subscribers; those it was already queued for keep their row. */
  async queue(newsletterId: string, subscriberIds: readonly string[], now: string): Promise<void> {
    for (let i = 0; i < subscriberIds.length; i += INSERT_CHUNK) {
      const rows = subscriberIds.slice(i, i + INSERT_CHUNK).map((subscriberId) => ({
        id: newId(),
        newsletterId,
        subscriberId,
        status: "queued",
        attempts: 0,
        nextAttemptAt: now,
      }));
      await this.db
        .insertInto("newsletter_delivery")
        .values(rows)
        .onConflict((oc) => oc.columns(["newsletterId", "subscriberId"]).doNothing())
        .execute();
    }
  }

  /** Deliveries that may be claimed at `now`, oldest first: queued and due, or claimed by a sender whose claim ran out. */
  async candidates(now: string, limit: number): Promise<Delivery[]> {
    return this.db
      .selectFrom("newsletter_delivery")
      .select(["id", "newsletterId", "subscriberId", "attempts"])
      .where((eb) => eb.or([eb.and([eb("status", "=", "queued"), eb("nextAttemptAt", "<=", now)]), eb.and([eb("status", "=", "sending"), eb("claimedUntil", "<", now)])]))
      .orderBy("nextAttemptAt")
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  /**
   * Claims one delivery for `token` until `until`, if nobody holds it: one conditional update, so of two senders
   * only one gets the row (PostgreSQL re-reads the row's state under its lock). Answers the attempt it is.
   */
  async claim(id: string, token: string, now: string, until: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable("newsletter_delivery")
      .set((eb) => ({
        status: "sending",
        claimToken: token,
        claimedUntil: until,
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "=", id)
      .where((eb) => eb.or([eb.and([eb("status", "=", "queued"), eb("nextAttemptAt", "<=", now)]), eb.and([eb("status", "=", "sending"), eb("claimedUntil", "<", now)])]))
      .returning("attempts")
      .executeTakeFirst();
    return row ? Number(row.attempts) : undefined;
  }

  /** Records how a claimed delivery ended; nothing when the claim was lost meanwhile. */
  async finish(id: string, token: string, status: Exclude<DeliveryStatus, "queued" | "sending">, now: string, error?: string): Promise<void> {
    await this.db
      .updateTable("newsletter_delivery")
      .set({
        status,
        finishedAt: now,
        claimToken: null,
        claimedUntil: null,
        lastError: error ?? null,
      })
      .where("id", "=", id)
      .where("claimToken", "=", token)
      .execute();
  }

  /** Puts a claimed delivery back in the queue for `at` (a temporary refusal). */
  async retry(id: string, token: string, at: string, error: string): Promise<void> {
    await this.db
      .updateTable("newsletter_delivery")
      .set({
        status: "queued",
        nextAttemptAt: at,
        claimToken: null,
        claimedUntil: null,
        lastError: error,
      })
      .where("id", "=", id)
      .where("claimToken", "=", token)
      .execute();
  }

  /** Claims held under any of these tokens' prefixes (senders known to be gone) go back to the queue at once. */
  async heldBy(prefix: string): Promise<Array<{ id: string; claimToken: string }>> {
    const rows = await this.db.selectFrom("newsletter_delivery").select(["id", "claimToken"]).where("status", "=", "sending").where("claimToken", "like", `${prefix}%`).execute();
    return rows.filter((row): row is { id: string; claimToken: string } => row.claimToken !== null);
  }

  async release(id: string, token: string): Promise<void> {
    await this.db.updateTable("newsletter_delivery").set({ status: "queued", claimToken: null, claimedUntil: null }).where("id", "=", id).where("claimToken", "=", token).execute();
  }

  /** When the next queued delivery is due, if any. */
  async nextDue(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("newsletter_delivery")
      .select((eb) => eb.fn.min("nextAttemptAt").as("at"))
      .where("status", "=", "queued")
      .executeTakeFirst();
    return row?.at ?? undefined;
  }
}
