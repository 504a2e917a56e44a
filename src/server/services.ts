// Builds the services both faces of the server (pages and API) call.
import type { Database } from "./db/database.ts";
import { FileService } from "./storage/file.service.ts";
import type { ObjectStore } from "./storage/storage.ts";
import { UploadService, type UploadServiceOptions } from "./features/uploads/uploads.service.ts";
import { ProfilePictureRepository } from "./features/uploads/profile-picture.repository.ts";
import { ProfilePictureService } from "./features/uploads/profile-picture.service.ts";
import type { Env } from "./env.ts";
import { createOriginPolicy, originSettingsFromEnv, type OriginPolicy } from "./origins.ts";
import { geoSetupFromEnv, type GeoSetup } from "./geo/geo-config.ts";
import { GeoRepository } from "./features/geo/geo.repository.ts";
import { GeoService } from "./features/geo/geo.service.ts";
import { MapDataRepository } from "./features/geo/map-data.repository.ts";
import { MapDataService } from "./features/geo/map-data.service.ts";
import { SiteSettingsRepository } from "./features/site-settings/site-settings.repository.ts";
import { SiteSettingsService } from "./features/site-settings/site-settings.service.ts";
import { createSearchRepository } from "./features/search/search.repository.ts";
import { SearchService } from "./features/search/search.service.ts";
import { BusinessRepository } from "./features/business/business.repository.ts";
import { BusinessService } from "./features/business/business.service.ts";
import { CategoryRepository } from "./features/category/category.repository.ts";
import { CategoryService } from "./features/category/category.service.ts";
import { TagRepository } from "./features/tag/tag.repository.ts";
import { TagService } from "./features/tag/tag.service.ts";
import { EventRepository } from "./features/event/event.repository.ts";
import { EventService } from "./features/event/event.service.ts";
import { OfferRepository } from "./features/offer/offer.repository.ts";
import { OfferService } from "./features/offer/offer.service.ts";
import { PostRepository } from "./features/post/post.repository.ts";
import { PostService } from "./features/post/post.service.ts";
import { AccountRepository } from "./features/account/account.repository.ts";
import { AccountService } from "./features/account/account.service.ts";
import { listSignInProviders, signInProvidersFromEnv, type SignInProvider } from "./auth/providers.ts";
import { AuditRepository } from "./features/audit/audit.repository.ts";
import { AuditService } from "./features/audit/audit.service.ts";
import { SetupService } from "./features/setup/setup.service.ts";
import { UsersRepository } from "./features/users/users.repository.ts";
import { UsersService } from "./features/users/users.service.ts";
import { PageRepository } from "./features/page/page.repository.ts";
import { PageService } from "./features/page/page.service.ts";
import { ImportRepository } from "./features/import/import.repository.ts";
import { ImportService } from "./features/import/import.service.ts";
import { ImportGeocoder } from "./features/import/import-geocoder.ts";
import { ExportRepository } from "./features/import/export.repository.ts";
import { ExportService } from "./features/import/export.service.ts";
import type { Mailer } from "./mail/mailer.ts";
import { publicUrl } from "./env.ts";
import { RequestRepository } from "./features/owners/requests.repository.ts";
import { RequestService } from "./features/owners/requests.service.ts";
import { RequestMail } from "./features/owners/request-mail.ts";
import { ModerationSettingsRepository } from "./features/owners/moderation-settings.repository.ts";
import { IntakeRepository } from "./features/intake/intake.repository.ts";
import { IntakeService } from "./features/intake/intake.service.ts";

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
  uploads?: { quotaBytes?: number; datastore?: UploadServiceOptions["datastore"]; logger?: UploadServiceOptions["logger"] };
}) {
  const requestRepository = new RequestRepository(database.db);
  const files = new FileService(database.db, store, {
    quotaBytes: uploads?.quotaBytes,
    ownsBusiness: (userId, businessId) => requestRepository.isOwner(businessId, userId),
  });
  // Every service that changes content records its changes here (the admin's "Recent changes").
  const audit = new AuditService(new AuditRepository(database.db));
  const geoService = new GeoService({ repository: new GeoRepository(database.db), ...geo });
  // Started by the runtime (and by tests that want it): rows waiting for coordinates are looked up in the background.
  const importGeocoder = new ImportGeocoder(new ImportRepository(database.db), geoService, (err) => uploads?.logger?.warn({ err }, "import geocoding failed"));
  const siteSettings = new SiteSettingsService(new SiteSettingsRepository(database.db), { audit, files });
  const imports = new ImportService(new ImportRepository(database.db), { timeZone: async () => (await siteSettings.get()).timeZone });
  imports.setGeocodeQueue(importGeocoder);
  const businesses = new BusinessService(new BusinessRepository(database.db), files, audit, () => siteSettings.get());
  const events = new EventService(new EventRepository(database.db), { siteSettings }, { audit, files, businesses: new BusinessRepository(database.db) });
  const offers = new OfferService(new OfferRepository(database.db), { siteSettings }, { audit, businesses: new BusinessRepository(database.db) });
  const moderation = new ModerationSettingsRepository(database.db);
  const requests = new RequestService({
    repository: requestRepository,
    settings: moderation,
    mail: new RequestMail(requestRepository, {
      mailer,
      siteUrl: publicUrl(env),
      siteName: async () => (await siteSettings.get()).associationName,
      notificationEmail: async () => (await moderation.get()).notificationEmail,
      onError: onMailError,
    }),
    audit,
    files,
    businesses,
    businessRepository: new BusinessRepository(database.db),
    events,
    eventRepository: new EventRepository(database.db),
    offers,
    offerRepository: new OfferRepository(database.db),
  });
  return {
    siteSettings,
    search: new SearchService(createSearchRepository(database)),
    businesses,
    categories: new CategoryService(new CategoryRepository(database.db), audit),
    tags: new TagService(new TagRepository(database.db), audit),
    // Events and offers only need to know which businesses exist and what they are called.
    events,
    offers,
    // Owners' claims and changes, waiting for an administrator.
    requests,
    posts: new PostService(new PostRepository(database.db), { audit, files }),
    files,
    uploads: new UploadService({ files, datastore: uploads?.datastore, logger: uploads?.logger }),
    profilePictures: new ProfilePictureService(new ProfilePictureRepository(database.db), files),
    geo: geoService,
    // Read by the Content-Security-Policy of every response (src/server/app.ts).
    mapOrigins: geo.mapOrigins,
    mapData: new MapDataService(new MapDataRepository(database.db), () => siteSettings.get(), () => database.contentVersion()),
    account: new AccountService(new AccountRepository(database.db), signInProviders),
    audit,
    origins,
    setup: new SetupService(database.db),
    users: new UsersService(new UsersRepository(database.db, database.dialect), audit),
    pages: new PageService(new PageRepository(database.db), audit),
    imports,
    importGeocoder,
    exports: new ExportService(new ExportRepository(database.db)),
    // Submissions of the intake form.
    intake: new IntakeService(new IntakeRepository(database.db)),
  };
}

export type AppServices = ReturnType<typeof createServices>;
