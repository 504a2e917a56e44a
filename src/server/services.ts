// Builds the services both faces of the server (pages and API) call.
import type { Database } from "./db/database.ts";
import { FileService } from "./storage/file.service.ts";
import type { ObjectStore } from "./storage/storage.ts";
import type { Env } from "./env.ts";
import { publicUrl } from "./env.ts";
import { createOriginPolicy, originSettingsFromEnv, type OriginPolicy } from "./http/origins.ts";
import { geoSetupFromEnv, type GeoSetup } from "./geo-providers/geo-config.ts";
import { listSignInProviders, signInProvidersFromEnv, type SignInProvider } from "./auth/providers.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Logger } from "./logger.ts";
import { randomBytes } from "node:crypto";
import { AccountRepository, AccountService } from "./features/account/index.ts";
import { ANNOUNCEMENT_MAIL_JOB, announcementDashboard, AnnouncementMail, AnnouncementRepository, AnnouncementService, addAttachments, announcementDigestSource } from "./features/announcement/index.ts";
import { AuditRepository, AuditService } from "./features/audit/index.ts";
import { BusinessRepository, BusinessService, NamePlaces } from "./features/business/index.ts";
import { CategoryRepository, CategoryService } from "./features/category/index.ts";
import { DashboardService, OnboardingService } from "./features/dashboard/index.ts";
import { DocumentRepository, DocumentService } from "./features/document/index.ts";
import { documentFileUrl } from "#shared/schemas/document.ts";
import { EventRepository, EventService } from "./features/event/index.ts";
import { GeoRepository, GeoService, MapChangeRepository, MapClusterService, MapDataRepository, MapDataService } from "./features/geo/index.ts";
import { ExportRepository, ExportService, IMPORT_GEOCODING_JOB, ImportGeocoder, ImportRepository, ImportService } from "./features/import/index.ts";
import { InsightCounter, InsightOverviewRepository, InsightOverviewService, InsightReport, InsightRepository, InsightService, InsightTotalsRepository } from "./features/insights/index.ts";
import { IntakeRepository, IntakeService } from "./features/intake/index.ts";
import { FreshnessRepository, FreshnessService, freshnessDashboard, SuggestionRepository, SuggestionService } from "./features/listings/index.ts";
import { meetingDashboard, meetingDigestSources, nextMeetingsFor, unansweredMeetingsFor } from "./features/meeting/index.ts";
import { volunteerDashboard } from "./features/volunteer/index.ts";
import { surveyDashboard } from "./features/survey/index.ts";
import { NotificationPreferenceRepository, NotificationPreferenceService, WeeklyDigest, WeeklyDigestRepository, type DigestSource } from "./features/notifications/index.ts";
import { createNewsletters, NEWSLETTER_QUEUE_JOB } from "./features/newsletter/index.ts";
import { OfferRepository, OfferService } from "./features/offer/index.ts";
import {
  ChangeRequestService,
  decidedRequestsDigestSource,
  ModerationSettingsRepository,
  ModerationSettingsService,
  OwnerNotifications,
  OwnershipService,
  REQUEST_DIGESTS_JOB,
  OwnersRepository,
  ownersDashboard,
  RequestDecisionService,
  RequestRepository,
  UploadHolds,
  type Listings,
} from "./features/owners/index.ts";
import { PageRepository, PageService } from "./features/page/index.ts";
import { PostRepository, PostService } from "./features/post/index.ts";
import { CheckInRepository, CheckInService, RegistrationMail, RegistrationReminders, RegistrationRepository, RegistrationService } from "./features/registration/index.ts";
import { createSearchRepository, createStemmer, SearchChangeRepository, SearchService, searchTranslator } from "./features/search/index.ts";
import { TranslationRepository, TranslationService } from "./features/translation/index.ts";
import { SetupService } from "./features/setup/index.ts";
import { DEFAULT_SITE_SETTINGS, SiteSettingsRepository, SiteSettingsService } from "./features/site-settings/index.ts";
import { TagRepository, TagService } from "./features/tag/index.ts";
import { ProfilePictureRepository, ProfilePictureService, UploadService, type UploadServiceOptions } from "./features/uploads/index.ts";
import { UsersRepository, UsersService } from "./features/users/index.ts";
import { JobRepository } from "./jobs/job.repository.ts";
import { Jobs } from "./jobs/jobs.ts";
import type { JobMetrics } from "./metrics/metrics.ts";
import { scheduleJobs } from "./background-jobs.ts";
import { createMeetings, createSurveys, createVolunteering, recipientLanguagesOf, siteNameAndZone } from "./member-services.ts";
import { SubscriberAdminService, SubscriberImportService, SubscriberRepository, SubscriptionLinks, SubscriptionService } from "./features/subscribers/index.ts";

