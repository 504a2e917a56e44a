// The owner's uploads a waiting request uses: held (marked in use) so the clean-up of unused uploads leaves them, and
// let go of when the request no longer asks for them.
import type { CurrentUser } from "#server/auth/session.ts";
import { Validation } from "#server/errors.ts";
import type { AttachedFile, FileService } from "#server/storage/file.service.ts";
import { requestMessages } from "#shared/schemas/owners.ts";
import { imagePaths, type Form, type Upload, type Values } from "./request-forms.ts";

export class UploadHolds {
  private readonly files: FileService;
  private readonly ownedBusinessIds: (userId: string) => Promise<string[]>;
  constructor(files: FileService, ownedBusinessIds: (userId: string) => Promise<string[]>) {
    this.files = files;
    this.ownedBusinessIds = ownedBusinessIds;
  }

  /**
   * Marks the uploads a waiting request uses as in use, so the clean-up of unused uploads leaves them. One removed
   * since it was checked is refused beside its field before any is marked. If marking one fails (its upload removed
   * just after it was checked, say), every upload this hold marked until then is given back (see
   * `FileService.release`), and the error goes on as it was; one attached before it stays with what holds it.
   */
  async hold(user: CurrentUser, uploads: Upload[]): Promise<AttachedFile[]> {
    for (const upload of uploads) {
      if (!(await this.files.isAttachable({ user, kind: upload.kind, fullPath: upload.path }))) {
        throw Validation(requestMessages.notYourImage, { [upload.field]: requestMessages.notYourImage });
      }
    }
    const claimed: AttachedFile[] = [];
    try {
      for (const upload of uploads) claimed.push(await this.files.attach({ user, kind: upload.kind, fullPath: upload.path }));
    } catch (error) {
      await this.unhold(claimed);
      throw error;
    }
    return claimed;
  }

  /** Gives back what a hold marked, but for uploads attached before it. */
  async unhold(claimed: readonly AttachedFile[]): Promise<void> {
    await this.files.release(...claimed.filter((file) => !file.wasAttached).map((file) => file.fullPath));
  }

  /**
   * The images of an owner's change. A field left out keeps what the waiting request asks for, or else what the item
   * has; an image given must be the item's own, the waiting request's, or the owner's unused upload for one of their
   * businesses. Returns the owner's uploads the change uses.
   *
   * An image the item or the request already has is known only to fields of its own kind: an upload held as the logo
   * and named as a photo is checked as a fresh photo (and refused), since the item's save could not take it as one
   * and the request would wait unapprovable.
   */
  async ownersImages(user: CurrentUser, form: Form, payload: Values, base: Values | null, held: Values | null): Promise<Upload[]> {
    const knownAs = (kind: string | undefined) => {
      const views = { ...form, views: Object.fromEntries(Object.entries(form.views).filter(([, view]) => view.upload === kind)) };
      return new Set([...imagePaths(views, base), ...imagePaths(views, held)]);
    };
    const owned = await this.ownedBusinessIds(user.id);
    const fresh: Upload[] = [];
    for (const [name, view] of Object.entries(form.views)) {
      if (view.widget !== "image" && view.widget !== "photos") continue;
      if (payload[name] === undefined) {
        const kept = held && name in held ? held[name] : base?.[name];
        if (kept !== undefined) payload[name] = kept;
        continue;
      }
      const known = knownAs(view.upload);
      for (const path of imagePaths({ ...form, views: { [name]: view } }, payload)) {
        if (known.has(path)) continue;
        if (!(await this.files.isFreshUpload(user, view.upload!, path, owned))) throw Validation(requestMessages.notYourImage, { [name]: requestMessages.notYourImage });
        fresh.push({ kind: view.upload!, path, field: name });
      }
    }
    return fresh;
  }

  /** Deletes the uploads an amended request no longer asks for (never the item's own images). */
  async releaseReplaced(form: Form, before: Values, after: Values, base: Values | null): Promise<void> {
    const kept = new Set([...imagePaths(form, after), ...imagePaths(form, base)]);
    for (const path of imagePaths(form, before)) if (!kept.has(path)) await this.files.delete(path);
  }

  /** Gives back the uploads of a change that was not saved: they are unused again (see `FileService.release`). */
  async give(uploads: readonly Upload[]): Promise<void> {
    await this.files.release(...uploads.map((upload) => upload.path));
  }
}
