// Who wants a weekly digest, and which digests each person has had: a row per person and period, claimed before the
// mail goes so that no period is mailed twice (a second run, or a second instance at the same moment).
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { NOTIFICATION_KINDS, type NotificationKind } from "#shared/schemas/notification-preferences.ts";
import type { DigestRecipient } from "./digest-sources.ts";

const DIGEST = "in a weekly digest";

export type DigestStatus = "sending" | "sent" | "empty";

export class WeeklyDigestRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** People who chose the digest for some kind and have no digest of `period` yet, with those kinds. */
  async due(period: string): Promise<Array<DigestRecipient & { kinds: NotificationKind[] }>> {
    const rows = await this.db
      .selectFrom("notification_preference")
      .innerJoin("user", "user.id", "notification_preference.userId")
      .select(["user.id", "user.email", "user.displayName", "user.role", "notification_preference.kind"])
      .where("notification_preference.delivery", "=", DIGEST)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("notification_digest").select("notification_digest.userId").whereRef("notification_digest.userId", "=", "user.id").where("notification_digest.period", "=", period))),
      )
      .orderBy("user.id")
      .orderBy("notification_preference.kind")
      .execute();
    const people = new Map<string, DigestRecipient & { kinds: NotificationKind[] }>();
    for (const row of rows) {
      if (!NOTIFICATION_KINDS.includes(row.kind as NotificationKind)) continue;
      const person = people.get(row.id) ?? { id: row.id, email: row.email, displayName: row.displayName, role: row.role, kinds: [] };
      person.kinds.push(row.kind as NotificationKind);
      people.set(row.id, person);
    }
    return [...people.values()];
  }

  /**
   * The period of the person's last digest that went out (or had nothing to send) before `period`: the next one holds
   * what came after it. A digest left "sending" by a run that died does not count, so its news goes in the next one.
   */
  async lastPeriod(userId: string, period: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("notification_digest")
      .select((eb) => eb.fn.max("period").as("period"))
      .where("userId", "=", userId)
      .where("period", "<", period)
      .where("status", "in", ["sent", "empty"])
      .executeTakeFirst();
    return row?.period ?? undefined;
  }

  /** Takes the person's digest of `period` for this run; false when another run (or instance) already took it. */
  async claim(userId: string, period: string, status: Exclude<DigestStatus, "sent">, itemCount: number): Promise<boolean> {
    // A row that was already there is not returned, on both engines.
    const inserted = await this.db
      .insertInto("notification_digest")
      .values({ userId, period, status, itemCount, createdAt: new Date().toISOString(), sentAt: null })
      .onConflict((oc) => oc.columns(["userId", "period"]).doNothing())
      .returning("userId")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async markSent(userId: string, period: string): Promise<void> {
    await this.db.updateTable("notification_digest").set({ status: "sent", sentAt: new Date().toISOString() }).where("userId", "=", userId).where("period", "=", period).execute();
  }

  /** Gives a claimed digest back when its mail could not be sent, so the job's retry sends it. */
  async release(userId: string, period: string): Promise<void> {
    await this.db.deleteFrom("notification_digest").where("userId", "=", userId).where("period", "=", period).where("status", "=", "sending").execute();
  }

  /** The person's digests, newest first (for tests and operators). */
  async history(userId: string): Promise<Array<{ period: string; status: DigestStatus; itemCount: number; sentAt: string | null }>> {
    const rows = await this.db.selectFrom("notification_digest").select(["period", "status", "itemCount", "sentAt"]).where("userId", "=", userId).orderBy("period", "desc").execute();
    return rows.map((row) => ({ ...row, status: row.status as DigestStatus, itemCount: Number(row.itemCount) }));
  }
}
