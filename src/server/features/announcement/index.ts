// Announcements from the association to its members: what other code may use of this feature.
export { addAttachments } from "./announcement-attachments.ts";
export { announcementDigestSource } from "./announcement-digest.ts";
export { ANNOUNCEMENT_MAIL_JOB, AnnouncementMail } from "./announcement-mail.ts";
export { AnnouncementRepository, isMember, type MemberRecipient } from "./announcement.repository.ts";
export { AnnouncementService } from "./announcement.service.ts";
export { announcementDashboard } from "./announcement.dashboard.ts";
export { registerAnnouncementRoutes } from "./announcement.routes.ts";
