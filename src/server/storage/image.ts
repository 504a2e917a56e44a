// Reads an upload's real type from its bytes and re-encodes images, so what is stored is harmless and small.
import type Sharp from "sharp";
import { lazyRequire } from "../lib/lazy-require.ts";
import { IMAGE_MAX_SIDE, IMAGE_VARIANT_WIDTHS } from "#shared/upload-kinds.ts";

// sharp with libvips, loaded on the first image. Every image is processed once: libvips's cache of recent
// operations (50 MB by default) would only hold memory.
const loadSharp = lazyRequire<typeof Sharp>("sharp", (library) => library.cache(false));
export const sharp = (...args: Parameters<typeof Sharp>) => loadSharp()(...args);

/** The MIME type the file's magic bytes show, whatever its name or Content-Type claim. */
export async function sniffType(bytes: Uint8Array): Promise<string | undefined> {
  // Loaded with the first upload (its readers of each format weigh some megabytes).
  const { fileTypeFromBuffer } = await import("file-type");
  return (await fileTypeFromBuffer(bytes))?.mime;
}

export interface EncodedImage {
  body: Buffer;
  width: number;
  height: number;
  /** Narrower copies for `srcset`, only those narrower than the full-size copy. */
  variants: { width: number; body: Buffer }[];
}

export class UnreadableImage extends Error {
  override name = "UnreadableImage";
}

/**
 * The most pixels an upload may have. A phone's 108-megapixel JPEG is a few megabytes, and JPEG and WebP are decoded
 * already scaled down (shrink-on-load); other formats are decoded whole (a 200-megapixel PNG takes about 240 MB more),
 * so they are held to less. A small file can claim far more pixels (a decompression bomb): refused before decoding.
 */
export const MAX_INPUT_PIXELS = 200_000_000;
export const MAX_DECODED_PIXELS = 50_000_000;

export class TooManyPixels extends Error {
  override name = "TooManyPixels";
  /** The most this format may have. */
  readonly limit: number;
  constructor(message: string, limit: number) {
    super(message);
    this.limit = limit;
  }
}

const WEBP = { quality: 80, effort: 4 } as const;

/**
 * Decodes and re-encodes as WebP: applies the EXIF orientation, drops all metadata (GPS, camera, comments),
 * caps the longest side and keeps a few narrower widths. Anything sharp cannot fully decode is refused.
 */
export async function reencodeImage(bytes: Uint8Array): Promise<EncodedImage> {
  // The size the header declares is read first, so a bomb is refused before a pixel is decoded.
  let declared;
  try {
    declared = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnreadableImage((error as Error).message, { cause: error });
  }
  const limit = declared.format === "jpeg" || declared.format === "webp" ? MAX_INPUT_PIXELS : MAX_DECODED_PIXELS;
  if (declared.width * (declared.pageHeight ?? declared.height) > limit) {
    throw new TooManyPixels(`${declared.width}×${declared.pageHeight ?? declared.height} is more than ${limit} pixels`, limit);
  }
  // Refuse damaged files outright instead of storing a half-grey picture. A large JPEG is decoded already scaled
  // down (shrink-on-load), and one copy at a time, so memory stays well below the full picture's size.
  const input = () => sharp(bytes, { failOn: "warning", limitInputPixels: limit }).autoOrient();
  try {
    const full = await input()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
    const variants = [];
    for (const width of IMAGE_VARIANT_WIDTHS.filter((w) => w < full.info.width)) {
      variants.push({ width, body: await input().resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer() });
    }
    return { body: full.data, width: full.info.width, height: full.info.height, variants };
  } catch (error) {
    throw new UnreadableImage((error as Error).message, { cause: error });
  }
}
