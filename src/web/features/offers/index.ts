// The offers feature's public face: offer cards and JSON-LD.
export { toOfferCard, type OfferCardData } from "./offer-card-data.ts";
export { OfferCard } from "./offer-card.tsx";
export { offerLd } from "./offer-json-ld.ts";
