// Content pages: what other code may use of this feature.
export { contentText, sanitizeHtml, type SanitizeOptions } from "./page-content.ts";
export { PageRepository } from "./page.repository.ts";
export { PageService } from "./page.service.ts";
export { registerPageRoutes } from "./page.routes.ts";
