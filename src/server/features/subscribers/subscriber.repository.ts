// Subscribers, their topics and their consent records (migration 0071).
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { newId } from "#server/db/ids.ts";
import { cappedCount, countLimit } from "#server/db/capped-count.ts";
import type { Paginated } from "#shared/schemas/pagination.ts";
import type { Consent, Subscriber, SubscriberState, Topic } from "#shared/schemas/subscription.ts";

/** A subscriber with the secret its signed links are made with; never sent to a client. */
export interface StoredSubscriber extends Subscriber {
  tokenSecret: string;
  /** The language of the page the person subscribed from, which their mail follows (null: the site's default). */
  language: string | null;
}

export interface ConsentInput {
  email: string;
  source: string;
  text: string;
  givenAt?: string;
  importId?: string | null;
}

export interface SubscriberFilter {
  q?: string | undefined;
  topic?: string | undefined;
  state?: SubscriberState | undefined;
  page: number;
  pageSize: number;
}

/** After this many permanent delivery failures in a row the address is paused. */
export const PERMANENT_FAILURE_LIMIT = 3;

const COLUMNS = ["id", "email", "state", "tokenSecret", "createdAt", "confirmedAt", "unsubscribedAt", "failures", "language"] as const;

export function newTokenSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

interface Row {
  id: string;
  email: string;
  state: string;
  tokenSecret: string;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  failures: number;
  language: string | null;
}

