// Categories of businesses: what other code may use of this feature.
export { CategoryRepository } from "./category.repository.ts";
export { CategoryService } from "./category.service.ts";
export { createPlainCategoryRoutes, registerCategoryRoutes } from "./category.routes.ts";
