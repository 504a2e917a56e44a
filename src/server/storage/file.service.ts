// Stores files and their metadata records together, checks uploads, attaches them to entities and removes what is left over.
import { createHash } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "../db/database-types.ts";
import { newId } from "../db/ids.ts";
import type { CurrentUser } from "../auth/session.ts";
import { AppError, Forbidden, NotFound, Unauthorized, Validation } from "../errors.ts";
import { messages } from "#shared/messages.ts";
import {
  fileUrl,
  IMAGE_VARIANT_WIDTHS,
  UPLOAD_RULES,
  megabytes,
  typeNames,
  variantPath,
  type UploadKind,
} from "#shared/upload-kinds.ts";
import { FileRepository, type FileHolder } from "./file.repository.ts";
import { documentType } from "./document-file.ts";
import { reencodeImage, sniffType, TooManyPixels, UnreadableImage } from "./image.ts";
import { assertSafeKey, type ObjectStore } from "./storage.ts";
import { isSafeFileName, isValidPostId, mayUpload, pathBelongsTo, storagePath } from "./upload-paths.ts";

export interface SavedFile {
  fullPath: string;
  url: string;
  size: number;
  contentType: string;
}

/** A file claimed for an entity. */
export interface AttachedFile extends SavedFile {
  /**
   * Whether it was attached already: held by something else too (an owner's request being approved), it is not this
   * save's to give back if saving fails.
   */
  wasAttached: boolean;
}

export interface StoredImage extends SavedFile {
  width: number;
  height: number;
  /** `url 320w, url 640w, ...` including the full-size copy. */
  srcset: string;
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

/** The spec's storage object (section 3). */
export interface StorageObjectMetadata {
  bucket: string;
  fullPath: string;
  name: string;
  size: number;
  contentType: string;
  timeCreated: string;
  updated: string;
  md5Hash: string;
  customMetadata: Record<string, string>;
}

export interface UploadRequest {
  user: CurrentUser | null;
  kind: UploadKind;
  fileName: string | undefined;
  /** Declared size in bytes. */
  size: number;
  name?: string | undefined;
  postId?: string | undefined;
  /** The business an owner's logo, event image or photo is for. */
  businessId?: string | undefined;
}

export interface FileServiceOptions {
  /** Bytes each user may keep; unlimited when absent. */
  quotaBytes?: number | undefined;
  /** Whether the person owns the business (owners upload their businesses' images); nobody does when absent. */
  ownsBusiness?: ((userId: string, businessId: string) => Promise<boolean>) | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The images an owner may upload for a business they own. */
const OWNER_KINDS: readonly UploadKind[] = ["logo", "eventImage", "businessPhoto"];

export { fileUrl };
export type { FileHolder };

/** The stored path behind one of our `/files/...` URLs, or null for any other URL (a provider's avatar, say). */
export function pathFromUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith("/files/")) return null;
  try {
    const fullPath = url.slice("/files/".length).split("/").map(decodeURIComponent).join("/");
    assertSafeKey(fullPath);
    return fullPath;
  } catch {
    return null;
  }
}

/** The 402 of a full quota. */
export const QuotaExceeded = (bucket: string) => new AppError(402, "quota_exceeded", messages.storage.quotaExceeded(bucket));

export class FileService {
  private readonly files: FileRepository;
  private readonly store: ObjectStore;
  private readonly quotaBytes: number;
  private readonly ownsBusiness: (userId: string, businessId: string) => Promise<boolean>;

  constructor(db: Kysely<DB>, store: ObjectStore, options: FileServiceOptions = {}) {
    this.files = new FileRepository(db);
    this.store = store;
    this.quotaBytes = options.quotaBytes ?? Number.POSITIVE_INFINITY;
    this.ownsBusiness = options.ownsBusiness ?? (() => Promise.resolve(false));
  }

  get bucket(): string {
    return this.store.bucket;
  }

