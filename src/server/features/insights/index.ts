// Insights: what visitors' pages bring each business, counted privately, and the owners' reading of it. What other code may use of this feature.
export { InsightCounter } from "./insight-counter.ts";
export { InsightRepository } from "./insight.repository.ts";
export { InsightService } from "./insight.service.ts";
export { InsightReport, INSIGHT_REPORT_JOB } from "./insight-report.ts";
export { HITS_PATH, registerInsightRoutes } from "./insight.routes.ts";
export { InsightOverviewRepository } from "./insight-overview.repository.ts";
export { InsightOverviewService, INSIGHT_TOTALS_JOB } from "./insight-overview.service.ts";
export { InsightTotalsRepository } from "./insight-totals.repository.ts";
export { registerInsightOverviewRoutes } from "./insight-overview.routes.ts";
export { hitsListener } from "./insight-hits.listener.ts";
