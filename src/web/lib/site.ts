// The association's settings as the root route loaded them, for components deep in a page, and as a page's loader
// reads them in the page's language.
import { useRouteLoaderData } from "react-router";
import { languageSettingsOf, pageLanguage, type Language } from "#shared/i18n/index.ts";
import type { LocalizedSiteSettings, SiteSettings } from "#shared/schemas/site-settings.ts";

/** The association's time zone (an IANA name): every date and time is entered and shown in it. */
export function useSiteTimeZone(): string {
  return useRouteLoaderData<{ site: SiteSettings }>("root")?.site.timeZone ?? "America/Toronto";
}

interface SiteSettingsReader {
  get(): Promise<SiteSettings>;
  localized(language: Language): Promise<LocalizedSiteSettings>;
}

/** A public page's settings in its address's language: the association's name and tagline translated where they are. */
export async function localizedSite(services: { siteSettings: SiteSettingsReader }, request: Request): Promise<LocalizedSiteSettings> {
  const language = pageLanguage(new URL(request.url).pathname, languageSettingsOf(await services.siteSettings.get()));
  return services.siteSettings.localized(language);
}
