// The association's site settings: what other code may use of this feature.
export { DEFAULT_SITE_SETTINGS, SiteSettingsRepository } from "./site-settings.repository.ts";
export { SiteSettingsService } from "./site-settings.service.ts";
export { registerSiteSettingsRoutes } from "./site-settings.routes.ts";
