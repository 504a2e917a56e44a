// Listings that stay current: owners' confirmations and reminders, stale listings, and visitors' suggestions. What other code may use of this feature.
export { FRESHNESS_JOB, FreshnessService, type UncheckedListing } from "./freshness.service.ts";
export { freshnessDashboard } from "./freshness.dashboard.ts";
export { FreshnessRepository } from "./freshness.repository.ts";
export { registerListingRoutes } from "./listings.routes.ts";
export { SuggestionRepository } from "./suggestion.repository.ts";
export { SuggestionService } from "./suggestion.service.ts";
