// What may be uploaded where: the kinds of file the site stores, their types and size limits (spec sections 3, 7, 9).
import { EVENT_IMAGE_TYPES, IMAGE_TYPES, PROFILE_PICTURE } from "./constants.ts";

export const UPLOAD_KINDS = ["logo", "eventImage", "postImage", "profilePicture", "businessPhoto", "siteImage", "document", "newsletterImage"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export interface UploadKindRules {
  /** Folder of the spec's storage path. */
  folder: string;
  types: readonly string[];
  maxBytes: number;
  /** Images are re-encoded (with narrower copies); documents are kept byte for byte. */
  images: boolean;
}

/** What the library takes (spec: reports, studies, bylaws, budgets, minutes), each read from the file's bytes. */
export const DOCUMENT_TYPES = [
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "text/csv",
  ...IMAGE_TYPES,
] as const;

/** The library's file types as people know them, for messages and the file picker's hint. */
export const DOCUMENT_TYPE_NAMES: Record<(typeof DOCUMENT_TYPES)[number], string> = {
  "application/pdf": "PDF",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "DOCX",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "XLSX",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PPTX",
  "text/csv": "CSV",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/gif": "GIF",
  "image/webp": "WEBP",
};

/** File name extensions the library's picker offers. */
export const DOCUMENT_EXTENSIONS = [".pdf", ".docx", ".xlsx", ".pptx", ".csv", ".png", ".jpg", ".jpeg", ".gif", ".webp"] as const;

/** Ample for a phone photo; the stored copy is re-encoded and much smaller. */
const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

export const UPLOAD_RULES: Record<UploadKind, UploadKindRules> = {
  logo: { folder: "markers_logos", types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, images: true },
  eventImage: { folder: "event_images", types: EVENT_IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, images: true },
  postImage: { folder: "posts_images", types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, images: true },
  profilePicture: { folder: "profilePictures", types: PROFILE_PICTURE.types, maxBytes: PROFILE_PICTURE.maxBytes, images: true },
  businessPhoto: { folder: "markers_photos", types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, images: true },
  /** The site settings' hero photos and sponsor logos. */
  siteImage: { folder: "site_settings", types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, images: true },
  /**
   * The library's files (src/server/features/document). Never served from /files/: each goes out through its
   * document's download, which checks who may read it.
   */
  document: { folder: "documents", types: DOCUMENT_TYPES, maxBytes: 25 * 1024 * 1024, images: false },
  /** Images inside a newsletter's text: kept once sent, since mail programs load them whenever a message is read. */
  newsletterImage: { folder: "newsletter_images", types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, images: true },
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

/** "PNG, JPEG or GIF" for messages; `or` is the last word's joiner in the message's language ("ou" in French). */
export function typeNames(types: readonly string[], or = "or"): string {
  const names = types.map((t) => DOCUMENT_TYPE_NAMES[t as keyof typeof DOCUMENT_TYPE_NAMES] ?? t.replace(/^image\//, "").toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} ${or} ${names.at(-1)}` : (names[0] ?? "");
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
