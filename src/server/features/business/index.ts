// Businesses (listings): what other code may use of this feature.
export { BusinessRepository, type BusinessColumn } from "./business.repository.ts";
export { NamePlaces, NAME_PLACES_JOB } from "./name-places.ts";
export { BusinessService } from "./business.service.ts";
export { registerBusinessRoutes } from "./business.routes.ts";
