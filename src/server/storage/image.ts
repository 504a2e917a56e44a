// Reads an upload's real type from its bytes and re-encodes images, so what is stored is harmless and small.
import { fileTypeFromBuffer } from "file-type";
import type Sharp from "sharp";
import { lazyRequire } from "../lazy-require.ts";
import { IMAGE_MAX_SIDE, IMAGE_VARIANT_WIDTHS } from "../../shared/upload-kinds.ts";

// sharp with libvips, loaded on the first image. Every image is processed once: libvips's cache of recent
// operations (50 MB by default) would only hold memory.
const loadSharp = lazyRequire<typeof Sharp>("sharp", (library) => library.cache(false));
export const sharp = (...args: Parameters<typeof Sharp>) => loadSharp()(...args);

/** The MIME type the file's magic bytes show, whatever its name or Content-Type claim. */
export async function sniffType(bytes: Uint8Array): Promise<string | undefined> {
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

const WEBP = { quality: 80, effort: 4 } as const;

/**
 * Decodes and re-encodes as WebP: applies the EXIF orientation, drops all metadata (GPS, camera, comments),
 * caps the longest side and keeps a few narrower widths. Anything sharp cannot fully decode is refused.
 */
export async function reencodeImage(bytes: Uint8Array): Promise<EncodedImage> {
  // Refuse damaged files outright instead of storing a half-grey picture; bound the pixel count against decompression bombs.
  const input = () => sharp(bytes, { failOn: "warning", limitInputPixels: 50_000_000 }).autoOrient();
  try {
    const full = await input()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
    const variants = await Promise.all(
      IMAGE_VARIANT_WIDTHS.filter((width) => width < full.info.width).map(async (width) => ({
        width,
        body: await input().resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer(),
      })),
    );
    return { body: full.data, width: full.info.width, height: full.info.height, variants };
  } catch (error) {
    throw new UnreadableImage((error as Error).message, { cause: error });
  }
}
