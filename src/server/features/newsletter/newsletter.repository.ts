// The newsletter issues (written by hand, or the weekly digest of one period) and the digests' plans.
import type { Kysely, Selectable } from "kysely";
import type { DB, Newsletter as NewsletterRow } from "#server/db/database-types.ts";
import type { NewsletterCardRef, NewsletterCounts, NewsletterStatus } from "#shared/schemas/newsletter.ts";

export interface StoredNewsletter {
  id: string;
  kind: "newsletter" | "digest";
  subject: string;
  body: string;
  cards: NewsletterCardRef[];
  topics: string[];
  status: NewsletterStatus;
  sendAt: string | null;
  period: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

function fromRow(row: Selectable<NewsletterRow>): StoredNewsletter {
  return {
    id: row.id,
    kind: row.kind as StoredNewsletter["kind"],
    subject: row.subject,
    body: row.body,
    cards: JSON.parse(row.cards) as NewsletterCardRef[],
    topics: JSON.parse(row.topics) as string[],
    status: row.status as NewsletterStatus,
    sendAt: row.sendAt,
    period: row.period,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export class NewsletterRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async list(): Promise<StoredNewsletter[]> {
    const rows = await this.db.selectFrom("newsletter").selectAll().orderBy("createdAt", "desc").orderBy("id").limit(500).execute();
    return rows.map(fromRow);
  }

  async get(id: string): Promise<StoredNewsletter | undefined> {
    const row = await this.db.selectFrom("newsletter").selectAll().where("id", "=", id).executeTakeFirst();
    return row && fromRow(row);
  }

  async create(values: Omit<StoredNewsletter, "updatedAt">): Promise<StoredNewsletter> {
    await this.db
      .insertInto("newsletter")
      .values({
        ...values,
        cards: JSON.stringify(values.cards),
        topics: JSON.stringify(values.topics),
        updatedAt: values.createdAt,
      })
      .execute();
    return (await this.get(values.id))!;
  }

  /** Changes a draft or a scheduled one; false when it is no longer either (it went meanwhile). */
  async update(id: string, values: Pick<StoredNewsletter, "subject" | "body" | "cards" | "topics">, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("newsletter")
      .set({
        subject: values.subject,
        body: values.body,
        cards: JSON.stringify(values.cards),
        topics: JSON.stringify(values.topics),
        updatedAt: now,
      })
      .where("id", "=", id)
      .where("status", "in", ["draft", "scheduled"])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Schedules a draft (or moves a scheduled one); false when it has gone meanwhile. */
  async schedule(id: string, sendAt: string, now: string): Promise<boolean> {
    const result = await this.db.updateTable("newsletter").set({ status: "scheduled", sendAt, updatedAt: now }).where("id", "=", id).where("status", "in", ["draft", "scheduled"]).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Scheduled issues whose time has come. */
  async dueScheduled(now: string): Promise<StoredNewsletter[]> {
    const rows = await this.db.selectFrom("newsletter").selectAll().where("status", "=", "scheduled").where("sendAt", "<=", now).orderBy("sendAt").execute();
    return rows.map(fromRow);
  }

  async setStatus(id: string, status: NewsletterStatus, now: string): Promise<void> {
    await this.db
      .updateTable("newsletter")
      .set({
        status,
        updatedAt: now,
        ...(status === "sending" ? { queuedAt: now } : {}),
      })
      .where("id", "=", id)
      .execute();
  }

  /** Issues still sending whose every delivery is done become "sent". */
  async finishSent(now: string): Promise<void> {
    await this.db
      .updateTable("newsletter")
      .set({ status: "sent", updatedAt: now })
      .where("status", "=", "sending")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("newsletter_delivery")
              .select("newsletter_delivery.id")
              .whereRef("newsletter_delivery.newsletterId", "=", "newsletter.id")
              .where("newsletter_delivery.status", "in", ["queued", "sending"]),
          ),
        ),
      )
      .execute();
  }

  /** Delivery counts per issue, for the administrators' list and the API. */
  async counts(ids: readonly string[]): Promise<Map<string, NewsletterCounts>> {
    const counts = new Map<string, NewsletterCounts>(ids.map((id) => [id, { queued: 0, sent: 0, failed: 0, notSent: 0 }]));
    if (ids.length === 0) return counts;
    const rows = await this.db
      .selectFrom("newsletter_delivery")
      .select(["newsletterId", "status", (eb) => eb.fn.countAll<number>().as("count")])
      .where("newsletterId", "in", ids)
      .groupBy(["newsletterId", "status"])
      .execute();
    for (const row of rows) {
      const entry = counts.get(row.newsletterId)!;
      const n = Number(row.count);
      if (row.status === "queued" || row.status === "sending") entry.queued += n;
      else if (row.status === "sent") entry.sent += n;
      else if (row.status === "failed") entry.failed += n;
      else entry.notSent += n;
    }
    return counts;
  }

  /** The digest issue of `period`, made once whichever run or instance comes first. */
  async digestIssue(period: string, values: Omit<StoredNewsletter, "updatedAt" | "kind" | "period">): Promise<StoredNewsletter> {
    await this.db
      .insertInto("newsletter")
      .values({
        ...values,
        kind: "digest",
        period,
        cards: JSON.stringify(values.cards),
        topics: JSON.stringify(values.topics),
        updatedAt: values.createdAt,
      })
      .onConflict((oc) => oc.column("period").doNothing())
      .execute();
    const row = await this.db.selectFrom("newsletter").selectAll().where("period", "=", period).executeTakeFirstOrThrow();
    return fromRow(row);
  }

  /** The latest digest period before `period` that went out. */
  async lastDigestPeriod(period: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("newsletter")
      .select((eb) => eb.fn.max("period").as("period"))
      .where("kind", "=", "digest")
      .where("period", "<", period)
      .where("status", "in", ["sending", "sent"])
      .executeTakeFirst();
    return row?.period ?? undefined;
  }

  async digestPlan(period: string): Promise<{ introduction: string; skipped: boolean } | undefined> {
    const row = await this.db.selectFrom("newsletter_digest_plan").select(["introduction", "skipped"]).where("period", "=", period).executeTakeFirst();
    return (
      row && {
        introduction: row.introduction,
        skipped: Number(row.skipped) === 1,
      }
    );
  }

  async saveDigestPlan(period: string, plan: { introduction: string; skipped: boolean }, now: string): Promise<void> {
    const values = {
      introduction: plan.introduction,
      skipped: plan.skipped ? 1 : 0,
      updatedAt: now,
    };
    await this.db
      .insertInto("newsletter_digest_plan")
      .values({ period, ...values })
      .onConflict((oc) => oc.column("period").doUpdateSet(values))
      .execute();
  }
}
