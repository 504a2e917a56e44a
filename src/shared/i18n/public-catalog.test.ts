// The public pages' catalogs: English says word for word what the spec's texts in messages.ts say, and French has
// every key English has (plural forms by i18next's suffixes).
import { describe, expect, it } from "vitest";
import { messages } from "../messages.ts";
import { listingMessages, SUGGESTION_KIND_LABELS, SUGGESTION_VALUE_LABELS } from "../schemas/listings.ts";
import { registrationMessages } from "../schemas/registration.ts";
import enHours from "./locales/en/hours.json" with { type: "json" };
import frHours from "./locales/fr/hours.json" with { type: "json" };
import enPublic from "./locales/en/public.json" with { type: "json" };
import frPublic from "./locales/fr/public.json" with { type: "json" };

const keys = (tree: object, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === "object" && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
const plain = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

describe("the public pages' catalogs", () => {
  it("have the same keys in English and French", () => {
    expect(new Set(keys(frPublic).map(plain))).toEqual(new Set(keys(enPublic).map(plain)));
    expect(new Set(keys(frHours).map(plain))).toEqual(new Set(keys(enHours).map(plain)));
  });

  it("say in English what the spec's messages say", () => {
    const { map, home, events, business, offers, search } = enPublic;
    for (const key of ["loading", "failedBusinesses", "failedCategories", "failedTags", "searchPlaceholder", "allLocations", "taggedLocations", "noMatches", "noBusinesses", "noTags", "clearTags", "getDirections"] as const) {
      expect(map[key]).toBe(messages.map[key]);
    }
    expect(map.directionsMissing).toEqual(messages.map.directionsMissing);
    expect(map.categoryLocations.replace("{{category}}", "Cafés")).toBe(messages.map.categoryLocations("Cafés"));
    expect(map.directionsFailed.replace("{{status}}", "X")).toBe(messages.map.directionsFailed("X"));
    expect(enPublic.directions.failed.replace("{{status}}", "X")).toBe(messages.directions.failed("X"));
    for (const key of ["noBusinessLocation", "noCurrentLocation", "permissionDenied", "unavailable", "timeout", "unknown", "unsupported"] as const) {
      expect(enPublic.directions[key]).toBe(messages.directions[key]);
    }
    for (const key of ["loadingPosts", "loadingEvents", "noPosts", "noUpcomingEvents", "failedPosts", "failedEvents", "failedOffers", "failedMarkers"] as const) {
      expect(home[key]).toBe(messages.home[key]);
    }
    expect([events.noUpcoming, events.noPast, events.failedEvents, events.failedMarkers]).toEqual([messages.events.noUpcoming, messages.events.noPast, messages.events.failedEvents, messages.events.failedMarkers]);
    expect([business.noId, business.notFound, business.tryAgainLater]).toEqual([messages.business.noId, messages.business.notFound, messages.tryAgainLater]);
    expect(business.failed.replace("{{message}}", "M")).toBe(messages.business.failed("M"));
    expect([offers.heading, offers.empty, offers.failed]).toEqual([messages.offers.heading, messages.offers.empty, messages.offers.failed]);
    expect(search.groupHeadings).toEqual(messages.search.groupHeadings);
    expect(search.noResults.replace("{{query}}", "q")).toBe(messages.search.noResults("q"));
    expect(search.resultsFor.replace("{{query}}", "q")).toBe(messages.search.resultsFor("q"));
    expect(enPublic.list.failed.replace("{{name}}", "Vegan").replace("{{message}}", messages.tryAgainLater)).toBe(messages.tagPage.failed("Vegan", messages.tryAgainLater));
    expect(enPublic.list.notFound.Tag.replace("{{name}}", "Vegan")).toBe(messages.tagPage.tagNotFound("Vegan"));
    expect(enPublic.list.notFound.Category.replace("{{name}}", "Food")).toBe(messages.tagPage.categoryNotFound("Food"));
    expect([enPublic.list.noSlug.Tag, enPublic.list.noSlug.Category]).toEqual([messages.tagPage.noTag, messages.tagPage.noCategory]);
    expect([enPublic.cmsPage.signInToView, enPublic.cmsPage.notAllowed, enPublic.cmsPage.notFound]).toEqual([messages.pages.signInToView, messages.pages.notAllowed, messages.notFound]);
    expect(enPublic.suggest.kind).toEqual(SUGGESTION_KIND_LABELS);
    expect(enPublic.suggest.valueLabel).toEqual(SUGGESTION_VALUE_LABELS);
    const { tooLong, ...fixed } = listingMessages;
    for (const [key, text] of Object.entries(fixed)) if (key in enPublic.suggest.errors) expect(enPublic.suggest.errors[key as keyof typeof enPublic.suggest.errors]).toBe(text);
    expect(enPublic.suggest.errors.tooLong.replace("{{max}}", "500")).toBe(tooLong(500));
    expect([enPublic.registration.full, enPublic.registration.closed]).toEqual([registrationMessages.full, registrationMessages.closed]);
    expect([enPublic.registration.placesLeft_one.replace("{{count}}", "1"), enPublic.registration.placesLeft_other.replace("{{count}}", "4")]).toEqual([registrationMessages.placesLeft(1), registrationMessages.placesLeft(4)]);
  });
});