/** Without AUTH_SECRET and without the runtime's kept one (tests), a key that lives as long as the process. */
const PROCESS_SECRET = randomBytes(32).toString("base64url");

export function createServices({
  database,
  store,
  env,
  uploads,
  // Geo providers, map style, sign-in providers and trusted origins follow the configuration unless a caller (a test) brings its own.
  geo = geoSetupFromEnv(env),
  signInProviders = listSignInProviders(signInProvidersFromEnv(env)),
  origins = createOriginPolicy(originSettingsFromEnv(env)),
  mailer,
  onMailError,
  logger,
  jobMetrics,
  secret = env.AUTH_SECRET ?? PROCESS_SECRET,
}: {
  database: Database;
  store: ObjectStore;
  /** The validated configuration (env.ts). */
  env: Env;
  geo?: GeoSetup;
  signInProviders?: SignInProvider[];
  /** Which origins may send writes; pages use it to tell a visitor at an untrusted address where the site lives. */
  origins?: OriginPolicy;
  /** Per-user storage quota and where unfinished uploads wait; tests leave them out. */
  /** Mail about owners' requests; without it none is sent. */
  mailer?: Mailer;
  onMailError?: (error: unknown) => void;
  /** What the background jobs report; tests leave it out. */
  logger?: Logger;
  /** Counts of the background jobs for /metrics, when it is served. */
  jobMetrics?: JobMetrics | undefined;
  /** The server's secret (AUTH_SECRET, or the one kept under DATA_DIR): keys the surveys' respondent hashes. */
  secret?: string;
  uploads?: { quotaBytes?: number; datastore?: UploadServiceOptions["datastore"]; logger?: UploadServiceOptions["logger"] };
}) {
  // Every background job runs through these; the runtime starts them (tests run a job with `jobs.runNow`).
  const jobs = new Jobs(new JobRepository(database.db), { leaseMs: env.JOBS_LEASE_SECONDS * 1000, pollMs: env.JOBS_POLL_SECONDS * 1000, logger, metrics: jobMetrics });
  const ownersRepository = new OwnersRepository(database.db);
  // With administrators, the members (decision 0022).
  const ownsSomeBusiness = async (userId: string) => (await ownersRepository.ownedBusinessIds(userId)).length > 0;
  const files = new FileService(database.db, store, {
    quotaBytes: uploads?.quotaBytes,
    ownsBusiness: (userId, businessId) => ownersRepository.isOwner(businessId, userId),
  });
  // Every service that changes content records its changes here (the admin's "Recent changes").
  const audit = new AuditService(new AuditRepository(database.db));
  const geoService = new GeoService({ repository: new GeoRepository(database.db), ...geo });
  // Started by the runtime (and by tests that want it): rows waiting for coordinates are looked up in the background.
  const importGeocoder = new ImportGeocoder(new ImportRepository(database.db), geoService, () => jobs.runNow(IMPORT_GEOCODING_JOB), (err) => uploads?.logger?.warn({ err }, "import geocoding failed"));
  const siteSettingsRepository = new SiteSettingsRepository(database.db);
  const translationRepository = new TranslationRepository(database.db);
  const siteSettings = new SiteSettingsService(siteSettingsRepository, { audit, files }, () => database.contentVersion(), translationRepository);
  const mapClusters = new MapClusterService(new MapDataRepository(database.db), () => siteSettings.get(), () => database.contentVersion());
  const siteTimeZone = async () => (await siteSettings.get()).timeZone;
  const recipientLanguages = recipientLanguagesOf(database, siteSettings);
  const imports = new ImportService(new ImportRepository(database.db), { timeZone: async () => (await siteSettings.get()).timeZone });
  imports.setGeocodeQueue(importGeocoder);
  const translations = new TranslationService(translationRepository, () => siteSettings.get());
  const businesses = new BusinessService(new BusinessRepository(database.db, database.dialect, () => database.contentVersion()), files, audit, () => siteSettings.get(), translations);
  // Events and offers only need to know which businesses exist and what they are called.
  const events = new EventService(new EventRepository(database.db, () => database.contentVersion()), { siteSettings }, {
    audit,
    files,
    businesses,
    // A cancelled date of a series closes its registration and tells those registered, when it takes registrations.
    onDateCancelled: async (admin, eventId, date) => {
      if ((await registrations.service.info(eventId, date)).enabled) await registrations.service.cancelDate(admin, eventId, date);
    },
    // A restored date takes registrations again (those cancelled with it stay cancelled).
    onDateRestored: async (admin, eventId, date) => {
      await registrations.service.restoreDate(admin, eventId, date);
    },
    translations,
  });
  const offers = new OfferService(new OfferRepository(database.db), { siteSettings }, { audit, businesses, translations });
  const owners = createOwners({
    database,
    env,
    audit,
    files,
    siteSettings,
    siteSettingsRepository,
    listings: { businesses, events, offers },
    mailer,
    onMailError,
    runDigestJob: () => jobs.runNow(REQUEST_DIGESTS_JOB),
    ownerChangedListing: (businessId) => freshListings.freshness.ownerChanged(businessId),
    translations,
  });
  const uploadService = new UploadService({ files, datastore: uploads?.datastore, logger: uploads?.logger });
  const notificationPreferenceRepository = new NotificationPreferenceRepository(database.db);
  const announcementRepository = new AnnouncementRepository(database.db);
  const documentRepository = new DocumentRepository(database.db);
  const announcementMail = new AnnouncementMail({
    repository: announcementRepository,
    mailer,
    siteUrl: publicUrl(env),
    siteName: async (language) => (await siteSettings.in(language)).associationName,
    deliveryOf: async (userId, kind) => (await notificationPreferenceRepository.get(userId))[kind],
    // Mailed to members only, who may read every attachment.
    attachmentsOf: async (id) => (await documentRepository.list({ visibilities: ["members", "public"], attachedTo: { kind: "announcement", id } })).map((d) => ({ title: d.title, fileName: d.fileName, url: documentFileUrl(d.id) })),
    languageOf: (userId) => recipientLanguages.ofUser(userId),
    textsIn: (announcement, language) => announcements.textsIn(announcement, language),
  });
  const announcements = new AnnouncementService(announcementRepository, {
    translations,
    audit,
    files,
    ownsSomeBusiness,
    writeVersion: () => database.writeVersion(),
    // Saving does not wait for the mail: the job goes at once on whichever instance looks first.
    publicationMail: () => jobs.request(ANNOUNCEMENT_MAIL_JOB),
    attachments: {
      list: async (viewer, id) => (await documents.attachmentsOf(viewer, { kind: "announcement", id })).map(({ id, title, fileName, contentType, size, url, visibility }) => ({ id, title, fileName, contentType, size, url, visibility })),
      deleteAll: (id) => documents.deleteAttachmentsOf({ kind: "announcement", id }),
      add: async (admin, id, files) => addAttachments(documents, admin, { kind: "announcement", id }, files, new Intl.DateTimeFormat("en-CA", { timeZone: (await siteSettings.get()).timeZone }).format(new Date())),
    },
  });
  const documents: DocumentService = new DocumentService(documentRepository, { audit, files, isMember: (viewer) => announcements.isMember(viewer) });
  const meetings = createMeetings({ database, env, jobs, mailer, siteSettings, notificationPreferenceRepository, audit, documents, isMember: (viewer) => announcements.isMember(viewer) });
  const volunteering = createVolunteering({ database, env, jobs, mailer, siteSettings, notificationPreferenceRepository, audit, events });
  const surveys = createSurveys({ database, env, mailer, siteSettings, notificationPreferenceRepository, audit, secret, isMember: (viewer) => announcements.isMember(viewer) });
  const account = new AccountService(new AccountRepository(database.db), signInProviders, async () => (await siteSettings.get()).languages);
  const onboarding = new OnboardingService({
    accountType: async (viewer) => (await account.get(viewer)).accountType,
    ownedBusinessIds: (userId) => ownersRepository.ownedBusinessIds(userId),
    businesses: (ids) => businesses.findMany(ids),
    waitingRequests: (viewer) => owners.requestDecisions.waiting(viewer),
    hasChosenNotifications: (userId) => notificationPreferenceRepository.hasChosen(userId),
  });
  const dashboard = new DashboardService({
    ownedBusinessIds: (userId) => ownersRepository.ownedBusinessIds(userId),
    onboarding,
    hasWaitingRequest: async (viewer) => (await owners.requestDecisions.waiting(viewer)).some((r) => r.kind !== "claim" && r.kind !== "new-listing"),
    // Each feature's part of the dashboard, in the page's order. Surveys and volunteering add theirs here.
    contributors: [
      announcementDashboard(announcements),
      meetingDashboard({ next: (id) => nextMeetingsFor(meetings.service, id), unanswered: (id) => unansweredMeetingsFor(meetings.service, id), timeZone: siteTimeZone }),
      volunteerDashboard({ upcoming: (id) => volunteering.service.upcomingOf(id), timeZone: siteTimeZone }),
      surveyDashboard({ unanswered: (viewer) => surveys.service.openUnansweredFor(viewer), timeZone: siteTimeZone }),
      ownersDashboard({ businesses: (ids) => businesses.findMany(ids), waiting: (viewer) => owners.requestDecisions.waiting(viewer) }),
      freshnessDashboard({ unchecked: (ids) => freshListings.freshness.uncheckedOf(ids) }),
    ],
  });
  // What each kind of news puts in the weekly digest (src/server/features/notifications/digest-sources.ts).
  const digestSources: DigestSource[] = [
    announcementDigestSource({ repository: announcementRepository, siteUrl: publicUrl(env), ownsSomeBusiness, textsIn: (announcement, language) => announcements.textsIn(announcement, language) }),
    decidedRequestsDigestSource({ repository: new RequestRepository(database.db), siteUrl: publicUrl(env) }),
    ...meetingDigestSources({ repository: meetings.repository, siteUrl: publicUrl(env), timeZone: siteTimeZone, ownsSomeBusiness }),
  ];
  const weeklyDigest = new WeeklyDigest({
    repository: new WeeklyDigestRepository(database.db),
    sources: digestSources,
    mailer,
    siteUrl: publicUrl(env),
    schedule: () => siteSettings.get(),
    languageOf: (userId) => recipientLanguages.ofUser(userId),
    siteName: async (language) => (await siteSettings.in(language)).associationName,
  });
  const registrations = createRegistrations({ database, env, mailer, onMailError, siteSettings, events, translations, isOwner: (userId, businessId) => ownersRepository.isOwner(businessId, userId) });
  const insights = createInsights({ database, env, siteSettings, owners, notificationPreferenceRepository, mailer, logger });
  const freshListings = createFreshListings({ database, env, siteSettings, owners, notificationPreferenceRepository, mailer, geoRepository: new GeoRepository(database.db) });
  const posts = new PostService(new PostRepository(database.db), { audit, files }, translations);
  const categories = new CategoryService(new CategoryRepository(database.db), audit);
  // Newsletters to subscribers, and their queue (src/server/features/newsletter).
  const newsletters = createNewsletters({
    db: database.db,
    siteUrl: publicUrl(env),
    mailer,
    ratePerMinute: env.NEWSLETTER_RATE_PER_MINUTE,
    files,
    timing: () => siteSettings.get(),
    queueNow: () => jobs.request(NEWSLETTER_QUEUE_JOB),
    logger,
    languages: recipientLanguages,
    sources: {
      site: (language) => siteSettings.in(language),
      upcomingEvents: (now) => events.upcoming({ now }),
      runningOffers: (now) => offers.list({ now }),
      posts: (language) => posts.list({ language }),
      eventsIn: (list, language) => translations.localizeAll("event", list, ["name"], language),
      businesses: (ids) => businesses.findMany(ids),
      businessesInCategory: (categoryId) => businesses.list({ categoryId }),
      event: (id) => events.find(id),
      offer: (id) => offers.find(id),
      categoryNames: async () => new Map((await categories.list()).map((c) => [c.id, c.name])),
    },
  });
  const subscriptions = createSubscriptions({ database, env, siteSettings, mailer, onMailError });
  scheduleJobs(jobs, { uploads: uploadService, importGeocoder, ownerNotifications: owners.ownerNotifications, requestDecisions: owners.requestDecisions, announcementMail, weeklyDigest, meetingMail: meetings.mail, volunteerMail: volunteering.mail, surveyMail: surveys.mail, insightReport: insights.insightReport, insightOverview: insights.insightOverview, mapChanges: new MapChangeRepository(database.db), searchChanges: new SearchChangeRepository(database.db), freshness: freshListings.freshness, namePlaces: database.dialect === "sqlite" ? new NamePlaces(database.db) : undefined, registrationReminders: registrations.reminders, newsletterSender: newsletters.newsletterSender, subscriptions: subscriptions.subscriptions, logger });
  return {
    jobs,
    siteSettings,
    search: new SearchService(
      createSearchRepository(database),
      (viewer, q, limit) => documents.search(viewer, q, limit),
      createStemmer(database),
      searchTranslator({ readMany: (type, ids) => translations.readMany(type, ids), defaultLanguage: async () => (await siteSettings.get()).defaultLanguage }),
    ),
    businesses,
    categories,
    translations,
    tags: new TagService(new TagRepository(database.db), audit),
    events,
    offers,
    ...owners,
    announcements,
    meetings: meetings.service,
    volunteering: volunteering.service,
    surveys: surveys.service,
    documents,
    notificationPreferences: new NotificationPreferenceService(notificationPreferenceRepository),
    posts,
    files,
    uploads: uploadService,
    profilePictures: new ProfilePictureService(new ProfilePictureRepository(database.db), files),
    geo: geoService,
    // Read by the Content-Security-Policy of every response (src/server/app.ts).
    mapOrigins: geo.mapOrigins,
    mapData: new MapDataService(new MapDataRepository(database.db), () => siteSettings.get(), () => database.contentVersion(), () => mapClusters.sourceOnceBuilt()),
    mapClusters,
    account,
    dashboard,
    onboarding,
    audit,
    origins,
    setup: new SetupService(database.db),
    users: new UsersService(new UsersRepository(database.db, database.dialect), audit),
    pages: new PageService(new PageRepository(database.db), audit, translations),
    imports,
    importGeocoder,
    exports: new ExportService(new ExportRepository(database.db)),
    // Submissions of the intake form.
    intake: new IntakeService(new IntakeRepository(database.db)),
    ...insights,
    ...freshListings,
    registrations: registrations.service,
    checkIns: new CheckInService(new CheckInRepository(database.db), { registrations: registrations.service }),
    ...newsletters,
    ...subscriptions,
  };
}

