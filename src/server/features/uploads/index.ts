// Uploads (resumable) and profile pictures: what other code may use of this feature.
export { ProfilePictureRepository } from "./profile-picture.repository.ts";
export { ProfilePictureService } from "./profile-picture.service.ts";
export { UPLOADS_PATH, UploadService, type UploadServiceOptions } from "./uploads.service.ts";
export { registerUploadsRoutes } from "./uploads.routes.ts";
