import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { HEADING_PAGES } from "./lib/heading-pages.ts";

// Three groups, each with its own error boundary in the site's look (routes/groups/).
export default [
  layout("routes/groups/public-pages.tsx", [
    index("routes/home.tsx"),
    route("map", "routes/map.tsx"),
    route("events", "routes/events.tsx"),
    route("events/:eventId", "routes/event.tsx"),
    // One date of a recurring event.
    route("events/:eventId/:date", "routes/event.tsx", { id: "event-occurrence" }),
    route("offers", "routes/offers.tsx"),
    route("offers/:offerId", "routes/offer.tsx"),
    route("contact", "routes/contact.tsx"),
    route("news", "routes/news.tsx"),
    route("news/:postId", "routes/post.tsx"),
    route("business/:businessId?", "routes/business.tsx"),
    route("tag/:tagSlug?", "routes/tag.tsx"),
    route("category/:categorySlug?", "routes/category.tsx"),
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
    // The library: members' documents, and the public ones for everyone.
    route("myqsa/research", "routes/member-research.tsx"),
    route("resources", "routes/resources.tsx"),
    route("pages/:slug", "routes/page.tsx"),
    ...Object.keys(HEADING_PAGES).map((path) =>
      route(path.slice(1), "routes/heading-page.tsx", { id: `heading${path.replaceAll("/", "-")}` }),
    ),
    route("search", "routes/search.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("insights/stop/:token", "routes/insights-stop.tsx"),
    route("listings/confirm/:token", "routes/listing-confirm.tsx"),
    route("registrations/:registrationId/cancel", "routes/registration-cancel.tsx"),
    route("events/:eventId/registrations", "routes/event-registrations.tsx"),
    route("subscribe", "routes/subscribe.tsx"),
    route("subscribe/confirm", "routes/subscribe-confirm.tsx"),
    route("subscribe/preferences", "routes/subscribe-preferences.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
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
