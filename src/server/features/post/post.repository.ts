import type { Kysely } from "kysely";
import type { SortDirection } from "#shared/schemas/pagination.ts";
import type { DB } from "#server/db/database-types.ts";
import { folded } from "#server/db/order.ts";
import type { Post, PostAuthor } from "#shared/schemas/post.ts";
import { AUTHOR_COLUMNS } from "#server/features/users/index.ts";

const COLUMNS = ["id", "title", "authorDisplayName", "content", "datetime", "link", "imageUrl", "createdAt", "lastUpdatedAt"] as const;
const STORED_COLUMNS = [...COLUMNS, "authorUid", "imagePath", "editorUid"] as const;

/** A post with the columns only the admin sees. */
export type StoredPost = Post & { authorUid: string | null; imagePath: string | null; editorUid: string | null };

export type PostWrite = Pick<StoredPost, "title" | "authorUid" | "authorDisplayName" | "content" | "datetime" | "link" | "imageUrl" | "imagePath" | "editorUid">;

export class PostRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Newest first by `datetime`. */
  getAll(limit?: number): Promise<Post[]> {
    let query = this.db.selectFrom("post").select(COLUMNS).orderBy("datetime", "desc").orderBy("id");
    if (limit !== undefined) query = query.limit(limit);
    return query.execute();
  }

  /** Newest first by `datetime`, a page at a time, with the columns visitors see (/news). */
  async getPublicPage(offset: number, limit: number): Promise<{ items: Post[]; total: number }> {
    const [items, count] = await Promise.all([
      this.db.selectFrom("post").select(COLUMNS).orderBy("datetime", "desc").orderBy("id").limit(limit).offset(offset).execute(),
      this.db.selectFrom("post").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.total) };
  }

  get(id: string): Promise<Post | undefined> {
    return this.db.selectFrom("post").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  }

  /** Newest first by `datetime`, a page at a time (the admin list). */
  async getPage(offset: number, limit: number, sort: SortDirection = "desc"): Promise<{ items: StoredPost[]; total: number }> {
    const [items, count] = await Promise.all([
      this.db.selectFrom("post").select(STORED_COLUMNS).orderBy("datetime", sort).orderBy("id").limit(limit).offset(offset).execute(),
      this.db.selectFrom("post").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.total) };
  }

  getStored(id: string): Promise<StoredPost | undefined> {
    return this.db.selectFrom("post").select(STORED_COLUMNS).where("id", "=", id).executeTakeFirst();
  }

  async create(id: string, values: PostWrite): Promise<StoredPost> {
    const now = new Date().toISOString();
    const row = { id, ...values, createdAt: now, lastUpdatedAt: now };
    await this.db.insertInto("post").values(row).execute();
    return row;
  }

  async update(id: string, values: PostWrite): Promise<StoredPost | undefined> {
    const result = await this.db
      .updateTable("post")
      .set({ ...values, lastUpdatedAt: new Date().toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 0 ? undefined : this.getStored(id);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("post").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Users who can be named as authors, by display name (spec: the post author list). */
  getAuthors(): Promise<PostAuthor[]> {
    return this.db.selectFrom("user").select(AUTHOR_COLUMNS).orderBy(folded("displayName")).orderBy("displayName").orderBy("id").execute();
  }

  getAuthor(id: string): Promise<PostAuthor | undefined> {
    return this.db.selectFrom("user").select(AUTHOR_COLUMNS).where("id", "=", id).executeTakeFirst();
  }
}
