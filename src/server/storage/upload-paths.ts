// Where each kind of upload is stored (spec section 7), and who may upload it. Every user-supplied part becomes a slug.
import type { CurrentUser } from "../auth/session.ts";
import { newId } from "../db/ids.ts";
import { slugify } from "#shared/format.ts";
import { UPLOAD_RULES, type UploadKind } from "#shared/upload-kinds.ts";

export interface UploadTarget {
  kind: UploadKind;
  user: CurrentUser;
  /** The file's name as the user's computer called it. */
  fileName: string;
  /** Name of the business or event the image is for (logos, event images). */
  name?: string | undefined;
  /** The post the image belongs to; new posts get a temporary folder. */
  postId?: string | undefined;
  now?: Date;
}

/** Admins attach anything; every signed-in user may set their own profile picture. */
export function mayUpload(user: CurrentUser, kind: UploadKind): boolean {
  return user.role === "admin" || kind === "profilePicture";
}

/** A file name is refused outright when it tries to name a place rather than a file. */
export function isSafeFileName(fileName: string): boolean {
  return (
    fileName.length > 0 &&
    fileName.length <= 255 &&
    !/[/\\]/.test(fileName) &&
    fileName !== "." &&
    fileName !== ".." &&
    ![...fileName].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
  );
}

/** "Summer Sale!.JPG" → "summer-sale", cut to a sensible length. */
function baseSlug(fileName: string, fallback: string): string {
  const dot = fileName.lastIndexOf(".");
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return slugify(base).slice(0, 60).replace(/-+$/, "") || fallback;
}

const POST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidPostId(postId: string): boolean {
  return POST_ID.test(postId);
}

/** "Budget 2026.XLSX" → ".xlsx"; "" for a name with no plain extension. */
function extension(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  return match ? `.${match[1]!.toLowerCase()}` : "";
}

/** The stored file's path. Images are always re-encoded, so their extension is always .webp; documents keep theirs. */
export function storagePath(target: UploadTarget): string {
  const stamp = (target.now ?? new Date()).getTime();
  const { folder } = UPLOAD_RULES[target.kind];
  switch (target.kind) {
    case "logo":
      return `${folder}/${baseSlug(target.name || target.fileName, "logo")}_${stamp}.webp`;
    case "eventImage":
      return `${folder}/${baseSlug(target.name || target.fileName, "event")}_${stamp}.webp`;
    case "businessPhoto":
      return `${folder}/${baseSlug(target.name || target.fileName, "photo")}_${stamp}_${newId(6)}.webp`;
    case "postImage": {
      const owner = target.postId && isValidPostId(target.postId) ? target.postId : `temp_${newId()}`;
      return `${folder}/${owner}/post_${stamp}_${baseSlug(target.fileName, "image")}.webp`;
    }
    case "profilePicture":
      return `${folder}/${target.user.id}/${baseSlug(target.fileName, "picture")}_${stamp}.webp`;
    case "siteImage":
      return `${folder}/${baseSlug(target.name || target.fileName, "image")}_${stamp}_${newId(6)}.webp`;
    case "newsletterImage":
      return `${folder}/${baseSlug(target.fileName, "image")}_${stamp}_${newId(6)}.webp`;
    case "document":
      return `${folder}/${baseSlug(target.fileName, "document")}_${stamp}_${newId(6)}${extension(target.fileName)}`;
  }
}

/** Whether a stored path is one this kind of upload (and, for profile pictures, this user) would have made. */
export function pathBelongsTo(fullPath: string, kind: UploadKind, user: CurrentUser): boolean {
  const { folder } = UPLOAD_RULES[kind];
  const prefix = kind === "profilePicture" ? `${folder}/${user.id}/` : `${folder}/`;
  return fullPath.startsWith(prefix);
}
