import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { HEADING_PAGES } from "./lib/heading-pages.ts";


export default [
  index("routes/home.tsx"),
  route("map", "routes/map.tsx"),
  route("events", "routes/events.tsx"),
  route("offers", "routes/offers.tsx"),
  route("contact", "routes/contact.tsx"),
  route("business/:markerId", "routes/business.tsx"),
  route("tag/:tagSlug", "routes/tag.tsx"),
  route("category/:categorySlug", "routes/category.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("admin", "routes/admin.tsx"),
  route("myaccount", "routes/my-account.tsx"),
  route("add-marker", "routes/add-marker.tsx"),
  route("add-category", "routes/add-category.tsx"),
  route("myqsa/intake", "routes/intake.tsx"),
  ...Object.keys(HEADING_PAGES).map((path) =>
    route(path.slice(1), "routes/heading-page.tsx", { id: `heading${path.replaceAll("/", "-")}` }),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
