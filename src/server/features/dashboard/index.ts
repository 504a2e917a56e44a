// The member's dashboard and a business sign-up's onboarding: what other code may use of this feature.
export type { DashboardContribution, DashboardContributor, DashboardViewer } from "./dashboard-contributor.ts";
export { NOTHING } from "./dashboard-contributor.ts";
export { DashboardService } from "./dashboard.service.ts";
export { list as listOfWords, listingGaps, OnboardingService } from "./onboarding.service.ts";
export { registerDashboardRoutes } from "./dashboard.routes.ts";
