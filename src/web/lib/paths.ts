// Every route and link the site uses, in one place.
export const paths = {
  home: "/",
  map: "/map",
  news: "/news",
  events: "/events",
  deals: "/deals",
  history: "/history",
  offers: "/offers",
  contact: "/contact",
  /** The library's public documents. */
  resources: "/resources",
  login: "/login",
  signup: "/signup",
  loginContinue: "/login/continue",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  admin: "/admin",
  myAccount: "/myaccount",
  myBusiness: "/mybusiness",
  addMarker: "/add-marker",
  addCategory: "/add-category",
  /** An event's page; a date of a series has its own. */
  event: (id: string, date?: string | null) => `/events/${encodeURIComponent(id)}${date ? `/${date}` : ""}`,
  /** The door's page of an event (of one date of a series, with `date`): organizers check people in there. */
  eventCheckIn: (id: string, date?: string | null) => `/events/${encodeURIComponent(id)}/check-in${date ? `?date=${date}` : ""}`,
  eventCalendar: (id: string) => `/events/${encodeURIComponent(id)}.ics`,
  post: (id: string) => `/news/${encodeURIComponent(id)}`,
  offer: (id: string) => `/offers/${encodeURIComponent(id)}`,
  business: (id: string) => `/business/${encodeURIComponent(id)}`,
  tag: (slug: string) => `/tag/${encodeURIComponent(slug)}`,
  category: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  page: (slug: string) => `/pages/${encodeURIComponent(slug)}`,
  adminTab: (tab: string) => `/admin/${encodeURIComponent(tab)}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  member: {
    dashboard: "/myqsa/dashboard",
    profileSetup: "/myqsa/profile-setup",
    announcements: "/myqsa/announcements",
    announcement: (id: string) => `/myqsa/announcements/${encodeURIComponent(id)}`,
    volunteer: "/myqsa/volunteer",
    surveys: "/myqsa/surveys",
    survey: (id: string) => `/myqsa/surveys/${encodeURIComponent(id)}`,
    meetings: "/myqsa/meetings",
    meeting: (id: string) => `/myqsa/meetings/${encodeURIComponent(id)}`,
    research: "/myqsa/research",
    intake: "/myqsa/intake",
  },
} as const;

/** Where a user lands after signing in, by role (spec section 4). */
export function homeForRole(role: string | null | undefined): string {
  if (role === "admin") return paths.admin;
  if (role === "business") return paths.myBusiness;
  return paths.myAccount;
}