export type AppServices = ReturnType<typeof createServices>;

/** The owners feature: who owns what, their claims and changes waiting for an administrator, and the mail about them. */
function createOwners({
  database,
  env,
  audit,
  files,
  siteSettings,
  siteSettingsRepository,
  listings,
  mailer,
  onMailError,
  runDigestJob,
  ownerChangedListing,
  translations,
}: {
  database: Database;
  env: Env;
  audit: AuditService;
  files: FileService;
  siteSettings: SiteSettingsService;
  siteSettingsRepository: SiteSettingsRepository;
  listings: Listings;
  mailer: Mailer | undefined;
  onMailError: ((error: unknown) => void) | undefined;
  runDigestJob: () => Promise<unknown>;
  ownerChangedListing: (businessId: string) => Promise<void>;
  translations: TranslationService;
}) {
  const ownersRepository = new OwnersRepository(database.db);
  const repository = new RequestRepository(database.db);
  // Moderation settings live in the site settings row, which saving them makes on a site not set up yet.
  const settings = new ModerationSettingsRepository(database.db, () => siteSettingsRepository.save(DEFAULT_SITE_SETTINGS));
  const notifications = new OwnerNotifications({
    repository,
    mailer,
    siteUrl: publicUrl(env),
    siteName: async (language) => (await siteSettings.in(language)).associationName,
    notificationEmail: async () => (await settings.get()).notificationEmail,
    onError: onMailError,
    runDigestJob,
    requestsDecidedDelivery: async (userId) => (await new NotificationPreferenceRepository(database.db).get(userId)).requestsDecided,
    languages: recipientLanguagesOf(database, siteSettings),
  });
  const holds = new UploadHolds(files, (userId) => ownersRepository.ownedBusinessIds(userId));
  // Removing an owner closes what they asked (the decisions' side), so the two refer to each other.
  const owners: OwnershipService = new OwnershipService({
    repository: ownersRepository,
    audit,
    businesses: listings.businesses,
    events: listings.events,
    offers: listings.offers,
    closeRequestsOf: (...args) => requestDecisions.closeRequestsOf(...args),
  });
  const requestDecisions = new RequestDecisionService({ repository, ownership: owners, listings, notifications, holds, transaction: (work) => database.transaction(work), ownerChangedListing, translations, writeVersion: () => database.writeVersion() });
  return {
    /** Who owns which business. */
    owners,
    /** Owners' claims and changes, waiting for an administrator (or applied at once). */
    requests: new ChangeRequestService({ repository, settings, ownership: owners, listings, holds, decisions: requestDecisions, notifications }),
    requestDecisions,
    moderationSettings: new ModerationSettingsService({ repository: settings, audit }),
    /** The digests of new requests the runtime sends periodically. */
    ownerNotifications: notifications,
  };
}

