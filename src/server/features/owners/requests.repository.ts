// Owners' requests and when each recipient last had the digest of new requests.
import type { ExpressionBuilder, Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { RequestKind, RequestListQuery, RequestStatus, RequestSummary } from "#shared/schemas/owners.ts";
import { DEFAULT_PAGE_SIZE } from "#shared/schemas/pagination.ts";

/** The kinds of request about a business that all its owners see and may amend or withdraw (see RequestDecisionService.concerns). */
export const SHARED_KINDS = ["listing-change", "event", "offer"] as const;

export interface StoredRequest extends Omit<RequestSummary, "requesterEmail"> {
  requesterEmail: string;
  userId: string;
  payload: Record<string, unknown>;
  base: Record<string, unknown> | null;
}

/** What is left to do once a decision is committed: tell the person who asked and tidy uploads, or only tidy. */
export type FollowUp = "approved" | "applied";

export interface NewRequest {
  id: string;
  kind: RequestKind;
  businessId: string | null;
  businessName: string;
  targetId: string | null;
  userId: string;
  payload: Record<string, unknown>;
  base: Record<string, unknown> | null;
}

const COLUMNS = [
  "change_request.id",
  "change_request.kind",
  "change_request.businessId",
  "change_request.businessName",
  "change_request.targetId",
  "change_request.userId",
  "change_request.payload",
  "change_request.base",
  "change_request.status",
  "change_request.reason",
  "change_request.createdAt",
  "change_request.updatedAt",
  "change_request.decidedAt",
  "user.email as requesterEmail",
  "user.displayName as requesterName",
] as const;

type Row = {
  id: string;
  kind: string;
  businessId: string | null;
  businessName: string;
  targetId: string | null;
  userId: string;
  payload: string;
  base: string | null;
  status: string;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
  requesterEmail: string;
  requesterName: string;
};

function toRequest(row: Row): StoredRequest {
  return {
    ...row,
    kind: row.kind as RequestKind,
    status: row.status as RequestStatus,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    base: row.base === null ? null : (JSON.parse(row.base) as Record<string, unknown>),
  };
}

export class RequestRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async adminEmails(): Promise<string[]> {
    const rows = await this.db.selectFrom("user").select("email").where("role", "=", "admin").orderBy("email").execute();
    return rows.map((r) => r.email);
  }

  // Requests

  /** The person's requests approved or rejected from `since` (included) until `until` (excluded), oldest first. */
  async decidedFor(userId: string, since: string, until: string): Promise<StoredRequest[]> {
    const rows = await this.select()
      .where("change_request.userId", "=", userId)
      .where("change_request.status", "in", ["approved", "rejected"])
      .where("change_request.decidedAt", ">=", since)
      .where("change_request.decidedAt", "<", until)
      .orderBy("change_request.decidedAt")
      .orderBy("change_request.id")
      .execute();
    return rows.map(toRequest);
  }

  private select() {
    return this.db.selectFrom("change_request").innerJoin("user", "user.id", "change_request.userId").select(COLUMNS);
  }

  async get(id: string): Promise<StoredRequest | undefined> {
    const row = await this.select().where("change_request.id", "=", id).executeTakeFirst();
    return row && toRequest(row);
  }

  /** Oldest first. */
  async getAll(query: RequestListQuery & { userId?: string; businessId?: string; limit?: number; visibleTo?: string }): Promise<StoredRequest[]> {
    let q = this.select();
    // A person's own requests, and the changes waiting for the businesses they own, whoever asked.
    if (query.visibleTo) {
      const viewer = query.visibleTo;
      q = q.where((eb) =>
        eb.or([
          eb("change_request.userId", "=", viewer),
          eb.and([
            eb("change_request.status", "=", "pending"),
            eb("change_request.kind", "in", SHARED_KINDS),
            eb("change_request.businessId", "in", eb.selectFrom("business_owner").select("business_owner.businessId").where("business_owner.userId", "=", viewer)),
          ]),
        ]),
      );
    }
    if (query.status) q = q.where("change_request.status", "=", query.status);
    if (query.kind) q = q.where("change_request.kind", "=", query.kind);
    if (query.userId) q = q.where("change_request.userId", "=", query.userId);
    if (query.businessId) q = q.where("change_request.businessId", "=", query.businessId);
    q = q.orderBy("change_request.createdAt").orderBy("change_request.id");
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const rows = await (query.page ? q.offset((query.page - 1) * pageSize).limit(pageSize) : q.limit(query.limit ?? 500)).execute();
    return rows.map(toRequest);
  }

  async countPending(kind?: RequestKind): Promise<number> {
    let q = this.db.selectFrom("change_request").select((eb) => eb.fn.countAll<number>().as("total")).where("status", "=", "pending");
    if (kind) q = q.where("kind", "=", kind);
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** The pending request of this kind by anyone for the business (or for the event or offer), if there is one. */
  async findPending(filter: { kind: RequestKind; businessId?: string; targetId?: string; userId?: string }): Promise<StoredRequest | undefined> {
    let q = this.select().where("change_request.status", "=", "pending").where("change_request.kind", "=", filter.kind);
    if (filter.businessId) q = q.where("change_request.businessId", "=", filter.businessId);
    if (filter.targetId) q = q.where("change_request.targetId", "=", filter.targetId);
    if (filter.userId) q = q.where("change_request.userId", "=", filter.userId);
    const row = await q.orderBy("change_request.createdAt").executeTakeFirst();
    return row && toRequest(row);
  }

  /** Pending requests whose business, or whose event or offer, no longer exists; with which one is gone. */
  async getOrphans(): Promise<Array<StoredRequest & { gone: "business" | "event" | "offer" }>> {
    const businessGone = (eb: ExpressionBuilder<DB, "change_request" | "user">) =>
      eb.and([eb("change_request.businessId", "is not", null), eb.not(eb.exists(eb.selectFrom("business").select("business.id").whereRef("business.id", "=", "change_request.businessId")))]);
    const rows = await this.select()
      .where("change_request.status", "=", "pending")
      .select((eb) => businessGone(eb).as("businessGone"))
      .where((eb) =>
        eb.or([
          businessGone(eb),
          eb.and([eb("change_request.kind", "=", "event"), eb("change_request.targetId", "is not", null), eb.not(eb.exists(eb.selectFrom("event").select("event.id").whereRef("event.id", "=", "change_request.targetId")))]),
          eb.and([eb("change_request.kind", "=", "offer"), eb("change_request.targetId", "is not", null), eb.not(eb.exists(eb.selectFrom("offer").select("offer.id").whereRef("offer.id", "=", "change_request.targetId")))]),
        ]),
      )
      .execute();
    return rows.map((row) => ({ ...toRequest(row), gone: row.businessGone ? "business" : (row.kind as "event" | "offer") }));
  }

  /** The pending requests one person made about one business: filed under it, or changing its events and offers. */
  async pendingOf(userId: string, businessId: string): Promise<StoredRequest[]> {
    const rows = await this.select()
      .where("change_request.status", "=", "pending")
      .where("change_request.userId", "=", userId)
      .where((eb) =>
        eb.or([
          eb("change_request.businessId", "=", businessId),
          eb.and([eb("change_request.kind", "=", "event"), eb("change_request.targetId", "in", eb.selectFrom("event").select("event.id").where("event.location", "=", businessId))]),
          eb.and([eb("change_request.kind", "=", "offer"), eb("change_request.targetId", "in", eb.selectFrom("offer").select("offer.id").where("offer.businessId", "=", businessId))]),
        ]),
      )
      .execute();
    return rows.map(toRequest);
  }

  async create(request: NewRequest): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .insertInto("change_request")
      .values({
        ...request,
        payload: JSON.stringify(request.payload),
        base: request.base === null ? null : JSON.stringify(request.base),
        status: "pending",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }

  /** Replaces what a pending request asks for. False when it is no longer pending. */
  async amend(id: string, change: { payload: Record<string, unknown>; base: Record<string, unknown> | null; userId: string; business?: { businessId: string | null; businessName: string } }): Promise<boolean> {
    const { payload, base, userId, business } = change;
    const result = await this.db
      .updateTable("change_request")
      .set({ payload: JSON.stringify(payload), base: base === null ? null : JSON.stringify(base), userId, ...business, updatedAt: new Date().toISOString() })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Moves a pending request to its outcome; false when another decision came first. */
  async decide(id: string, decision: { status: Exclude<RequestStatus, "pending">; reason: string | null; decidedBy: string | null; followUp?: FollowUp }): Promise<boolean> {
    const now = new Date().toISOString();
    const result = await this.db
      .updateTable("change_request")
      .set({ ...decision, decidedAt: now, updatedAt: now })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Decided requests whose follow-up (see migration 0053) is still to do, decided before `before`. */
  async followUpsDue(before: string): Promise<Array<StoredRequest & { followUp: FollowUp }>> {
    const rows = await this.select().select("change_request.followUp").where("change_request.followUp", "is not", null).where("change_request.decidedAt", "<", before).limit(100).execute();
    return rows.map((row) => ({ ...toRequest(row), followUp: row.followUp as FollowUp }));
  }

  async followUpDone(id: string): Promise<void> {
    await this.db.updateTable("change_request").set({ followUp: null }).where("id", "=", id).execute();
  }

  /** Removes a request that never took effect: one approved in advance whose change could not be applied. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("change_request").where("id", "=", id).execute();
  }

  /** Records what an approval created: the new business, event or offer. */
  async setTarget(id: string, created: { businessId?: string; targetId?: string }): Promise<void> {
    await this.db.updateTable("change_request").set(created).where("id", "=", id).execute();
  }

  // Digest

  async lastDigest(recipient: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("request_digest").select("lastSentAt").where("recipient", "=", recipient).executeTakeFirst();
    return row?.lastSentAt;
  }

  async recordDigest(recipient: string, sentAt: string): Promise<void> {
    await this.db
      .insertInto("request_digest")
      .values({ recipient, lastSentAt: sentAt })
      .onConflict((oc) => oc.column("recipient").doUpdateSet({ lastSentAt: sentAt }))
      .execute();
  }

  /** Pending requests made after `since` (all pending ones without it), oldest first. */
  async pendingSince(since: string | undefined): Promise<StoredRequest[]> {
    let q = this.select().where("change_request.status", "=", "pending");
    if (since) q = q.where("change_request.createdAt", ">", since);
    const rows = await q.orderBy("change_request.createdAt").limit(200).execute();
    return rows.map(toRequest);
  }
}
