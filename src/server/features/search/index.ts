// Site search: what other code may use of this feature.
export { createSearchRepository } from "./search.repository.ts";
export { SearchChangeRepository } from "./search-change.repository.ts";
export { SearchService } from "./search.service.ts";
export { createStemmer } from "./search-stems.ts";
export { searchTranslator } from "./search-translations.ts";
export { registerSearchRoutes } from "./search.routes.ts";
