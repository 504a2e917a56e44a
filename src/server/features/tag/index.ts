// Tags of businesses: what other code may use of this feature.
export { TagRepository } from "./tag.repository.ts";
export { TagService } from "./tag.service.ts";
export { registerTagRoutes } from "./tag.routes.ts";
