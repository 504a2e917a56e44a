// The JSON API under /api/v1 with every feature's routes: registered here, above the features, so that api/ (which
// the routes use for guards and shared schemas) never imports a feature.
import { newApi, serveApiDocument } from "./api/api.ts";
import { registerAccountRoutes } from "./features/account/index.ts";
import { registerAnnouncementRoutes } from "./features/announcement/index.ts";
import { registerAuditRoutes } from "./features/audit/index.ts";
import { registerBusinessRoutes } from "./features/business/index.ts";
import { registerCategoryRoutes } from "./features/category/index.ts";
import { registerDashboardRoutes } from "./features/dashboard/index.ts";
import { registerDocumentRoutes } from "./features/document/index.ts";
import { registerEventRoutes } from "./features/event/index.ts";
import { registerGeoRoutes } from "./features/geo/index.ts";
import { registerExportRoutes, registerImportRoutes } from "./features/import/index.ts";
import { registerInsightOverviewRoutes, registerInsightRoutes } from "./features/insights/index.ts";
import { registerIntakeRoutes } from "./features/intake/index.ts";
import { registerMeetingRoutes } from "./features/meeting/index.ts";
import { registerMeRoutes } from "./features/me/index.ts";
import { registerNotificationPreferenceRoutes } from "./features/notifications/index.ts";
import { registerOfferRoutes } from "./features/offer/index.ts";
import { registerOwnersRoutes } from "./features/owners/index.ts";
import { registerPageRoutes } from "./features/page/index.ts";
import { registerPostRoutes } from "./features/post/index.ts";
import { registerSearchRoutes } from "./features/search/index.ts";
import { registerSiteSettingsRoutes } from "./features/site-settings/index.ts";
import { registerTagRoutes } from "./features/tag/index.ts";
import { registerUploadsRoutes } from "./features/uploads/index.ts";
import { registerUsersRoutes } from "./features/users/index.ts";

export function createApi() {
  const api = newApi();
  registerSiteSettingsRoutes(api);
  registerSearchRoutes(api);
  registerMeRoutes(api);
  registerNotificationPreferenceRoutes(api);
  registerDashboardRoutes(api);
  registerAccountRoutes(api);
  registerUploadsRoutes(api);
  registerOwnersRoutes(api);
  registerBusinessRoutes(api);
  registerCategoryRoutes(api);
  registerTagRoutes(api);
  registerEventRoutes(api);
  registerOfferRoutes(api);
  registerPostRoutes(api);
  registerAnnouncementRoutes(api);
  registerMeetingRoutes(api);
  registerDocumentRoutes(api);
  registerGeoRoutes(api);
  registerAuditRoutes(api);
  registerUsersRoutes(api);
  registerPageRoutes(api);
  registerImportRoutes(api);
  registerExportRoutes(api);
  registerIntakeRoutes(api);
  registerInsightRoutes(api);
  registerInsightOverviewRoutes(api);
  serveApiDocument(api);
  return api;
}
