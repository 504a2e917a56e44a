// What the owners feature asks of the businesses, events and offers its requests change; services.ts passes them in.
import type { BusinessService } from "#server/features/business/index.ts";
import type { EventService } from "#server/features/event/index.ts";
import type { OfferService } from "#server/features/offer/index.ts";

export interface Listings {
  businesses: Pick<BusinessService, "get" | "find" | "findMany" | "stored" | "create" | "update" | "checkReferences" | "checkHours" | "withTranslationsAll" | "checkTranslations">;
  events: Pick<EventService, "atBusinesses" | "stored" | "create" | "update" | "delete" | "checkRule" | "withTranslationsAll" | "checkTranslations">;
  offers: Pick<OfferService, "atBusinesses" | "stored" | "create" | "update" | "delete" | "withTranslationsAll" | "checkTranslations">;
}
