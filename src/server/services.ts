// Builds the services both faces of the server (pages and API) call.
import type { Database } from "./db/database.ts";
import { FileService } from "./storage/file.service.ts";
import type { ObjectStore } from "./storage/storage.ts";
import { SiteSettingsRepository } from "./features/site-settings/site-settings.repository.ts";
import { SiteSettingsService } from "./features/site-settings/site-settings.service.ts";

export function createServices({ database, store }: { database: Database; store: ObjectStore }) {
  return {
    siteSettings: new SiteSettingsService(new SiteSettingsRepository(database.db)),
    files: new FileService(database.db, store),
  };
}

export type AppServices = ReturnType<typeof createServices>;
