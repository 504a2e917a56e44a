// Announcements, who has read them and to whom their publication mail went.
import type { ExpressionBuilder, Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";

const COLUMNS = ["id", "title", "body", "imageUrl", "imagePath", "pinned", "publishAt", "archived", "mailedAt", "editorUid", "createdAt", "lastUpdatedAt"] as const;

export interface StoredAnnouncement {
  id: string;
  title: string;
  body: string;
  imageUrl: string | null;
  imagePath: string | null;
  pinned: boolean;
  publishAt: string | null;
  archived: boolean;
  mailedAt: string | null;
  editorUid: string | null;
  createdAt: string;
  lastUpdatedAt: string;
}

export type AnnouncementWrite = Pick<StoredAnnouncement, "title" | "body" | "imageUrl" | "imagePath" | "pinned" | "publishAt" | "archived" | "editorUid">;

/** A member who may be mailed: their address and name. */
export interface MemberRecipient {
  id: string;
  email: string;
  displayName: string;
}

/** Who is a member, as a condition on `user`: an administrator, or a `business` account that owns a business. */
export function isMember(eb: ExpressionBuilder<DB, "user">) {
  return eb.or([
    eb("user.role", "=", "admin"),
    eb.and([eb("user.role", "=", "business"), eb.exists(eb.selectFrom("business_owner").select("business_owner.userId").whereRef("business_owner.userId", "=", "user.id"))]),
  ]);
}

type Row = Omit<StoredAnnouncement, "pinned" | "archived"> & { pinned: number; archived: number };

function fromRow(row: Row): StoredAnnouncement {
  return { ...row, pinned: Boolean(row.pinned), archived: Boolean(row.archived) };
}

export class AnnouncementRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Pinned ones first, then newest first by publication (drafts, which have none, by creation). */
  async list({ publishedBy }: { publishedBy?: string } = {}): Promise<StoredAnnouncement[]> {
    let query = this.db.selectFrom("announcement").select(COLUMNS);
    if (publishedBy !== undefined) query = query.where("publishAt", "<=", publishedBy).where("archived", "=", 0);
    const rows = await query.orderBy("pinned", "desc").orderBy("publishAt", (ob) => ob.desc().nullsFirst()).orderBy("createdAt", "desc").orderBy("id").execute();
    return rows.map(fromRow);
  }

  /** Every one, a page at a time, newest first by publication (drafts, which have none, first); `sort` turns it. */
  async getPage(offset: number, limit: number, sort: "asc" | "desc" = "desc"): Promise<{ items: StoredAnnouncement[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom("announcement")
        .select(COLUMNS)
        .orderBy("publishAt", (ob) => (sort === "desc" ? ob.desc().nullsFirst() : ob.asc().nullsLast()))
        .orderBy("createdAt", sort)
        .orderBy("id")
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db.selectFrom("announcement").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(fromRow), total: Number(count.total) };
  }

  async get(id: string): Promise<StoredAnnouncement | undefined> {
    const row = await this.db.selectFrom("announcement").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    return row && fromRow(row);
  }

  async create(id: string, values: AnnouncementWrite): Promise<StoredAnnouncement> {
    const now = new Date().toISOString();
    await this.db
      .insertInto("announcement")
      .values({ id, ...values, pinned: Number(values.pinned), archived: Number(values.archived), createdAt: now, lastUpdatedAt: now })
      .execute();
    return { id, ...values, mailedAt: null, createdAt: now, lastUpdatedAt: now };
  }

  async update(id: string, values: AnnouncementWrite): Promise<StoredAnnouncement | undefined> {
    const result = await this.db
      .updateTable("announcement")
      .set({ ...values, pinned: Number(values.pinned), archived: Number(values.archived), lastUpdatedAt: new Date().toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 0 ? undefined : this.get(id);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("announcement").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The ids, among these, the person has read. */
  /** How many published ones the person has not read: counted in the database, as every page's header asks. */
  async unreadCount(userId: string, publishedBy: string): Promise<number> {
    const row = await this.db
      .selectFrom("announcement")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("publishAt", "<=", publishedBy)
      .where("archived", "=", 0)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("announcement_read").select("announcement_read.userId").whereRef("announcement_read.announcementId", "=", "announcement.id").where("announcement_read.userId", "=", userId))),
      )
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** When the next one scheduled after this time comes out (not archived ones), or null when none is. */
  async nextPublication(after: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("announcement")
      .select((eb) => eb.fn.min("publishAt").as("next"))
      .where("publishAt", ">", after)
      .where("archived", "=", 0)
      .executeTakeFirst();
    return row?.next ?? null;
  }

  async readIds(userId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom("announcement_read").select("announcementId").where("userId", "=", userId).where("announcementId", "in", ids).execute();
    return new Set(rows.map((r) => r.announcementId));
  }

  /** Marks it read; reading it again keeps the first time. */
  async markRead(id: string, userId: string): Promise<void> {
    await this.db
      .insertInto("announcement_read")
      .values({ announcementId: id, userId, readAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["announcementId", "userId"]).doNothing())
      .execute();
  }

  /** Published from `since` (included) until `until` (excluded), both ISO instants, and not archived: the digest's. */
  async publishedBetween(since: string, until: string): Promise<StoredAnnouncement[]> {
    const rows = await this.db
      .selectFrom("announcement")
      .select(COLUMNS)
      .where("publishAt", ">=", since)
      .where("publishAt", "<", until)
      .where("archived", "=", 0)
      .orderBy("publishAt")
      .orderBy("id")
      .execute();
    return rows.map(fromRow);
  }

  /** Published, not archived, whose publication mail has not gone out yet. */
  async waitingForMail(now: string): Promise<StoredAnnouncement[]> {
    const rows = await this.db
      .selectFrom("announcement")
      .select(COLUMNS)
      .where("publishAt", "<=", now)
      .where("archived", "=", 0)
      .where("mailedAt", "is", null)
      .orderBy("publishAt")
      .orderBy("id")
      .execute();
    return rows.map(fromRow);
  }

  /** Members (administrators, and `business` accounts that own a business) not yet mailed this announcement. */
  async membersNotMailed(announcementId: string): Promise<MemberRecipient[]> {
    return this.db
      .selectFrom("user")
      .select(["user.id", "user.email", "user.displayName"])
      .where(isMember)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("announcement_mail").select("announcement_mail.userId").whereRef("announcement_mail.userId", "=", "user.id").where("announcement_mail.announcementId", "=", announcementId))),
      )
      .orderBy("user.id")
      .execute();
  }

  /** Records that this member's mail went (or that they want none): they are not mailed it again. */
  async recordMailed(announcementId: string, userId: string): Promise<void> {
    await this.db
      .insertInto("announcement_mail")
      .values({ announcementId, userId, sentAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["announcementId", "userId"]).doNothing())
      .execute();
  }

  async markMailed(id: string): Promise<void> {
    await this.db.updateTable("announcement").set({ mailedAt: new Date().toISOString() }).where("id", "=", id).execute();
  }
}
