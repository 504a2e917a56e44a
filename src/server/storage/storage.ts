// Where file bytes live. One interface; disk by default, S3-compatible object storage in s3-store.ts.
import fs from "node:fs/promises";
import path from "node:path";

export interface ObjectStore {
  readonly bucket: string;
  /** Writes (or overwrites) an object; the content type travels with it where the store keeps one. */
  put(key: string, body: Uint8Array, contentType?: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

/** Keys are relative paths made by the server; anything that could climb out of the root is refused. */
export function assertSafeKey(key: string): void {
  const parts = key.split("/");
  if (
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith("/") ||
    parts.some((p) => p === "" || p === "." || p === "..") ||
    [...key].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || ch === "\\")
  ) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

export class DiskStore implements ObjectStore {
  readonly bucket = "local";
  private readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Uint8Array, _contentType?: string): Promise<void> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write beside, then rename: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return await fs.readFile(this.resolve(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }
}