/** Registration for events: the service, its mail, and the reminders and clean-up the jobs run. */
function createRegistrations({
  database,
  env,
  mailer,
  onMailError,
  siteSettings,
  events,
  translations,
  isOwner,
}: {
  database: Database;
  env: Env;
  mailer: Mailer | undefined;
  onMailError: ((error: unknown) => void) | undefined;
  siteSettings: SiteSettingsService;
  events: EventService;
  translations: TranslationService;
  isOwner: (userId: string, businessId: string) => Promise<boolean>;
}) {
  const repository = new RegistrationRepository(database.db, database.dialect);
  const mail = new RegistrationMail({
    mailer,
    siteUrl: publicUrl(env),
    site: siteNameAndZone(siteSettings),
    languages: recipientLanguagesOf(database, siteSettings),
    eventIn: async (event, language) => (await translations.localizeAll("event", [event], ["name", "description"], language))[0]!,
  });
  const findEvent = (id: string) => events.find(id);
  const findOccurrence = (id: string, date: string) => events.findOccurrence(id, date);
  const service = new RegistrationService(repository, { findEvent, findOccurrence, isOwner, transaction: (work) => database.transaction(work), notices: mail, onMailError });
  const reminders = new RegistrationReminders({
    repository,
    mail,
    eventOf: (id, date) => (date ? findOccurrence(id, date) : findEvent(id)),
    settings: () => siteSettings.get(),
    onError: onMailError,
  });
  return { service, reminders };
}

