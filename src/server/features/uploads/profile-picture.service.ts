// Saving a new profile picture: attach the upload, point the user at it, then delete the picture it replaces.
import type { CurrentUser } from "#server/auth/session.ts";
import { Unauthorized } from "#server/errors.ts";
import { pathFromUrl, type FileService } from "#server/storage/file.service.ts";
import { pathBelongsTo } from "#server/storage/upload-paths.ts";
import { messages } from "#shared/messages.ts";
import type { ProfilePictureRepository } from "./profile-picture.repository.ts";

export class ProfilePictureService {
  private readonly repository: ProfilePictureRepository;
  private readonly files: FileService;
  constructor(repository: ProfilePictureRepository, files: FileService) {
    this.repository = repository;
    this.files = files;
  }

  async save(user: CurrentUser | null, fullPath: string): Promise<{ photoURL: string }> {
    if (!user) throw Unauthorized(messages.storage.unauthenticated);
    const previousUrl = await this.repository.get(user.id);
    const { url } = await this.files.attach({ user, kind: "profilePicture", fullPath });
    await this.repository.update(user.id, url);
    // Only our own copy of this user's old picture goes; a sign-in provider's avatar URL is left alone.
    const previous = pathFromUrl(previousUrl);
    if (previous && previous !== fullPath && pathBelongsTo(previous, "profilePicture", user)) await this.files.delete(previous);
    return { photoURL: url };
  }
}
