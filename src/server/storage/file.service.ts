// Stores files and their metadata records together, and hands out the URLs they are served at.
import { createHash } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { newId } from "../db/ids.ts";
import { FileRepository } from "./file.repository.ts";
import { assertSafeKey, type ObjectStore } from "./storage.ts";

export interface SavedFile {
  fullPath: string;
  url: string;
  size: number;
  contentType: string;
}

export interface SaveFileInput {
  fullPath: string;
  body: Uint8Array;
  contentType: string;
  ownerUid?: string | null;
  customMetadata?: Record<string, string>;
  /** Files saved together with the record that uses them are attached at once. */
  attached?: boolean;
}

/** Public URL path of a stored object. */
export function fileUrl(fullPath: string): string {
  return `/files/${fullPath.split("/").map(encodeURIComponent).join("/")}`;
}

export class FileService {
  private readonly files: FileRepository;
  private readonly store: ObjectStore;

  constructor(db: Kysely<DB>, store: ObjectStore) {
    this.files = new FileRepository(db);
    this.store = store;
  }

  async save(input: SaveFileInput): Promise<SavedFile> {
    assertSafeKey(input.fullPath);
    const now = new Date().toISOString();
    await this.store.put(input.fullPath, input.body);
    await this.files.create({
      id: newId(),
      bucket: this.store.bucket,
      fullPath: input.fullPath,
      name: path.posix.basename(input.fullPath),
      size: input.body.byteLength,
      contentType: input.contentType,
      timeCreated: now,
      updated: now,
      md5Hash: createHash("md5").update(input.body).digest("base64"),
      customMetadata: JSON.stringify(input.customMetadata ?? {}),
      ownerUid: input.ownerUid ?? null,
      attachedAt: input.attached === false ? null : now,
    });
    return { fullPath: input.fullPath, url: fileUrl(input.fullPath), size: input.body.byteLength, contentType: input.contentType };
  }

  /** The bytes and type of a stored object, or null when it does not exist. */
  async read(fullPath: string): Promise<{ body: Uint8Array; contentType: string } | null> {
    const record = await this.files.getByPath(fullPath);
    if (!record) return null;
    const body = await this.store.get(fullPath);
    return body ? { body, contentType: record.contentType } : null;
  }

  async delete(fullPath: string): Promise<void> {
    await this.store.delete(fullPath);
    await this.files.deleteByPath(fullPath);
  }
}
