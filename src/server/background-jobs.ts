// The site's background jobs, each run by one instance at a time through the job table (src/server/jobs). Each one's
// work is safe to repeat or records its own progress, since an instance may die in the middle of it.
import type { AnnouncementMail } from "./features/announcement/index.ts";
import { ANNOUNCEMENT_MAIL_JOB } from "./features/announcement/index.ts";
import type { MeetingMail } from "./features/meeting/index.ts";
import { MEETING_MAIL_JOB } from "./features/meeting/index.ts";
import type { VolunteerMail } from "./features/volunteer/index.ts";
import { VOLUNTEER_MAIL_JOB } from "./features/volunteer/index.ts";
import { SURVEY_MAIL_JOB, type SurveyMail } from "./features/survey/index.ts";
import type { ImportGeocoder } from "./features/import/index.ts";
import type { InsightOverviewService, InsightReport } from "./features/insights/index.ts";
import { INSIGHT_REPORT_JOB, INSIGHT_TOTALS_JOB } from "./features/insights/index.ts";
import { IMPORT_GEOCODING_JOB } from "./features/import/index.ts";
import type { FreshnessService } from "./features/listings/index.ts";
import { FRESHNESS_JOB } from "./features/listings/index.ts";
import type { NewsletterSender } from "./features/newsletter/index.ts";
import { NEWSLETTER_QUEUE_JOB, NEWSLETTER_SEND_JOB } from "./features/newsletter/index.ts";
import type { OwnerNotifications, RequestDecisionService } from "./features/owners/index.ts";
import { REQUEST_DIGESTS_JOB } from "./features/owners/index.ts";
import type { WeeklyDigest } from "./features/notifications/index.ts";
import { WEEKLY_DIGEST_JOB } from "./features/notifications/index.ts";
import type { UploadService } from "./features/uploads/index.ts";
import { REGISTRATION_REMINDERS_JOB, REGISTRATION_RETENTION_JOB, type RegistrationReminders } from "./features/registration/index.ts";
import { FORGET_UNCONFIRMED_JOB, type SubscriptionService } from "./features/subscribers/index.ts";
import type { MapChangeRepository } from "./features/geo/index.ts";
import type { SearchChangeRepository } from "./features/search/index.ts";
import { NAME_PLACES_JOB, type NamePlaces } from "./features/business/index.ts";
import type { Jobs } from "./jobs/jobs.ts";
import type { Logger } from "./logger.ts";
import type { Site } from "./backup/backup.ts";
import { runScheduledBackup, type BackupSchedule } from "./backup/schedule.ts";

export const UPLOAD_CLEANUP_JOB = "upload-cleanup";
export const APPROVAL_FOLLOW_UPS_JOB = "approval-follow-ups";
export const BACKUP_JOB = "backup";
export const MAP_CHANGE_CLEANUP_JOB = "map-change-cleanup";
export const SEARCH_CHANGE_CLEANUP_JOB = "search-change-cleanup";

const MINUTE = 60_000;

