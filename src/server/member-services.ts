// The members' features (meetings, volunteering, surveys) wired to their repositories, mail and jobs; createServices
// (services.ts) puts them together with the rest.
import type { Database } from "./db/database.ts";
import type { Env } from "./env.ts";
import { publicUrl } from "./env.ts";
import type { Mailer } from "./mail/mailer.ts";
import { RecipientLanguageRepository } from "./mail/recipient-language.repository.ts";
import { RecipientLanguages } from "./mail/recipient-language.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { CurrentUser } from "./auth/session.ts";
import type { AuditService } from "./features/audit/index.ts";
import type { DocumentService } from "./features/document/index.ts";
import type { EventService } from "./features/event/index.ts";
import {
  MEETING_MAIL_JOB,
  MeetingMail,
  MeetingRepository,
  MeetingService,
  type MeetingDeps,
} from "./features/meeting/index.ts";
import {
  VOLUNTEER_MAIL_JOB,
  VolunteerMail,
  VolunteerRepository,
  VolunteerService,
} from "./features/volunteer/index.ts";
import {
  respondentKeys,
  SurveyMail,
  SurveyRepository,
  SurveyService,
} from "./features/survey/index.ts";
import type { NotificationPreferenceRepository } from "./features/notifications/index.ts";
import type { SiteSettingsService } from "./features/site-settings/index.ts";
import type { Jobs } from "./jobs/jobs.ts";

/** The association's name (in the reader's language, when given) and time zone, as the members' mails and calendars give them. */
export function siteNameAndZone(siteSettings: SiteSettingsService) {
  return async (language?: Language) => {
    const settings = await siteSettings.in(language);
    return { name: settings.associationName, timeZone: settings.timeZone };
  };
}

/** Each recipient's language for their mail: their account's, else the site's default (docs/decisions/0039). */
export function recipientLanguagesOf(
  database: Database,
  siteSettings: SiteSettingsService,
): RecipientLanguages {
  return new RecipientLanguages(
    async () => (await siteSettings.get()).defaultLanguage,
    new RecipientLanguageRepository(database.db),
  );
}

/** Meetings, and their mail job's sender; members are who the announcements say. */
export function createMeetings({
  database,
  env,
  jobs,
  mailer,
  siteSettings,
  notificationPreferenceRepository,
  audit,
  documents,
  isMember,
}: {
  database: Database;
  env: Env;
  jobs: Jobs;
  mailer: Mailer | undefined;
  siteSettings: SiteSettingsService;
  notificationPreferenceRepository: NotificationPreferenceRepository;
  audit: AuditService;
  documents: DocumentService;
  isMember: MeetingDeps["isMember"];
}) {
  const repository = new MeetingRepository(database.db);
  const site = siteNameAndZone(siteSettings);
  const mail = new MeetingMail({
    repository,
    mailer,
    siteUrl: publicUrl(env),
    site,
    organizerEmail: /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM,
    deliveryOf: async (userId, kind) =>
      (await notificationPreferenceRepository.get(userId))[kind],
    languageOf: (userId) =>
      recipientLanguagesOf(database, siteSettings).ofUser(userId),
  });
  const attachments: MeetingDeps["attachments"] = {
    of: (viewer, id) =>
      documents.attachmentsOf(viewer, { kind: "meeting", id }),
    deleteAll: (id) => documents.deleteAttachmentsOf({ kind: "meeting", id }),
  };
  const service = new MeetingService(repository, {
    audit,
    isMember,
    attachments,
    mailJob: () => jobs.request(MEETING_MAIL_JOB),
    siteUrl: publicUrl(env),
    site,
    languageOf: (userId) => recipientLanguagesOf(database, siteSettings).ofUser(userId),
  });
  return { service, mail, repository };
}

/** Volunteering, and its mail job's sender. */
export function createVolunteering({
  database,
  env,
  jobs,
  mailer,
  siteSettings,
  notificationPreferenceRepository,
  audit,
  events,
}: {
  database: Database;
  env: Env;
  jobs: Jobs;
  mailer: Mailer | undefined;
  siteSettings: SiteSettingsService;
  notificationPreferenceRepository: NotificationPreferenceRepository;
  audit: AuditService;
  events: EventService;
}) {
  const repository = new VolunteerRepository(database.db, database.dialect);
  const mail = new VolunteerMail({
    repository,
    mailer,
    siteUrl: publicUrl(env),
    site: siteNameAndZone(siteSettings),
    deliveryOf: async (userId, kind) =>
      (await notificationPreferenceRepository.get(userId))[kind],
    languageOf: (userId) =>
      recipientLanguagesOf(database, siteSettings).ofUser(userId),
  });
  const service = new VolunteerService(repository, {
    audit,
    transaction: (work) => database.transaction(work),
    mailJob: () => jobs.request(VOLUNTEER_MAIL_JOB),
    eventExists: async (eventId, date) => {
      if (!(await events.find(eventId))) return "no-event";
      return date && !(await events.findOccurrence(eventId, date))
        ? "no-date"
        : "ok";
    },
    messageVolunteers: (shift, opportunity, volunteers, message) =>
      mail.message(shift, opportunity, volunteers, message),
  });
  return { service, mail, repository };
}

/** Surveys, and their reminders' sender; members are who the announcements say. */
export function createSurveys({
  database,
  env,
  mailer,
  siteSettings,
  notificationPreferenceRepository,
  audit,
  secret,
  isMember,
}: {
  database: Database;
  env: Env;
  mailer: Mailer | undefined;
  siteSettings: SiteSettingsService;
  notificationPreferenceRepository: NotificationPreferenceRepository;
  audit: AuditService;
  secret: string;
  isMember: (viewer: CurrentUser | null) => Promise<boolean>;
}) {
  const repository = new SurveyRepository(database.db);
  const site = siteNameAndZone(siteSettings);
  const personKey = respondentKeys(secret);
  const mail = new SurveyMail({
    repository,
    mailer,
    siteUrl: publicUrl(env),
    site,
    deliveryOf: async (userId, kind) =>
      (await notificationPreferenceRepository.get(userId))[kind],
    personKey,
    languages: recipientLanguagesOf(database, siteSettings),
  });
  const service = new SurveyService(repository, {
    audit,
    isMember,
    personKey,
    siteUrl: publicUrl(env),
    sendConfirmation: (to, survey, link) =>
      mail.sendConfirmation(to, survey, link),
  });
  return { service, mail, repository };
}
