// The association's settings as the root route loaded them, for components deep in a page.
import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "#shared/schemas/site-settings.ts";

/** The association's time zone (an IANA name): every date and time is entered and shown in it. */
export function useSiteTimeZone(): string {
  return useRouteLoaderData<{ site: SiteSettings }>("root")?.site.timeZone ?? "America/Toronto";
}
