// The image an admin form asks an entity to have: kept, newly attached, or removed. The old file is
// deleted only once the entity no longer points at it, and a fresh upload is deleted again if saving fails; an
// upload that was attached already (held by the owner's request being approved) stays with what holds it.
import type { CurrentUser } from "../auth/session.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import type { FileService } from "./file.service.ts";

export interface ImageChange {
  /** The stored path and URL to save on the entity. */
  path: string | null;
  url: string | null;
  /** Call after the entity is saved: deletes the file it no longer uses. */
  committed(): Promise<void>;
  /** Call when saving failed: deletes the upload this save claimed, and leaves one something else holds. */
  failed(): Promise<void>;
}

export async function changeImage(
  files: FileService,
  input: { user: CurrentUser; kind: UploadKind; wanted: string | null; current: { path: string | null; url: string | null } },
): Promise<ImageChange> {
  const { user, kind, wanted, current } = input;
  if (wanted === current.path) {
    return { path: current.path, url: current.url, committed: async () => {}, failed: async () => {} };
  }
  const attached = wanted ? await files.attach({ user, kind, fullPath: wanted }) : null;
  return {
    path: attached?.fullPath ?? null,
    url: attached?.url ?? null,
    committed: async () => {
      if (current.path) await files.delete(current.path);
    },
    failed: async () => {
      // Attached before this save, the file is still held by what held it (the request that goes back to waiting).
      if (attached && !attached.wasAttached) await files.delete(attached.fullPath);
    },
  };
}

/** Saves with the new image in place, cleaning up whichever file is left over. */
export async function saveWithImage<T>(change: ImageChange, save: () => Promise<T>): Promise<T> {
  let saved: T;
  try {
    saved = await save();
  } catch (error) {
    await change.failed().catch(() => undefined);
    throw error;
  }
  // The entity is saved; a file that cannot be deleted now is only wasted space, not a broken entity.
  await change.committed().catch((error: unknown) => console.error("could not delete a replaced image", error));
  return saved;
}
