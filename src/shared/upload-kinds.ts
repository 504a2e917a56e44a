// What may be uploaded where: the kinds of file the site stores, their types and size limits (spec sections 3, 7, 9).
import { EVENT_IMAGE_TYPES, IMAGE_TYPES, PROFILE_PICTURE } from "./constants.ts";

export const UPLOAD_KINDS = ["logo", "eventImage", "postImage", "profilePicture", "businessPhoto", "siteImage"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export interface UploadKindRules {
  /** Folder of the spec's storage path. */
  folder: string;
  types: readonly string[];
  maxBytes: number;
}

/** Ample for a phone photo; the stored copy is re-encoded and much smaller. */
const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

export const UPLOAD_RULES: Record<UploadKind, UploadKindRules> = {
  logo: { folder: "markers_logos", types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
  eventImage: { folder: "event_images", types: EVENT_IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
  postImage: { folder: "posts_images", types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
  profilePicture: { folder: "profilePictures", types: PROFILE_PICTURE.types, maxBytes: PROFILE_PICTURE.maxBytes },
  businessPhoto: { folder: "markers_photos", types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
  /** The site settings' hero photos and sponsor logos. */
  siteImage: { folder: "site_settings", types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
};

export function isUploadKind(value: unknown): value is UploadKind {
  return UPLOAD_KINDS.includes(value as UploadKind);
}

/** Image types by file name extension, for a file the browser gives no type (Chrome on Windows, for HEIC). */
const IMAGE_TYPE_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jpe: "image/jpeg",
  jfif: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  heic: "image/heic",
  heif: "image/heif",
};

/**
 * The type a chosen file claims: the browser's, else the one its name's extension stands for ("" when it names no
 * image type). A hint only: the server reads the real type from the file's bytes.
 */
export function claimedType(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const dot = file.name.lastIndexOf(".");
  return dot < 0 ? "" : (IMAGE_TYPE_BY_EXTENSION[file.name.slice(dot + 1).toLowerCase()] ?? "");
}

/** "PNG, JPEG or GIF" for messages. */
export function typeNames(types: readonly string[]): string {
  const names = types.map((t) => t.replace(/^image\//, "").toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
}

/** Whole megabytes, as the spec writes the profile picture limit ("max 5MB"). */
export function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

/** Widths kept of every uploaded image for `srcset`, beside the full-size copy. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1280] as const;
/** The longest side of the stored full-size copy. */
export const IMAGE_MAX_SIDE = 1600;

/** Path of the `width`-pixel copy of a stored image: `a/b_123.webp` → `a/b_123_w320.webp`. */
export function variantPath(fullPath: string, width: number): string {
  const dot = fullPath.lastIndexOf(".");
  return dot > fullPath.lastIndexOf("/") ? `${fullPath.slice(0, dot)}_w${width}${fullPath.slice(dot)}` : `${fullPath}_w${width}`;
}

/** Public URL path of a stored object. */
export function fileUrl(fullPath: string): string {
  return `/files/${fullPath.split("/").map(encodeURIComponent).join("/")}`;
}
