// Volunteering: opportunities, shifts, sign-ups with their waiting lists, rosters and mail: what other code may use of this feature.
export { volunteerDashboard } from "./volunteer.dashboard.ts";
export { VOLUNTEER_MAIL_JOB, VolunteerMail } from "./volunteer-mail.ts";
export { VolunteerRepository } from "./volunteer.repository.ts";
export { VolunteerService, type VolunteerDeps } from "./volunteer.service.ts";
export { registerVolunteerRoutes } from "./volunteer.routes.ts";