export class SubscriberRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  private async withTopics(rows: Row[]): Promise<StoredSubscriber[]> {
    if (rows.length === 0) return [];
    const topics = await this.db
      .selectFrom("subscriber_topic")
      .select(["subscriberId", "topic"])
      .where("subscriberId", "in", rows.map((r) => r.id))
      .orderBy("topic")
      .execute();
    const byId = new Map<string, string[]>();
    for (const t of topics) byId.set(t.subscriberId, [...(byId.get(t.subscriberId) ?? []), t.topic]);
    return rows.map((r) => ({ ...r, state: r.state as SubscriberState, topics: byId.get(r.id) ?? [] }));
  }

  async findById(id: string): Promise<StoredSubscriber | undefined> {
    const row = await this.db.selectFrom("subscriber").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? (await this.withTopics([row]))[0] : undefined;
  }

  async findByEmail(email: string): Promise<StoredSubscriber | undefined> {
    const row = await this.db.selectFrom("subscriber").select(COLUMNS).where("email", "=", normalEmail(email)).executeTakeFirst();
    return row ? (await this.withTopics([row]))[0] : undefined;
  }

  /** A new subscriber (pending unless the address is already known to be the person's). */
  async insert(input: { email: string; state: SubscriberState; topics: readonly Topic[]; language?: string | null }): Promise<StoredSubscriber> {
    const now = new Date().toISOString();
    const row = {
      id: newId(),
      email: normalEmail(input.email),
      state: input.state,
      tokenSecret: newTokenSecret(),
      createdAt: now,
      updatedAt: now,
      confirmedAt: input.state === "confirmed" ? now : null,
      unsubscribedAt: null,
      failures: 0,
      language: input.language ?? null,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("subscriber").values(row).execute();
      if (input.topics.length > 0) await trx.insertInto("subscriber_topic").values(input.topics.map((topic) => ({ subscriberId: row.id, topic }))).execute();
    });
    return { ...row, topics: [...input.topics].sort() };
  }

  async setTopics(id: string, topics: readonly Topic[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("subscriber_topic").where("subscriberId", "=", id).execute();
      if (topics.length > 0) await trx.insertInto("subscriber_topic").values(topics.map((topic) => ({ subscriberId: id, topic }))).execute();
      await trx.updateTable("subscriber").set({ updatedAt: new Date().toISOString() }).where("id", "=", id).execute();
    });
  }

  /** The language the person's mail follows from now on (that of the page of their latest request). */
  async setLanguage(id: string, language: string | null): Promise<void> {
    await this.db.updateTable("subscriber").set({ language }).where("id", "=", id).execute();
  }

  /** Moves a subscriber to a state, stamping when it was confirmed or left. */
  async setState(id: string, state: SubscriberState): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .updateTable("subscriber")
      .set({
        state,
        updatedAt: now,
        ...(state === "confirmed" ? { confirmedAt: now, unsubscribedAt: null, failures: 0 } : {}),
        ...(state === "unsubscribed" ? { unsubscribedAt: now } : {}),
      })
      .where("id", "=", id)
      .execute();
  }

  pause(id: string): Promise<void> {
    return this.setState(id, "paused");
  }

  /** A new secret: every link made before stops working. */
  async rotateSecret(id: string): Promise<string> {
    const tokenSecret = newTokenSecret();
    await this.db.updateTable("subscriber").set({ tokenSecret, updatedAt: new Date().toISOString() }).where("id", "=", id).execute();
    return tokenSecret;
  }

  /**
   * Counts a permanent delivery failure (a temporary one is the queue's to retry); the address is paused after
   * PERMANENT_FAILURE_LIMIT in a row. Answers the subscriber's state afterwards.
   */
  async markFailure(id: string): Promise<SubscriberState | undefined> {
    const now = new Date().toISOString();
    await this.db.updateTable("subscriber").set({ failures: sql`failures + 1`, updatedAt: now }).where("id", "=", id).execute();
    await this.db
      .updateTable("subscriber")
      .set({ state: "paused", updatedAt: now })
      .where("id", "=", id)
      .where("state", "=", "confirmed")
      .where("failures", ">=", PERMANENT_FAILURE_LIMIT)
      .execute();
    return (await this.db.selectFrom("subscriber").select("state").where("id", "=", id).executeTakeFirst())?.state as SubscriberState | undefined;
  }

  /** A message was delivered: the count of failures in a row starts again. */
  async markDelivered(id: string): Promise<void> {
    await this.db.updateTable("subscriber").set({ failures: 0 }).where("id", "=", id).where("failures", ">", 0).execute();
  }

  /**
   * Confirmed subscribers with at least one of `topics` (every confirmed subscriber when `topics` is left out),
   * `limit` at a time in id order after `after`: a sender pages through tens of thousands without holding them.
   */
  async confirmedFor(topics: readonly string[] | undefined, { after = "", limit = 500 }: { after?: string; limit?: number } = {}): Promise<StoredSubscriber[]> {
    let query = this.db.selectFrom("subscriber").select(COLUMNS).where("state", "=", "confirmed").where("id", ">", after);
    if (topics) {
      if (topics.length === 0) return [];
      query = query.where((eb) => eb.exists(eb.selectFrom("subscriber_topic").select("subscriber_topic.topic").whereRef("subscriber_topic.subscriberId", "=", "subscriber.id").where("subscriber_topic.topic", "in", [...topics])));
    }
    return this.withTopics(await query.orderBy("id").limit(limit).execute());
  }

  async countConfirmedFor(topics: readonly string[] | undefined): Promise<number> {
    let query = this.db.selectFrom("subscriber").select((eb) => eb.fn.countAll<number | string>().as("n")).where("state", "=", "confirmed");
    if (topics) {
      if (topics.length === 0) return 0;
      query = query.where((eb) => eb.exists(eb.selectFrom("subscriber_topic").select("subscriber_topic.topic").whereRef("subscriber_topic.subscriberId", "=", "subscriber.id").where("subscriber_topic.topic", "in", [...topics])));
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** The administrators' list: newest first, searched by address, filtered by topic and state. */
  async list(filter: SubscriberFilter): Promise<Paginated<StoredSubscriber>> {
    let query = this.db.selectFrom("subscriber");
    // Addresses are stored lower-cased; the searched words' own % and _ are letters, not wildcards.
    if (filter.q) query = query.where(sql<boolean>`email like ${`%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
    if (filter.state) query = query.where("state", "=", filter.state);
    const topic = filter.topic;
    if (topic) query = query.where((eb) => eb.exists(eb.selectFrom("subscriber_topic").select("subscriber_topic.topic").whereRef("subscriber_topic.subscriberId", "=", "subscriber.id").where("subscriber_topic.topic", "=", topic)));
    const offset = (filter.page - 1) * filter.pageSize;
    // A searched list is counted no further than the pages a person pages through (decision 0063).
    const { total, totalIsLowerBound } = filter.q
      ? await cappedCount(this.db, query, countLimit(offset, filter.pageSize))
      : { total: Number((await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n), totalIsLowerBound: false };
    const rows = await query
      .select(COLUMNS)
      .orderBy("createdAt", "desc")
      .orderBy("id")
      .limit(filter.pageSize)
      .offset(offset)
      .execute();
    return { items: await this.withTopics(rows), total, page: filter.page, pageSize: filter.pageSize, ...(totalIsLowerBound ? { totalIsLowerBound } : {}) };
  }

  async addConsent(subscriberId: string, consent: ConsentInput): Promise<void> {
    await this.db
      .insertInto("subscriber_consent")
      .values({ id: newId(), subscriberId, email: normalEmail(consent.email), givenAt: consent.givenAt ?? new Date().toISOString(), source: consent.source, text: consent.text, importId: consent.importId ?? null })
      .execute();
  }

  /** Each subscriber's consent records, oldest first. */
  async consentsOf(subscriberIds: readonly string[]): Promise<Map<string, Consent[]>> {
    const out = new Map<string, Consent[]>();
    if (subscriberIds.length === 0) return out;
    const rows = await this.db
      .selectFrom("subscriber_consent")
      .select(["id", "subscriberId", "email", "givenAt", "source", "text"])
      .where("subscriberId", "in", [...subscriberIds])
      .orderBy("givenAt")
      .orderBy("id")
      .execute();
    for (const { subscriberId, ...consent } of rows) out.set(subscriberId, [...(out.get(subscriberId) ?? []), consent]);
    return out;
  }

  /**
   * Requests left unconfirmed since before `cutoff`: an address never confirmed is forgotten with its consent; one
   * that had left and asked to come back is left again (its record of leaving is kept, its new consent too).
   */
  async forgetPendingBefore(cutoff: string): Promise<number> {
    const forgotten = await this.db.deleteFrom("subscriber").where("state", "=", "pending").where("confirmedAt", "is", null).where("updatedAt", "<", cutoff).executeTakeFirst();
    const returned = await this.db.updateTable("subscriber").set({ state: "unsubscribed" }).where("state", "=", "pending").where("confirmedAt", "is not", null).where("updatedAt", "<", cutoff).executeTakeFirst();
    return Number(forgotten.numDeletedRows) + Number(returned.numUpdatedRows);
  }

  /** Every subscriber, `limit` at a time in id order after `after` (the export). */
  async page({ after = "", limit = 500 }: { after?: string; limit?: number } = {}): Promise<StoredSubscriber[]> {
    return this.withTopics(await this.db.selectFrom("subscriber").select(COLUMNS).where("id", ">", after).orderBy("id").limit(limit).execute());
  }

  /** The known states of these addresses (an import's preview). */
  async statesOf(emails: readonly string[]): Promise<Map<string, SubscriberState>> {
    const out = new Map<string, SubscriberState>();
    for (let i = 0; i < emails.length; i += 500) {
      const rows = await this.db.selectFrom("subscriber").select(["email", "state"]).where("email", "in", emails.slice(i, i + 500)).execute();
      for (const row of rows) out.set(row.email, row.state as SubscriberState);
    }
    return out;
  }

  /** New confirmed subscribers with the consent a file recorded, in one transaction, tagged with the import's id. */
  async insertImported(importId: string, rows: ReadonlyArray<{ email: string; topics: readonly Topic[]; consent: Omit<ConsentInput, "importId"> }>): Promise<number> {
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const id = newId();
        await trx
          .insertInto("subscriber")
          .values({ id, email: normalEmail(row.email), state: "confirmed", tokenSecret: newTokenSecret(), createdAt: now, updatedAt: now, confirmedAt: now, unsubscribedAt: null, failures: 0 })
          .execute();
        if (row.topics.length > 0) await trx.insertInto("subscriber_topic").values(row.topics.map((topic) => ({ subscriberId: id, topic }))).execute();
        const c = row.consent;
        await trx.insertInto("subscriber_consent").values({ id: newId(), subscriberId: id, email: normalEmail(c.email), givenAt: c.givenAt ?? now, source: c.source, text: c.text, importId }).execute();
      }
    });
    return rows.length;
  }

  /** Undoes an import: the subscribers it added go, unless they have given consent elsewhere since. */
  /** Null when no subscriber came from the import (an unknown id, or one undone already). */
  async undoImport(importId: string): Promise<{ removed: number; kept: number } | null> {
    return this.db.transaction().execute(async (trx) => {
      const added = (await trx.selectFrom("subscriber_consent").select("subscriberId").where("importId", "=", importId).execute()).map((r) => r.subscriberId);
      if (added.length === 0) return null;
      const withOther = new Set(
        (await trx.selectFrom("subscriber_consent").select("subscriberId").where("subscriberId", "in", added).where((eb) => eb.or([eb("importId", "is", null), eb("importId", "!=", importId)])).execute()).map((r) => r.subscriberId),
      );
      const removable = added.filter((id) => !withOther.has(id));
      if (removable.length > 0) await trx.deleteFrom("subscriber").where("id", "in", removable).execute();
      return { removed: removable.length, kept: withOther.size };
    });
  }
}
