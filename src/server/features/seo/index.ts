// Feeds, calendars, sitemap, robots.txt and security.txt: what other code may use of this feature.
export { createSeoRoutes } from "./seo.routes.ts";
export { eventUid, newCalendar } from "./calendar.ts";
