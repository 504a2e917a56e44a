// Who is signed in: what other code may use of this feature.
export { registerMeRoutes } from "./me.routes.ts";
