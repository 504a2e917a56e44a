import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { HEADING_PAGES } from "./lib/heading-pages.ts";

/**
 * The pages every language has, at the same paths below the language's prefix (English has none and keeps the
 * routes' ids as they were). Keep src/shared/i18n/languages.ts (`isLocalizedPath`) in step with this list.
 */
function publicPages(language?: "fr"): RouteConfigEntry[] {
  const at = (path: string, file: string, id?: string) =>
    language ? route(path, file, { id: `${language}/${id ?? file.replace(/\.tsx$/, "")}` }) : id ? route(path, file, { id }) : route(path, file);
  return [
    language ? index("routes/home.tsx", { id: `${language}/routes/home` }) : index("routes/home.tsx"),
    at("map", "routes/map.tsx"),
    at("events", "routes/events.tsx"),
    at("events/:eventId", "routes/event.tsx"),
    // One date of a recurring event.
    at("events/:eventId/:date", "routes/event.tsx", "event-occurrence"),
    at("offers", "routes/offers.tsx"),
    at("offers/:offerId", "routes/offer.tsx"),
    at("contact", "routes/contact.tsx"),
    at("news", "routes/news.tsx"),
    at("news/:postId", "routes/post.tsx"),
    at("business/:businessId?", "routes/business.tsx"),
    at("tag/:tagSlug?", "routes/tag.tsx"),
    at("category/:categorySlug?", "routes/category.tsx"),
    // The library's public documents.
    at("resources", "routes/resources.tsx"),
    at("pages/:slug", "routes/page.tsx"),
    ...Object.keys(HEADING_PAGES).map((path) => at(path.slice(1), "routes/heading-page.tsx", `heading${path.replaceAll("/", "-")}`)),
    at("search", "routes/search.tsx"),
    at("subscribe", "routes/subscribe.tsx"),
    at("subscribe/confirm", "routes/subscribe-confirm.tsx"),
    at("subscribe/preferences", "routes/subscribe-preferences.tsx"),
  ];
}

// Three groups, each with its own error boundary in the site's look (routes/groups/).
export default [
  layout("routes/groups/public-pages.tsx", [
    ...publicPages(),
    // /myqsa/... is the members' area: the spec keeps the original association's addresses ("my" + its initials)
    // for the pages of members (owners of member businesses and administrators), and other clients link to them.
    route("myqsa/intake", "routes/intake.tsx"),
    route("myqsa/announcements", "routes/member-announcements.tsx"),
    route("myqsa/announcements/:announcementId", "routes/member-announcement.tsx"),
    route("myqsa/meetings", "routes/member-meetings.tsx"),
    route("myqsa/meetings/:meetingId", "routes/member-meeting.tsx"),
    // Volunteering: the open opportunities for everyone, each with its shifts, and a person's own shifts.
    route("volunteer", "routes/volunteer.tsx"),
    route("volunteer/:opportunityId", "routes/volunteer-opportunity.tsx"),
    route("myqsa/volunteer", "routes/member-volunteer.tsx"),
    route("myqsa/surveys", "routes/member-surveys.tsx"),
    route("myqsa/surveys/:surveyId", "routes/member-survey.tsx"),
    // The library: members' documents (the public ones are among the public pages, /resources).
    route("myqsa/research", "routes/member-research.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("insights/stop/:token", "routes/insights-stop.tsx"),
    route("listings/confirm/:token", "routes/listing-confirm.tsx"),
    route("registrations/:registrationId/cancel", "routes/registration-cancel.tsx"),
    route("events/:eventId/registrations", "routes/event-registrations.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The public pages in French, each route with an id of its own: a prefix of its own, never an optional `:lang?`
  // segment, which would take any first segment for a language (src/shared/i18n/languages.ts).
  route("fr", "routes/groups/public-pages.tsx", { id: "fr/public-pages" }, [...publicPages("fr"), route("*", "routes/not-found.tsx", { id: "fr/routes/not-found" })]),
  layout("routes/groups/account-pages.tsx", [
    route("login", "routes/login.tsx"),
    route("signup", "routes/signup.tsx"),
    route("login/continue", "routes/login-continue.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("mybusiness", "routes/my-business.tsx"),
    route("myqsa/dashboard", "routes/member-dashboard.tsx"),
    route("myqsa/profile-setup", "routes/profile-setup.tsx"),
    route("myaccount", "routes/my-account.tsx"),
    route("setup", "routes/setup.tsx"),
    // An event's door, for its organizers (a static segment: ranked before the public "events/:eventId/:date").
    route("events/:eventId/check-in", "routes/event-check-in.tsx"),
  ]),
  layout("routes/groups/admin-pages.tsx", [
    route("admin", "routes/admin.tsx", [
      index("routes/admin-index.tsx"),
      route("requests", "routes/admin-requests.tsx"),
      route("listings", "routes/admin-listings.tsx"),
      route("intake", "routes/admin-intake.tsx"),
      route("insights", "routes/admin-insights.tsx"),
      route("site-settings", "routes/admin-site-settings.tsx"),
      route("newsletters", "routes/admin-newsletters.tsx"),
      route("subscribers", "routes/admin-subscribers.tsx"),
      route(":tab", "routes/admin-tab.tsx"),
    ]),
    route("add-marker", "routes/add-marker.tsx"),
    route("add-category", "routes/add-category.tsx"),
  ]),
] satisfies RouteConfig;
