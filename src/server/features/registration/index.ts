// Registration for events (places, waiting list, mail, the organizers' list): what other code may use of this feature.
export { isEventOrganizer, requireEventOrganizer, type OrganizerDeps } from "./registration-access.ts";
export { RegistrationMail, cancelUrl, registrationCalendar } from "./registration-mail.ts";
export { REGISTRATION_REMINDERS_JOB, REGISTRATION_RETENTION_JOB, RegistrationReminders } from "./registration-reminders.ts";
export { RegistrationRepository, type StoredRegistration, type StoredSettings } from "./registration.repository.ts";
export { RegistrationService, type RegistrationDeps, type RegistrationNotices } from "./registration.service.ts";
export { registerRegistrationRoutes } from "./registration.routes.ts";
export { parseRegistrationQr, registrationQrText } from "#shared/schemas/registration.ts";
export { CheckInRepository } from "./check-in.repository.ts";
export { CheckInService } from "./check-in.service.ts";
export { registerCheckInRoutes } from "./check-in.routes.ts";