  async save(input: SaveFileInput): Promise<SavedFile> {
    assertSafeKey(input.fullPath);
    const now = new Date().toISOString();
    await this.store.put(input.fullPath, input.body, input.contentType);
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

  async getMetadata(fullPath: string): Promise<StorageObjectMetadata> {
    const record = await this.files.getByPath(fullPath);
    if (!record) throw NotFound(messages.storage.notFound(fullPath));
    const { bucket, name, size, contentType, timeCreated, updated, md5Hash } = record;
    return { bucket, fullPath, name, size, contentType, timeCreated, updated, md5Hash, customMetadata: JSON.parse(record.customMetadata) };
  }

  /**
   * The size in bytes and the type of the files behind these `/files/...` URLs, by URL, as recorded when each was
   * stored (what /files/ serves); other URLs and files with no record are left out.
   */
  async sizesByUrl(urls: ReadonlyArray<string | null | undefined>): Promise<Map<string, { size: number; contentType: string }>> {
    const byPath = new Map<string, string>();
    for (const url of urls) {
      const fullPath = pathFromUrl(url);
      if (url && fullPath) byPath.set(fullPath, url);
    }
    const rows = await this.files.sizes([...byPath.keys()]);
    return new Map(rows.map((row) => [byPath.get(row.fullPath)!, { size: row.size, contentType: row.contentType }]));
  }

  /** Metadata names the uploader's original file: only the uploader and administrators may read it. */
  async getMetadataFor(user: CurrentUser | null, fullPath: string): Promise<StorageObjectMetadata> {
    if (!user) throw Unauthorized(messages.storage.unauthenticated);
    const record = await this.files.getByPath(fullPath);
    if (!record) throw NotFound(messages.storage.notFound(fullPath));
    if (record.ownerUid !== user.id && user.role !== "admin") throw Forbidden(messages.storage.unauthorized(fullPath));
    return this.getMetadata(fullPath);
  }

  async getDownloadUrl(fullPath: string): Promise<string> {
    await this.getMetadata(fullPath);
    return fileUrl(fullPath);
  }

  /** Bytes this user keeps in storage. */
  usage(ownerUid: string): Promise<number> {
    return this.files.usage(ownerUid);
  }

  private async assertQuota(user: CurrentUser, incoming: number): Promise<void> {
    if (!Number.isFinite(this.quotaBytes)) return;
    if ((await this.files.usage(user.id)) + incoming > this.quotaBytes) throw QuotaExceeded(this.store.bucket);
  }

  /**
   * Checks an upload before any byte is accepted: signed in, allowed for this kind, a plain file name,
   * a size within the kind's limit and the user's quota. Returns the path the file will be stored at.
   */
  async prepareUpload(request: UploadRequest): Promise<string> {
    if (!request.user) throw Unauthorized(messages.storage.unauthenticated);
    const user = request.user;
    const rules = UPLOAD_RULES[request.kind];
    const fileName = request.fileName ?? "";
    const fullPath = storagePath({ kind: request.kind, user, fileName, name: request.name, postId: request.postId });
    if (!(await this.mayUpload(user, request.kind, request.businessId))) throw Forbidden(messages.storage.unauthorized(fullPath));
    if (!isSafeFileName(fileName)) throw Validation(messages.uploads.badFileName, { file: messages.uploads.badFileName });
    if (request.postId !== undefined && request.postId !== "" && !isValidPostId(request.postId)) {
      throw Validation("The post id is not valid.", { postId: "The post id is not valid." });
    }
    if (!Number.isInteger(request.size) || request.size <= 0) {
      throw Validation(messages.uploads.emptyFile, { file: messages.uploads.emptyFile });
    }
    if (request.size > rules.maxBytes) {
      const message = messages.uploads.fileTooLarge(megabytes(rules.maxBytes));
      throw Validation(message, { file: message });
    }
    await this.assertQuota(user, request.size);
    return fullPath;
  }

  /** Administrators upload anything, everyone their profile picture, owners the images of a business they own. */
  private async mayUpload(user: CurrentUser, kind: UploadKind, businessId: string | undefined): Promise<boolean> {
    if (mayUpload(user, kind)) return true;
    return OWNER_KINDS.includes(kind) && !!businessId && (await this.ownsBusiness(user.id, businessId));
  }

  /**
   * Whether `fullPath` is an upload of this person's, of this kind, made for one of `businessIds` and not yet used
   * by anything: what an owner may put in a request.
   */
  async isFreshUpload(user: CurrentUser, kind: UploadKind, fullPath: string, businessIds: readonly string[]): Promise<boolean> {
    const record = await this.files.getByPath(fullPath);
    if (!record || record.ownerUid !== user.id || record.attachedAt !== null) return false;
    const metadata = JSON.parse(record.customMetadata) as Record<string, string>;
    return metadata.kind === kind && !metadata.variantOf && businessIds.includes(metadata.businessId ?? "");
  }

  /**
   * Stores an uploaded image at the prepared path, unattached: its type is read from its bytes, then it is
   * re-encoded (with narrower copies). Refused files leave nothing behind.
   */
  async storeImage(input: { user: CurrentUser; kind: UploadKind; fullPath: string; bytes: Uint8Array; fileName: string; businessId?: string | undefined }): Promise<StoredImage> {
    const rules = UPLOAD_RULES[input.kind];
    const typeRefused = messages.uploads.typeNotAllowed(typeNames(rules.types));
    if (input.bytes.byteLength === 0) throw Validation(messages.uploads.emptyFile, { file: messages.uploads.emptyFile });
    if (input.bytes.byteLength > rules.maxBytes) {
      const message = messages.uploads.fileTooLarge(megabytes(rules.maxBytes));
      throw Validation(message, { file: message });
    }
    const type = await sniffType(input.bytes);
    if (!type || !rules.types.includes(type)) throw Validation(typeRefused, { file: typeRefused });
    let image;
    try {
      image = await reencodeImage(input.bytes);
    } catch (error) {
      if (error instanceof UnreadableImage) throw Validation(messages.uploads.unreadableImage, { file: messages.uploads.unreadableImage });
      if (error instanceof TooManyPixels) {
        const message = messages.uploads.tooManyPixels(error.limit / 1_000_000);
        throw Validation(message, { file: message });
      }
      throw error;
    }
    const total = image.body.byteLength + image.variants.reduce((sum, v) => sum + v.body.byteLength, 0);
    await this.assertQuota(input.user, total);

    const customMetadata = {
      kind: input.kind,
      originalName: input.fileName.slice(0, 255),
      originalType: type,
      width: String(image.width),
      height: String(image.height),
      ...(input.businessId ? { businessId: input.businessId } : {}),
    };
    const common = { ownerUid: input.user.id, attached: false, contentType: "image/webp" } as const;
    const saved: string[] = [];
    try {
      const main = await this.save({ ...common, fullPath: input.fullPath, body: image.body, customMetadata });
      saved.push(main.fullPath);
      for (const variant of image.variants) {
        const variantFile = await this.save({
          ...common,
          fullPath: variantPath(input.fullPath, variant.width),
          body: variant.body,
          customMetadata: { ...customMetadata, variantOf: input.fullPath, width: String(variant.width) },
        });
        saved.push(variantFile.fullPath);
      }
    } catch (error) {
      await Promise.all(saved.map((p) => this.deleteOne(p).catch(() => undefined)));
      throw error;
    }
    const srcset = [
      ...image.variants.map((v) => `${fileUrl(variantPath(input.fullPath, v.width))} ${v.width}w`),
      `${fileUrl(input.fullPath)} ${image.width}w`,
    ].join(", ");
    return { fullPath: input.fullPath, url: fileUrl(input.fullPath), size: image.body.byteLength, contentType: "image/webp", width: image.width, height: image.height, srcset };
  }

  /**
   * Stores an uploaded file of a kind kept as it is (the library's documents) at the prepared path, unattached, once
   * its bytes show it is of a type the kind takes: an HTML page named "report.pdf" is refused.
   */
  async storeDocument(input: { user: CurrentUser; kind: UploadKind; fullPath: string; bytes: Uint8Array; fileName: string }): Promise<SavedFile> {
    const rules = UPLOAD_RULES[input.kind];
    if (input.bytes.byteLength === 0) throw Validation(messages.uploads.emptyFile, { file: messages.uploads.emptyFile });
    if (input.bytes.byteLength > rules.maxBytes) {
      const message = messages.uploads.fileTooLarge(megabytes(rules.maxBytes));
      throw Validation(message, { file: message });
    }
    const type = await documentType(input.bytes, input.fileName);
    if (!type || !rules.types.includes(type)) {
      const message = messages.uploads.documentTypeNotAllowed(typeNames(rules.types));
      throw Validation(message, { file: message });
    }
    await this.assertQuota(input.user, input.bytes.byteLength);
    const customMetadata = { kind: input.kind, originalName: input.fileName.slice(0, 255), originalType: type };
    return this.save({ fullPath: input.fullPath, body: input.bytes, contentType: type, ownerUid: input.user.id, attached: false, customMetadata });
  }

  /** Stores a finished upload as its kind wants: images re-encoded, documents as they are. */
  storeUpload(input: { user: CurrentUser; kind: UploadKind; fullPath: string; bytes: Uint8Array; fileName: string; businessId?: string | undefined }): Promise<SavedFile> {
    return UPLOAD_RULES[input.kind].images ? this.storeImage(input) : this.storeDocument(input);
  }

  /** The name the uploader's computer gave a stored file, as recorded when it was stored. */
  async originalName(fullPath: string): Promise<string | null> {
    const record = await this.files.getByPath(fullPath);
    if (!record) return null;
    const metadata = JSON.parse(record.customMetadata) as Record<string, string>;
    return metadata.originalName || record.name;
  }

  /** Both steps of an upload in one call, for callers that already hold the whole file. */
  async upload(request: Omit<UploadRequest, "size"> & { bytes: Uint8Array }): Promise<StoredImage> {
    const fullPath = await this.prepareUpload({ ...request, size: request.bytes.byteLength });
    return this.storeImage({ user: request.user!, kind: request.kind, fullPath, bytes: request.bytes, fileName: request.fileName ?? "", businessId: request.businessId });
  }

  /** Whether `attach` would take this file: it is there, in this kind's folder, and the user's (anyone's, for an admin). */
  async isAttachable({ user, kind, fullPath }: { user: CurrentUser | null; kind: UploadKind; fullPath: string }): Promise<boolean> {
    if (!user || !pathBelongsTo(fullPath, kind, user)) return false;
    const record = await this.files.getByPath(fullPath);
    return record !== undefined && (record.ownerUid === user.id || user.role === "admin");
  }

  /**
   * Whether an upload is already attached to something, so naming it for another item would make both share one file:
   * a business (its logo or a photo), an event, a post, the site settings, an owner's waiting request. It is free
   * for the save of one of its `own` holders: the item that shows it, or the owner's request being approved, whose
   * uploads become the item's. An attached upload nothing is found holding counts as in use.
   */
  async isInUse(fullPath: string, own: readonly FileHolder[] = []): Promise<boolean> {
    const record = await this.files.getByPath(fullPath);
    if (!record || record.attachedAt === null) return false;
    if (own.length === 0) return true;
    const holders = await this.holders(fullPath, own.filter((h) => h.kind === "request").map((h) => h.id));
    return holders.length === 0 || holders.some((holder) => !own.some((o) => o.kind === holder.kind && o.id === holder.id));
  }

  /** What shows the file as its image (see `FileRepository.holders`), the site settings included. */
  private async holders(fullPath: string, requestIds: readonly string[]): Promise<FileHolder[]> {
    const [rows, siteImages] = await Promise.all([this.files.holders(fullPath, requestIds), this.files.siteSettingsImageUrls()]);
    return siteImages.some((url) => pathFromUrl(url) === fullPath) ? [...rows, { kind: "site-settings", id: "site" }] : rows;
  }

  /**
   * Claims an upload for the entity about to reference it, so the orphan cleanup leaves it alone.
   * Only the uploader (or an admin) may claim it, and only for the kind it was uploaded as.
   */
  async attach({ user, kind, fullPath }: { user: CurrentUser | null; kind: UploadKind; fullPath: string }): Promise<AttachedFile> {
    if (!user) throw Unauthorized(messages.storage.unauthenticated);
    if (!pathBelongsTo(fullPath, kind, user)) throw Forbidden(messages.storage.unauthorized(fullPath));
    const record = await this.files.getByPath(fullPath);
    if (!record) throw NotFound(messages.storage.notFound(fullPath));
    if (record.ownerUid !== user.id && user.role !== "admin") throw Forbidden(messages.storage.unauthorized(fullPath));
    await this.files.markAttached([fullPath, ...IMAGE_VARIANT_WIDTHS.map((w) => variantPath(fullPath, w))], new Date().toISOString());
    return { fullPath, url: fileUrl(fullPath), size: record.size, contentType: record.contentType, wasAttached: record.attachedAt !== null };
  }

  /**
   * Gives back uploads claimed for an entity whose saving then failed: unused again, they are removed by the clean-up
   * of unused uploads unless a retry claims them. Only what the save claimed is given back: an upload attached before
   * it (`wasAttached`) is still held by something else, an owner's waiting request say.
   */
  async release(...fullPaths: (string | null | undefined)[]): Promise<void> {
    const paths = fullPaths.filter((p): p is string => !!p).flatMap((p) => [p, ...IMAGE_VARIANT_WIDTHS.map((w) => variantPath(p, w))]);
    await this.files.markUnattached(paths, new Date().toISOString());
  }

  /**
   * Puts a new upload in place of an entity's old file: the new one is attached, then the old one deleted.
   * Call it before saving the entity, and `delete` the new file if saving fails (unless it was attached already, see
   * `AttachedFile.wasAttached`).
   */
  async replace(input: { user: CurrentUser | null; kind: UploadKind; fullPath: string; previous: string | null | undefined }): Promise<AttachedFile> {
    const attached = await this.attach(input);
    if (input.previous && input.previous !== input.fullPath) await this.delete(input.previous);
    return attached;
  }

  /** Removes the files of an entity that is being deleted (paths may be null when it had none). */
  async deleteForEntity(...fullPaths: (string | null | undefined)[]): Promise<void> {
    for (const fullPath of fullPaths) if (fullPath) await this.delete(fullPath);
  }

  /** Deletes a file and its narrower copies; a file that is already gone is no error. */
  async delete(fullPath: string): Promise<void> {
    const paths = [fullPath, ...IMAGE_VARIANT_WIDTHS.map((w) => variantPath(fullPath, w))];
    const present = new Set(await this.files.existing(paths));
    await this.deleteOne(fullPath);
    for (const p of paths.slice(1)) if (present.has(p)) await this.deleteOne(p);
  }

  /** An unattached upload its owner no longer wants (a form was abandoned). */
  async discard({ user, fullPath }: { user: CurrentUser | null; fullPath: string }): Promise<void> {
    if (!user) throw Unauthorized(messages.storage.unauthenticated);
    const record = await this.files.getByPath(fullPath);
    if (!record) throw NotFound(messages.storage.notFound(fullPath));
    if (record.attachedAt !== null || (record.ownerUid !== user.id && user.role !== "admin")) {
      throw Forbidden(messages.storage.unauthorized(fullPath));
    }
    await this.delete(fullPath);
  }

  private async deleteOne(fullPath: string): Promise<void> {
    // Bytes first: a record without bytes reads as missing, bytes without a record would never be found again.
    await this.store.delete(fullPath);
    await this.files.deleteByPath(fullPath);
  }

  /** Removes uploads that were never attached within `maxAgeMs` (a day by default). Returns how many. */
  async deleteOrphans(now = new Date(), maxAgeMs = DAY_MS): Promise<number> {
    const cutoff = new Date(now.getTime() - maxAgeMs).toISOString();
    let removed = 0;
    for (;;) {
      const batch = await this.files.getAllUnattachedBefore(cutoff);
      for (const fullPath of batch) {
        await this.deleteOne(fullPath);
        removed++;
      }
      if (batch.length < 500) return removed;
    }
  }
}
