// Offers of businesses: what other code may use of this feature.
export { OfferRepository, type StoredOffer } from "./offer.repository.ts";
export { OfferService } from "./offer.service.ts";
export { registerOfferRoutes } from "./offer.routes.ts";
