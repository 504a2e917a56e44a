// The offers feature's public face: offer cards and JSON-LD.
export { toOfferCard, type OfferCardData } from "./offer-card-data.ts";
export { OfferCard } from "./offer-card.tsx";
export { offerJsonLd, offerLd, type OfferJsonLdInput, type OfferSeller } from "./offer-json-ld.ts";