/** Insights: the in-memory hit counter (the runtime starts its timer), the owners' reading and the monthly report. */
function createInsights({
  database,
  env,
  siteSettings,
  owners,
  notificationPreferenceRepository,
  mailer,
  logger,
}: {
  database: Database;
  env: Env;
  siteSettings: SiteSettingsService;
  owners: { owners: OwnershipService };
  notificationPreferenceRepository: NotificationPreferenceRepository;
  mailer: Mailer | undefined;
  logger: Logger | undefined;
}) {
  const totals = new InsightTotalsRepository(database.db, database.dialect);
  const repository = new InsightRepository(database.db, totals);
  const timeZone = async () => (await siteSettings.get()).timeZone;
  const insightCounter = new InsightCounter({ repository, timeZone, onError: (err) => logger?.warn({ err }, "insight counts not written yet") });
  const insights = new InsightService({
    repository,
    counter: insightCounter,
    requireOwnerOrAdmin: (user, businessId) => owners.owners.requireOwnerOrAdmin(user, businessId),
    businessExists: async (businessId) => !!(await database.db.selectFrom("business").select("id").where("id", "=", businessId).executeTakeFirst()),
    timeZone,
  });
  const insightReport = new InsightReport({
    repository,
    figures: (businessId, from, to) => insights.figures(businessId, from, to),
    mailer,
    siteUrl: publicUrl(env),
    siteName: async (language) => (await siteSettings.in(language)).associationName,
    timeZone,
    deliveryOf: async (userId, kind) => (await notificationPreferenceRepository.get(userId))[kind],
    stopFor: (userId) => notificationPreferenceRepository.set(userId, { insights: "off" }),
    languageOf: (userId) => recipientLanguagesOf(database, siteSettings).ofUser(userId),
  });
  const insightOverview = new InsightOverviewService({ repository: new InsightOverviewRepository(database.db), totals, timeZone });
  return { insights, insightCounter, insightReport, insightOverview };
}

