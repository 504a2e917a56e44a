// Business owners: who owns what, their claims and change requests, the uploads those hold, the mail about them and
// the moderation settings. What other code may use of this feature.
export { ChangeRequestService } from "./change-requests.service.ts";
export { decidedRequestsDigestSource } from "./decided-requests-digest.ts";
export type { Listings } from "./listings.ts";
export { ModerationSettingsRepository } from "./moderation-settings.repository.ts";
export { ModerationSettingsService } from "./moderation-settings.service.ts";
export { OwnerNotifications, REQUEST_DIGESTS_JOB } from "./owner-notifications.ts";
export { OwnersRepository } from "./owners.repository.ts";
export { ownersDashboard } from "./owners.dashboard.ts";
export { registerOwnersRoutes } from "./owners.routes.ts";
export { OwnershipService } from "./ownership.service.ts";
export { RequestDecisionService } from "./request-decisions.service.ts";
export { RequestRepository } from "./requests.repository.ts";
export { UploadHolds } from "./upload-holds.ts";