export function scheduleJobs(
  jobs: Jobs,
  services: { uploads: UploadService; importGeocoder: ImportGeocoder; ownerNotifications: OwnerNotifications; requestDecisions: RequestDecisionService; announcementMail: AnnouncementMail; weeklyDigest: WeeklyDigest; meetingMail: MeetingMail; volunteerMail: VolunteerMail; surveyMail: SurveyMail; insightReport: InsightReport; insightOverview: InsightOverviewService; mapChanges: MapChangeRepository; searchChanges: SearchChangeRepository; freshness: FreshnessService; namePlaces: NamePlaces | undefined; registrationReminders: RegistrationReminders; newsletterSender: NewsletterSender; subscriptions: SubscriptionService; logger: Logger | undefined },
): void {
  // Abandoned uploads are kept for a day, so once an hour is soon enough.
  jobs.schedule(UPLOAD_CLEANUP_JOB, { every: 60 * MINUTE }, async () => {
    const removed = await services.uploads.cleanup();
    if (removed.unfinished + removed.orphans > 0) services.logger?.info(removed, "abandoned uploads removed");
  });
  // Digests held back by their 15-minute limit go out at the next minute after it; a new request asks for one at once.
  jobs.schedule(REQUEST_DIGESTS_JOB, { every: MINUTE }, async () => {
    await services.ownerNotifications.sendDigests();
  });
  // Approvals whose follow-up (mail, uploads to delete) a stopped process left undone. `decidedBefore`: at an
  // instance's start, every one decided until then; otherwise those decided over a minute ago (not one still being
  // finished by the instance that decided it).
  jobs.schedule<Date>(APPROVAL_FOLLOW_UPS_JOB, { every: MINUTE }, async (_context, decidedBefore) => {
    await services.requestDecisions.finishLeftOver(decidedBefore);
  });
  // Announcements whose publication time has come are mailed to the members who want them at once; saving one that
  // is published now asks for it at once.
  jobs.schedule(ANNOUNCEMENT_MAIL_JOB, { every: MINUTE }, async () => {
    await services.announcementMail.sendPublished();
  });
  // The weekly digest goes at the day and time of the site settings, which an administrator may change at any moment:
  // each minute's look compares them with the clock, and each person's digest of a week is recorded once taken.
  // `at`: the moment to take as now (tests).
  jobs.schedule<Date>(WEEKLY_DIGEST_JOB, { every: MINUTE }, async (_context, at) => {
    const sent = await services.weeklyDigest.send(at ?? new Date());
    if (sent > 0) services.logger?.info({ sent }, "weekly digests sent");
  });
  // Meetings' mail (a new meeting, answers' confirmations, changes, minutes); saving a meeting or an answer asks for it.
  jobs.schedule(MEETING_MAIL_JOB, { every: MINUTE }, async () => {
    await services.meetingMail.sendDue();
  });
  // Volunteering's mail: each sign-up's news (confirmed, waiting, a place freed) and the reminders the day before;
  // a sign-up or a cancellation asks for it.
  jobs.schedule(VOLUNTEER_MAIL_JOB, { every: MINUTE }, async () => {
    await services.volunteerMail.sendDue();
  });
  // One reminder per member before an open survey closes; each member is recorded as passed, so none goes twice.
  jobs.schedule(SURVEY_MAIL_JOB, { every: 15 * MINUTE }, async () => {
    const sent = await services.surveyMail.sendReminders();
    if (sent > 0) services.logger?.info({ sent }, "survey reminders sent");
  });
  // The owners' monthly report: looked at each hour, sent in the first days of a month on the site's clock (once per
  // owner and month).
  jobs.schedule(INSIGHT_REPORT_JOB, { every: 60 * MINUTE }, async () => {
    const sent = await services.insightReport.send();
    if (sent > 0) services.logger?.info({ sent }, "monthly insights reports sent");
  });
  // The overview's totals for its periods lose the day that left each period: each hour, so that a new day on the
  // site's clock costs the first overview after it nothing.
  jobs.schedule(INSIGHT_TOTALS_JOB, { every: 60 * MINUTE }, async () => {
    await services.insightOverview.keepTotals();
  });
  // The map's change marks of deleted businesses: once a day, since each clearing has every instance whose index was
  // read before it read its index whole once.
  jobs.schedule(MAP_CHANGE_CLEANUP_JOB, { every: 24 * 60 * MINUTE }, async () => {
    const cleared = await services.mapChanges.clearGone();
    if (cleared > 0) services.logger?.info({ cleared }, "map change marks of deleted businesses cleared");
  });
  // The search index's change marks of deleted documents (decision 0062): likewise once a day, since each clearing
  // has every instance whose index was read before it read every document once.
  jobs.schedule(SEARCH_CHANGE_CLEANUP_JOB, { every: 24 * 60 * MINUTE }, async () => {
    const cleared = await services.searchChanges.clearGone();
    if (cleared > 0) services.logger?.info({ cleared }, "search change marks of deleted documents cleared");
  });
  // Owners whose listing's interval ran out are asked whether it is still right: looked at each hour, once per listing and interval.
  jobs.schedule(FRESHNESS_JOB, { every: 60 * MINUTE }, async () => {
    const sent = await services.freshness.sendDue();
    if (sent > 0) services.logger?.info({ sent }, "listing reminders sent");
  });
  // Registrants' reminders the day before, from the reminder time of the site settings on; each marked before it goes.
  // `at`: the moment to take as now (tests).
  jobs.schedule<Date>(REGISTRATION_REMINDERS_JOB, { every: 5 * MINUTE }, async (_context, at) => {
    const sent = await services.registrationReminders.sendDue(at ?? new Date());
    if (sent > 0) services.logger?.info({ sent }, "registration reminders sent");
  });
  // Registrations of events past the retention of the site settings are deleted.
  jobs.schedule<Date>(REGISTRATION_RETENTION_JOB, { every: 60 * MINUTE }, async (_context, at) => {
    const deleted = await services.registrationReminders.purge(at ?? new Date());
    if (deleted > 0) services.logger?.info({ deleted }, "past registrations deleted");
  });
  // Newsletters: each minute (or when one is sent now) the issues whose time has come get their deliveries written,
  // then the sender is woken; the sender drains the deliveries at the configured rate, and its minute's look takes
  // up retries and what a stopped instance left. `at`: the moment to take as now (tests).
  jobs.schedule<Date>(NEWSLETTER_QUEUE_JOB, { every: MINUTE }, async (_context, at) => {
    if ((await services.newsletterSender.queueDue(at ?? new Date())) > 0) await jobs.request(NEWSLETTER_SEND_JOB);
  });
  jobs.schedule<Date>(NEWSLETTER_SEND_JOB, { every: MINUTE }, ({ signal }, at) => services.newsletterSender.drain(signal, at ? () => at : undefined));
  // Newsletter requests left unconfirmed for 7 days are forgotten (double opt-in, docs/decisions/0033).
  jobs.schedule(FORGET_UNCONFIRMED_JOB, { every: 60 * MINUTE }, async () => {
    const forgotten = await services.subscriptions.forgetUnconfirmed();
    if (forgotten > 0) services.logger?.info({ forgotten }, "unconfirmed newsletter requests forgotten");
  });
  // Woken when an import leaves rows waiting for coordinates; the minute's look takes up rows of a run that stopped.
  jobs.schedule(IMPORT_GEOCODING_JOB, { every: MINUTE }, ({ signal }) => services.importGeocoder.work(signal));
  // SQLite only: business names that found no room at their place in the Markers list's order (decision 0076).
  const namePlaces = services.namePlaces;
  if (namePlaces) jobs.schedule(NAME_PLACES_JOB, { every: MINUTE }, ({ signal }) => namePlaces.placeAll(signal));
}

/**
 * One backup a day at BACKUP_AT on the site's clock (and one when the job is first scheduled on a site), by one
 * instance. A backup is named by its moment, so one repeated after a crash is a second, complete backup.
 */
export function scheduleBackups(jobs: Jobs, options: { site: Site; schedule: BackupSchedule; timeZone: () => string; logger: Logger }): void {
  const { site, schedule, timeZone, logger } = options;
  jobs.schedule(BACKUP_JOB, { at: schedule.at, timeZone }, async () => {
    const started = performance.now();
    const backup = await runScheduledBackup(new Date(), site, schedule);
    logger.info({ backup, ms: Math.round(performance.now() - started) }, "scheduled backup written");
  });
}