/** Listings that stay current: owners' reminders and confirmations, stale listings, and visitors' suggestions. */
function createFreshListings({
  database,
  env,
  siteSettings,
  owners,
  notificationPreferenceRepository,
  mailer,
  geoRepository,
}: {
  database: Database;
  env: Env;
  siteSettings: SiteSettingsService;
  owners: { owners: OwnershipService; requests: ChangeRequestService };
  notificationPreferenceRepository: NotificationPreferenceRepository;
  mailer: Mailer | undefined;
  geoRepository: GeoRepository;
}) {
  const suggestions = new SuggestionService({
    repository: new SuggestionRepository(database.db),
    businessExists: async (businessId) => !!(await database.db.selectFrom("business").select("id").where("id", "=", businessId).executeTakeFirst()),
    isOwner: (userId, businessId) => owners.owners.isOwner(userId, businessId),
    // The geo limits' counters: one window per client, shared by every instance.
    hit: (key, windowMs) => geoRepository.hit(key, windowMs),
    timeZone: async () => (await siteSettings.get()).timeZone,
    applyToListing: (admin, businessId, field, value) => owners.requests.correctField(admin, businessId, field, value),
  });
  const freshness = new FreshnessService({
    repository: new FreshnessRepository(database.db),
    mailer,
    siteUrl: publicUrl(env),
    settings: (language) => siteSettings.in(language),
    deliveryOf: async (userId, kind) => (await notificationPreferenceRepository.get(userId))[kind],
    closedFlags: () => suggestions.closedFlags(),
    languageOf: (userId) => recipientLanguagesOf(database, siteSettings).ofUser(userId),
  });
  return { suggestions, freshness };
}

/** Newsletter subscribers (docs/decisions/0033): the visitors' side, the administrators' side, and the signed links. */
function createSubscriptions({ database, env, siteSettings, mailer, onMailError }: { database: Database; env: Env; siteSettings: SiteSettingsService; mailer: Mailer | undefined; onMailError: ((error: unknown) => void) | undefined }) {
  const repository = new SubscriberRepository(database.db);
  const subscriptionLinks = new SubscriptionLinks(publicUrl(env), repository);
  // The site's fixed-window counters (the same as the route planner's per-client limit).
  const counters = new GeoRepository(database.db);
  const subscriptions = new SubscriptionService({
    repository,
    links: subscriptionLinks,
    mailer,
    onMailError,
    sender: async (language) => {
      const settings = await siteSettings.in(language);
      return { name: settings.associationName, mailingAddress: settings.mailingAddress };
    },
    hit: (key, windowMs) => counters.hit(key, windowMs),
    languages: recipientLanguagesOf(database, siteSettings),
  });
  return { subscriptions, subscribers: new SubscriberAdminService(repository), subscriberImports: new SubscriberImportService(repository), subscriberRepository: repository, subscriptionLinks };
}
