// stored_file records: the metadata of every object kept in the store.
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/database-types.ts";

const columns = [
  "id",
  "bucket",
  "fullPath",
  "name",
  "size",
  "contentType",
  "timeCreated",
  "updated",
  "md5Hash",
  "customMetadata",
  "ownerUid",
  "attachedAt",
] as const;

export type StoredFileRow = Pick<DB["stored_file"], (typeof columns)[number]>;

/** Something that shows a stored file: a business (its logo or a photo), an event, a post, an owner's request, the site settings, a library document. */
export interface FileHolder {
  kind: "business" | "event" | "post" | "announcement" | "request" | "site-settings" | "document";
  id: string;
}

/** A LIKE pattern (escaped by a backslash) for text containing `text`. */
function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export class FileRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  getByPath(fullPath: string): Promise<StoredFileRow | undefined> {
    return this.db.selectFrom("stored_file").select(columns).where("fullPath", "=", fullPath).executeTakeFirst();
  }

  async create(row: StoredFileRow): Promise<void> {
    await this.db.insertInto("stored_file").values(row).execute();
  }

  async deleteByPath(fullPath: string): Promise<void> {
    await this.db.deleteFrom("stored_file").where("fullPath", "=", fullPath).execute();
  }

  /** Paths of these that have a record. */
  async existing(fullPaths: string[]): Promise<string[]> {
    if (fullPaths.length === 0) return [];
    const rows = await this.db.selectFrom("stored_file").select("fullPath").where("fullPath", "in", fullPaths).execute();
    return rows.map((r) => r.fullPath);
  }

  /** The size and type recorded for each of these paths that has a record. */
  sizes(fullPaths: string[]): Promise<Array<Pick<StoredFileRow, "fullPath" | "size" | "contentType">>> {
    if (fullPaths.length === 0) return Promise.resolve([]);
    return this.db.selectFrom("stored_file").select(["fullPath", "size", "contentType"]).where("fullPath", "in", fullPaths).execute();
  }

  /** Bytes stored for one owner, counted against their quota. */
  async usage(ownerUid: string): Promise<number> {
    const row = await this.db
      .selectFrom("stored_file")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("bytes"))
      .where("ownerUid", "=", ownerUid)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async markAttached(fullPaths: string[], at: string): Promise<void> {
    if (fullPaths.length === 0) return;
    await this.db.updateTable("stored_file").set({ attachedAt: at, updated: at }).where("fullPath", "in", fullPaths).execute();
  }

  /** Claimed uploads whose entity was not saved after all: unused again. */
  async markUnattached(fullPaths: string[], at: string): Promise<void> {
    if (fullPaths.length === 0) return;
    await this.db.updateTable("stored_file").set({ attachedAt: null, updated: at }).where("fullPath", "in", fullPaths).execute();
  }

  /**
   * The businesses, events, posts and requests whose rows name `fullPath` as an image. Requests count while they wait,
   * and so do those of `requestIds` whatever their state (one being approved is marked approved before it is applied).
   */
  async holders(fullPath: string, requestIds: readonly string[] = []): Promise<FileHolder[]> {
    const db = this.db;
    // A request's values are JSON text, where the path is a JSON string.
    const quoted = JSON.stringify(fullPath);
    const [businesses, photos, events, posts, announcements, documents, requests] = await Promise.all([
      db.selectFrom("business").select("id").where("logoStoragePath", "=", fullPath).execute(),
      db.selectFrom("business_photo").select("businessId as id").where("storagePath", "=", fullPath).execute(),
      db.selectFrom("event").select("id").where("imageStoragePath", "=", fullPath).execute(),
      db.selectFrom("post").select("id").where("imagePath", "=", fullPath).execute(),
      db.selectFrom("announcement").select("id").where("imagePath", "=", fullPath).execute(),
      db.selectFrom("document").select("id").where("filePath", "=", fullPath).execute(),
      db
        .selectFrom("change_request")
        .select(["id", "payload"])
        .where((eb) => (requestIds.length > 0 ? eb.or([eb("status", "=", "pending"), eb("id", "in", requestIds)]) : eb("status", "=", "pending")))
        .where(sql<boolean>`payload like ${likeContaining(quoted)} escape '\\'`)
        .execute(),
    ]);
    return [
      ...[...businesses, ...photos].map(({ id }) => ({ kind: "business" as const, id })),
      ...events.map(({ id }) => ({ kind: "event" as const, id })),
      ...posts.map(({ id }) => ({ kind: "post" as const, id })),
      ...announcements.map(({ id }) => ({ kind: "announcement" as const, id })),
      ...documents.map(({ id }) => ({ kind: "document" as const, id })),
      // LIKE ignores case on SQLite: the text itself decides.
      ...requests.filter((r) => r.payload.includes(quoted)).map(({ id }) => ({ kind: "request" as const, id })),
    ];
  }

  /** The addresses of the images the site settings show (hero photos, sponsors' logos). */
  async siteSettingsImageUrls(): Promise<string[]> {
    const rows = await this.db.selectFrom("site_settings").select(["heroPhotos", "sponsorLogos"]).execute();
    const urls: string[] = [];
    for (const row of rows) {
      for (const [text, key] of [[row.heroPhotos, "url"], [row.sponsorLogos, "imageUrl"]] as const) {
        let list: unknown;
        try {
          list = JSON.parse(text);
        } catch {
          continue;
        }
        if (!Array.isArray(list)) continue;
        for (const item of list as Array<Record<string, unknown> | null>) if (typeof item?.[key] === "string") urls.push(item[key]);
      }
    }
    return urls;
  }

  /** Uploads never attached to anything and created before `cutoff`. */
  async getAllUnattachedBefore(cutoff: string, limit = 500): Promise<string[]> {
    const rows = await this.db
      .selectFrom("stored_file")
      .select("fullPath")
      .where("attachedAt", "is", null)
      .where("timeCreated", "<", cutoff)
      .orderBy("timeCreated")
      .limit(limit)
      .execute();
    return rows.map((r) => r.fullPath);
  }
}
